/**
 * The convert sheet (decision 030 section 3), open while the address has `convert=1`: the
 * way (cash or bonus, as the brand offers them), whole points with the way's minimum and step
 * and the money they give, the payment password and a confirm; one Idempotency-Key for the
 * sheet's life. A success shows the transaction number.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { type Currency, minorToMoney, moneyToMinor, showMoney } from '#contract/money'
import type { PointConversionWire } from '#contract/points'
import { pointConversionTypes, type PointConversionType } from '#contract/points-values'
import { FormError } from '../../../components/ui/form-error'
import { Modal } from '../../../components/ui/modal'
import { NeedsNetwork } from '../../../components/ui/needs-network'
import { TextField } from '../../../components/ui/text-field'
import { useOnline } from '../../../lib/network'
import { pointConversionsQueryOptions, useConvert } from './api'
import { useMallSheets } from './mall-search'
import { type MallErrors, mallErrors } from './mall-text'
import { Loaded } from './points-overview'
import { conversionNames, pointsFigure } from './points-text'
import { RedeemDone } from './redeem-sheet'

/** The money whole points give in a way, as the server counts it (rounded down); null when not a whole number. */
export function conversionValue(points: string, way: PointConversionWire, currency: Currency): string | null {
  if (!/^\d{1,9}$/.test(points.trim())) return null
  const minor = (BigInt(points.trim()) * moneyToMinor(way.moneyPer100Points, currency)) / 100n
  return showMoney(minorToMoney(minor, currency), currency)
}

function ConvertForm({ ways, currency }: { ways: readonly PointConversionWire[]; currency: Currency }) {
  const { t, i18n } = useLingui()
  const typeId = useId()
  // The first way as the sheet lists them (cash before bonus), whatever order the server sent.
  const offered = pointConversionTypes.filter((ty) => ways.some((w) => w.type === ty))
  const [type, setType] = useState<PointConversionType>(offered[0] ?? 'cash')
  const [points, setPoints] = useState('')
  const [paymentPassword, setPaymentPassword] = useState('')
  const [invalid, setInvalid] = useState<MallErrors>({})
  const online = useOnline()
  const sheets = useMallSheets()
  const convert = useConvert({ onSuccess: () => setPaymentPassword('') })
  const way = ways.find((w) => w.type === type) ?? ways[0]
  const errors = convert.error ? mallErrors(i18n, convert.error) : invalid
  if (convert.data) return <RedeemDone redemption={convert.data.redemption} onClose={sheets.close} />
  if (!way) return null
  const min = pointsFigure(i18n.locale, way.minPoints)
  const step = pointsFigure(i18n.locale, way.stepPoints)
  const value = conversionValue(points, way, currency)
  const turnover = way.turnoverMultiple

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!way) return
    const next: MallErrors = {}
    const whole = /^\d{1,9}$/.test(points.trim()) ? Number(points.trim()) : Number.NaN
    if (!(whole >= way.minPoints) || whole % way.stepPoints !== 0) {
      next.points = t`At least ${min} points, in steps of ${step}`
    }
    if (!paymentPassword) next.paymentPassword = t`This field cannot be empty.`
    setInvalid(next)
    convert.reset()
    if (Object.keys(next).length > 0) return
    convert.mutate({ type: way.type, points: points.trim(), paymentPassword })
  }

  return (
    <form className="form mall-form" onSubmit={submit} noValidate aria-busy={convert.isPending}>
      <fieldset className="mall-types">
        <legend id={typeId}>
          <Trans>Convert to</Trans>
        </legend>
        {offered.map((ty) => (
          <label key={ty} className="mall-type">
            <input type="radio" name={typeId} value={ty} checked={type === ty} onChange={() => setType(ty)} />
            {i18n._(conversionNames[ty])}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t`Points`}
        inputMode="numeric"
        autoComplete="off"
        value={points}
        onChange={(e) => setPoints(e.target.value)}
        hint={t`At least ${min} points, in steps of ${step}`}
        error={errors.points}
        required
        data-autofocus
      />
      <p className="mall-total" aria-live="polite">
        <span>
          <Trans>You get</Trans>
        </span>
        <strong>{value ?? '—'}</strong>
      </p>
      {way.type === 'bonus' && Number(turnover) > 0 ? (
        <p className="muted">
          <Trans>Bonus turnover {turnover}×</Trans>
        </p>
      ) : null}
      <TextField
        label={t`Payment password`}
        type="password"
        autoComplete="off"
        value={paymentPassword}
        onChange={(e) => setPaymentPassword(e.target.value)}
        error={errors.paymentPassword}
        required
      />
      <FormError text={errors.form} />
      <NeedsNetwork id="convert-needs-network" online={online} />
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={convert.isPending || !online}
        aria-describedby={online ? undefined : 'convert-needs-network'}
      >
        <Trans>Confirm</Trans>
      </button>
    </form>
  )
}

export function ConvertSheet({ currency }: { currency: Currency }) {
  const { t } = useLingui()
  const sheets = useMallSheets()
  const ways = useQuery(pointConversionsQueryOptions())
  return (
    <Modal
      open
      onClose={sheets.close}
      title={t`Convert points`}
      closeLabel={t`Close`}
      size="small"
      placement="bottom"
    >
      <Loaded query={ways} lines={4}>
        {(w) =>
          w.list.length > 0 ? (
            <ConvertForm ways={w.list} currency={currency} />
          ) : (
            <p>
              <Trans>Points cannot be turned into money yet.</Trans>
            </p>
          )
        }
      </Loaded>
    </Modal>
  )
}
