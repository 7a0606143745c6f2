/**
 * The redeem sheet (decision 030 sections 3 and 7), open while the address has `reward=<id>`:
 * the quantity (1 to the least of the stock, the member's limit and 99), the points and money
 * it takes, a physical item's receiving address and phone, the payment password and a
 * confirm. One Idempotency-Key for the sheet's life (useIdempotentMutation), so a retry after
 * a lost answer redeems once. A refusal shows at the field it is about; a success shows the
 * transaction number and its status, and the balance, catalogue and history are refreshed.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { type ComponentType, type FormEvent, useId, useState } from 'react'
import type { Currency } from '#contract/money'
import { maxAddressLength, maxRedeemQuantity, type PointReward, type Redemption } from '#contract/point-mall'
import { FormError } from '../../../components/ui/form-error'
import { Modal } from '../../../components/ui/modal'
import { NeedsNetwork } from '../../../components/ui/needs-network'
import { TextField } from '../../../components/ui/text-field'
import { useOnline } from '../../../lib/network'
import { pointRewardsQueryOptions, type RedeemInput, useRedeem } from './api'
import { useMallSheets } from './mall-search'
import { type MallErrors, mallErrors, redemptionStatusNames } from './mall-text'
import { Loaded } from './points-overview'
import { RewardArt, RewardPrice, redeemableUnits } from './rewards-tab'

/** The country code and phone inputs (the registration's, given by the route). */
export interface PhoneFieldsProps {
  dialingCode: string
  onDialingCode: (v: string) => void
  mobile: string
  onMobile: (v: string) => void
  error?: string | null
}
export type PhoneFields = ComponentType<PhoneFieldsProps>

/** What the sheet says once the redemption is made: its number and where it stands. */
export function RedeemDone({ redemption, onClose }: { redemption: Redemption; onClose: () => void }) {
  const { i18n } = useLingui()
  const number = redemption.transactionNo
  const status = i18n._(redemptionStatusNames[redemption.status])
  return (
    <div className="mall-done" role="status">
      <p className="mall-done-title">
        <Trans>Redeemed</Trans>
      </p>
      <p>
        <Trans>Transaction number {number}</Trans>
      </p>
      <p>
        <span className={`mall-status mall-status-${redemption.status}`}>{status}</span>
      </p>
      {redemption.status === 'inProcess' ? (
        <p className="muted">
          <Trans>The item is sent once the operator approves it. You will get a notice.</Trans>
        </p>
      ) : null}
      <button type="button" className="button button-primary button-block" onClick={onClose} data-autofocus>
        <Trans>Done</Trans>
      </button>
    </div>
  )
}

