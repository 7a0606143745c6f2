/**
 * A direct downline member's rebate rates, in a dialog over the team list: one field per
 * game type the agent may give, each showing the least (the member's own downline's) and the
 * most (the agent's own) it may be. Only changed rates are sent; a refusal is said by its
 * game type's field.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import {
  parseRebatePercent,
  rebateRatePercent,
  type DownlineMember,
  type GameRebateRate,
} from '#contract/agent'
import type { GameType } from '#contract/games'
import { FormError } from '../../../components/ui/form-error'
import { Modal } from '../../../components/ui/modal'
import { TextField } from '../../../components/ui/text-field'
import { ApiError } from '../../../lib/api-client'
import { errorText } from '../../../lib/error-messages'
import { gameTypeNames } from '../../../lib/game-type-names'
import { showToast } from '../../../lib/toast-store'
import { downlineRebateRatesQueryOptions } from '../api/get-downline-rebate-rates'
import { useSetDownlineRebateRates } from '../api/set-downline-rebate-rates'
import { QueryView } from './query-view'

type Errors = Partial<Record<GameType | 'form', string>>

const rateOf = (list: GameRebateRate[], t: GameType) => list.find((r) => r.productType === t)?.rate ?? 0

function RatesForm({
  account,
  memberId,
  rates,
  ceiling,
  floor,
  onDone,
}: {
  account: string
  memberId: number
  rates: GameRebateRate[]
  ceiling: GameRebateRate[]
  floor: GameRebateRate[]
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  // Game types the agent can give, or the member already has.
  const types = rates
    .map((r) => r.productType)
    .filter((type) => rateOf(ceiling, type) > 0 || rateOf(rates, type) > 0)
  const [typed, setTyped] = useState<Partial<Record<GameType, string>>>(() =>
    Object.fromEntries(types.map((type) => [type, rebateRatePercent(rateOf(rates, type))])),
  )
  const [invalid, setInvalid] = useState<Errors>({})
  const save = useSetDownlineRebateRates({
    mutationConfig: {
      onSuccess: () => {
        showToast(t`The rebate rates of ${account} are saved.`, 'success')
        onDone()
      },
    },
  })
  const refusal = save.error
  let errors: Errors = invalid
  if (refusal) {
    const text = errorText(i18n, refusal)
    const type =
      refusal instanceof ApiError
        ? (refusal.value as { productType?: GameType } | undefined)?.productType
        : undefined
    errors = type ? { [type]: text } : { form: text }
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    const changed: GameRebateRate[] = []
    for (const type of types) {
      const rate = parseRebatePercent(typed[type] ?? '')
      const min = rateOf(floor, type)
      const max = rateOf(ceiling, type)
      const least = rebateRatePercent(min)
      const most = rebateRatePercent(max)
      if (rate === null) next[type] = t`Enter a percentage with at most 2 decimals.`
      else if (rate > max) next[type] = t`At most ${most}%.`
      else if (rate < min) next[type] = t`At least ${least}%.`
      else if (rate !== rateOf(rates, type)) changed.push({ productType: type, rate })
    }
    setInvalid(next)
    save.reset()
    if (Object.keys(next).length > 0) return
    if (changed.length === 0) {
      onDone()
      return
    }
    save.mutate({ memberId, rates: changed })
  }

  if (types.length === 0) {
    return (
      <p className="muted">
        <Trans>You have no rebate rates to give yet.</Trans>
      </p>
    )
  }
  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={save.isPending}>
      <div className="agent-rate-grid">
        {types.map((type) => {
          const least = rebateRatePercent(rateOf(floor, type))
          const most = rebateRatePercent(rateOf(ceiling, type))
          return (
            <TextField
              key={type}
              label={i18n._(gameTypeNames[type])}
              inputMode="decimal"
              autoComplete="off"
              value={typed[type] ?? ''}
              onChange={(e) => setTyped((all) => ({ ...all, [type]: e.target.value }))}
              error={errors[type]}
              hint={t`From ${least}% to ${most}%`}
            />
          )
        })}
      </div>
      <FormError text={errors.form} />
      <button type="submit" className="button button-primary button-block" disabled={save.isPending}>
        {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save rates</Trans>}
      </button>
    </form>
  )
}

export function RebateRatesDialog({ member, onClose }: { member: DownlineMember; onClose: () => void }) {
  const { t } = useLingui()
  const account = member.account
  const rates = useQuery(downlineRebateRatesQueryOptions(member.id))
  return (
    <Modal open onClose={onClose} title={t`Rebate rates of ${account}`} closeLabel={t`Close`} size="small">
      <QueryView query={rates} lines={5}>
        {(data) => (
          <RatesForm
            account={account}
            memberId={member.id}
            rates={data.rates}
            ceiling={data.ceiling}
            floor={data.floor}
            onDone={onClose}
          />
        )}
      </QueryView>
    </Modal>
  )
}