function Stepper({
  value,
  max,
  onChange,
  error,
}: {
  value: number
  max: number
  onChange: (n: number) => void
  error?: string | undefined
}) {
  const { t } = useLingui()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Quantity</Trans>
      </label>
      <div className="mall-stepper">
        <button
          type="button"
          className="button"
          aria-label={t`Fewer`}
          disabled={value <= 1}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            const n = Math.trunc(Number(e.target.value))
            onChange(Number.isFinite(n) ? Math.min(Math.max(n, 1), max) : 1)
          }}
        />
        <button
          type="button"
          className="button"
          aria-label={t`More`}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function RedeemForm({
  reward,
  currency,
  PhoneFields,
}: {
  reward: PointReward
  currency: Currency
  PhoneFields: PhoneFields
}) {
  const { t, i18n } = useLingui()
  const addressId = useId()
  const max = redeemableUnits(reward, maxRedeemQuantity)
  const [quantity, setQuantity] = useState(1)
  const [address, setAddress] = useState('')
  const [dialingCode, setDialingCode] = useState('855')
  const [phone, setPhone] = useState('')
  const [paymentPassword, setPaymentPassword] = useState('')
  const [invalid, setInvalid] = useState<MallErrors>({})
  const online = useOnline()
  const sheets = useMallSheets()
  const redeem = useRedeem({ onSuccess: () => setPaymentPassword('') })
  const physical = reward.kind === 'physical'
  const errors = redeem.error ? mallErrors(i18n, redeem.error) : invalid

  if (redeem.data) return <RedeemDone redemption={redeem.data.redemption} onClose={sheets.close} />

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: MallErrors = {}
    const empty = t`This field cannot be empty.`
    if (physical && !address.trim()) next.address = empty
    if (physical && !phone.trim()) next.phone = empty
    if (!paymentPassword) next.paymentPassword = empty
    setInvalid(next)
    redeem.reset()
    if (Object.keys(next).length > 0) return
    const input: RedeemInput = { rewardId: reward.id, quantity, paymentPassword }
    if (physical) {
      input.address = address.trim()
      input.phone = phone.replace(/[\s-]/g, '')
      input.countryDialingCode = dialingCode
    }
    redeem.mutate(input)
  }

  return (
    <form className="form mall-form" onSubmit={submit} noValidate aria-busy={redeem.isPending}>
      <div className="mall-summary">
        <RewardArt reward={reward} />
        <div>
          <p className="mall-summary-name">{reward.name}</p>
          {reward.description ? <p className="muted">{reward.description}</p> : null}
        </div>
      </div>
      {max > 1 ? <Stepper value={quantity} max={max} onChange={setQuantity} error={errors.quantity} /> : null}
      {max <= 1 && errors.quantity ? <FormError text={errors.quantity} /> : null}
      <div className="mall-total">
        <span>
          <Trans>Total</Trans>
        </span>
        <RewardPrice reward={reward} currency={currency} quantity={quantity} />
      </div>
      {physical ? (
        <>
          <div className="field">
            <label htmlFor={addressId}>
              <Trans>Receiving address</Trans>
            </label>
            <textarea
              id={addressId}
              rows={3}
              maxLength={maxAddressLength}
              value={address}
              autoComplete="street-address"
              aria-required
              aria-invalid={errors.address ? true : undefined}
              aria-describedby={errors.address ? `${addressId}-error` : undefined}
              onChange={(e) => setAddress(e.target.value)}
            />
            {errors.address ? (
              <p id={`${addressId}-error`} className="field-error">
                {errors.address}
              </p>
            ) : null}
          </div>
          <PhoneFields
            dialingCode={dialingCode}
            onDialingCode={setDialingCode}
            mobile={phone}
            onMobile={setPhone}
            error={errors.phone}
          />
        </>
      ) : null}
      <TextField
        label={t`Payment password`}
        type="password"
        autoComplete="off"
        value={paymentPassword}
        onChange={(e) => setPaymentPassword(e.target.value)}
        error={errors.paymentPassword}
        required
        {...(physical ? {} : { 'data-autofocus': true })}
      />
      <FormError text={errors.form} />
      <NeedsNetwork id="redeem-needs-network" online={online} />
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={redeem.isPending || !online}
        aria-describedby={online ? undefined : 'redeem-needs-network'}
      >
        <Trans>Confirm</Trans>
      </button>
    </form>
  )
}

export function RedeemSheet({
  rewardId,
  currency,
  PhoneFields,
}: {
  rewardId: number
  currency: Currency
  PhoneFields: PhoneFields
}) {
  const { t } = useLingui()
  const sheets = useMallSheets()
  const rewards = useQuery(pointRewardsQueryOptions())
  const reward = rewards.data?.list.find((r) => r.id === rewardId)
  return (
    <Modal
      open
      onClose={sheets.close}
      title={t`Redeem`}
      closeLabel={t`Close`}
      size="small"
      placement="bottom"
    >
      <Loaded query={rewards} lines={5}>
        {() =>
          reward ? (
            <RedeemForm reward={reward} currency={currency} PhoneFields={PhoneFields} />
          ) : (
            <p>
              <Trans>This reward is no longer available.</Trans>
            </p>
          )
        }
      </Loaded>
    </Modal>
  )
}
