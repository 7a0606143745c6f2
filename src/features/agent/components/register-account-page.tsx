/**
 * Register account (open account): the agent opens a member of its downline or an agent of
 * its own, with a username and password under the brand's registration rules (the shared
 * rule engine checks them here as the server will) and a rebate rate per game type, each at
 * most the agent's own, shown beside it as the ceiling. The new account changes its
 * password at its first login.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { parseRebatePercent, rebateRatePercent, type GameRebateRate } from '#contract/agent'
import type { GameType } from '#contract/games'
import { checkField } from '#contract/register-rules'
import { systemEndpoints } from '#contract/system'
import { FormError } from '../../../components/ui/form-error'
import { TextField } from '../../../components/ui/text-field'
import { api } from '../../../lib/api'
import { ApiError } from '../../../lib/api-client'
import { errorText } from '../../../lib/error-messages'
import { fieldProblemText } from '../../../lib/field-messages'
import { gameTypeNames } from '../../../lib/game-type-names'
import { showToast } from '../../../lib/toast-store'
import { rebateRatesQueryOptions } from '../api/get-rebate-rates'
import { useOpenAccount, type OpenAccountInput } from '../api/open-account'
import { AgentStyles } from './agent-styles'
import { QueryView } from './query-view'

/** The brand's registration rules, under the same key the registration form reads them by. */
const registerRulesQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'registerSettings'],
    queryFn: ({ signal }) => api.call(systemEndpoints.registerSettings, undefined, { signal }),
    staleTime: 10 * 60_000,
  })

type Field = 'username' | 'password' | 'confirmPassword' | 'form' | `rate:${GameType}`
type Errors = Partial<Record<Field, string>>

/** The refusal's problems by field: the username, a password, or one game type's rate. */
function refusalErrors(err: unknown, text: string): Errors {
  if (!(err instanceof ApiError)) return { form: text }
  switch (err.errorCode) {
    case 'username_taken':
      return { username: text }
    case 'password_mismatch':
      return { confirmPassword: text }
    case 'rebate_rate_too_high': {
      const type = (err.value as { productType?: GameType } | undefined)?.productType
      return type ? { [`rate:${type}`]: text } : { form: text }
    }
    case 'validation_failed': {
      const out: Errors = {}
      for (const f of err.value?.fields ?? []) {
        if (f.path === 'username' || f.path === 'password') out[f.path] = text
      }
      return Object.keys(out).length > 0 ? out : { form: text }
    }
    default:
      return { form: text }
  }
}

function OpenAccountForm({ ceiling }: { ceiling: GameRebateRate[] }) {
  const { t, i18n } = useLingui()
  const kindId = useId()
  const rules = useQuery(registerRulesQueryOptions())
  const [kind, setKind] = useState<OpenAccountInput['kind']>('member')
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [rates, setRates] = useState<Partial<Record<GameType, string>>>({})
  const [invalid, setInvalid] = useState<Errors>({})
  const givable = ceiling.filter((r) => r.rate > 0)
  const open = useOpenAccount({
    mutationConfig: {
      onSuccess: ({ account }) => {
        showToast(t`${account} is open. Its first login asks for a new password.`, 'success', 6000)
        setUsername('')
        setPassword('')
        setConfirmPassword('')
        setRates({})
      },
    },
  })
  const refusal = open.error
  const errors: Errors = refusal ? refusalErrors(refusal, errorText(i18n, refusal)) : invalid

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    for (const field of ['username', 'password'] as const) {
      const value = field === 'username' ? username : password
      const rule = rules.data?.find((r) => r.field === field)
      const problem = rule
        ? checkField({ ...rule, enabled: true, required: true }, value)
        : value.trim() === ''
          ? ({ kind: 'required' } as const)
          : null
      if (problem) next[field] = fieldProblemText(i18n, problem)
    }
    if (password !== confirmPassword) next.confirmPassword = t`The passwords do not match.`
    const chosen: { productType: GameType; rate: number }[] = []
    for (const r of givable) {
      const typed = rates[r.productType]?.trim() ?? ''
      if (typed === '') continue
      const rate = parseRebatePercent(typed)
      const max = rebateRatePercent(r.rate)
      if (rate === null) next[`rate:${r.productType}`] = t`Enter a percentage with at most 2 decimals.`
      else if (rate > r.rate) next[`rate:${r.productType}`] = t`At most ${max}%.`
      else chosen.push({ productType: r.productType, rate })
    }
    setInvalid(next)
    open.reset()
    if (Object.keys(next).length > 0) return
    open.mutate({ kind, username: username.trim(), password, confirmPassword, rates: chosen })
  }

  return (
    <form className="form agent-open-form" onSubmit={submit} noValidate aria-busy={open.isPending}>
      <fieldset className="agent-kind">
        <legend id={kindId}>
          <Trans>Account type</Trans>
        </legend>
        <div className="agent-chips" role="radiogroup" aria-labelledby={kindId}>
          {(
            [
              ['member', t`Member`],
              ['agent', t`Agent`],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="agent-chip agent-radio">
              <input
                type="radio"
                name="kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t`Username`}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        value={username}
        maxLength={64}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
        required
      />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        value={password}
        maxLength={128}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={t`The new account changes it at its first login.`}
        required
      />
      <TextField
        label={t`Confirm password`}
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        maxLength={128}
        onChange={(e) => setConfirmPassword(e.target.value)}
        error={errors.confirmPassword}
        required
      />
      <fieldset className="agent-rates">
        <legend>
          <Trans>Rebate rates (%)</Trans>
        </legend>
        {givable.length === 0 ? (
          <p className="muted">
            <Trans>You have no rebate rates to give yet; the new account starts at 0%.</Trans>
          </p>
        ) : (
          <div className="agent-rate-grid">
            {givable.map((r) => {
              const name = i18n._(gameTypeNames[r.productType])
              const max = rebateRatePercent(r.rate)
              return (
                <TextField
                  key={r.productType}
                  label={name}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  value={rates[r.productType] ?? ''}
                  onChange={(e) => setRates((all) => ({ ...all, [r.productType]: e.target.value }))}
                  error={errors[`rate:${r.productType}`]}
                  hint={t`Your rate: ${max}%`}
                />
              )
            })}
          </div>
        )}
      </fieldset>
      <FormError text={errors.form} />
      <button type="submit" className="button button-primary button-block" disabled={open.isPending}>
        {open.isPending ? <Trans>Opening…</Trans> : <Trans>Open account</Trans>}
      </button>
    </form>
  )
}

export function RegisterAccountPage() {
  const ceiling = useQuery(rebateRatesQueryOptions())
  return (
    <div className="agent-page">
      <AgentStyles />
      <QueryView query={ceiling} lines={8}>
        {(data) => <OpenAccountForm ceiling={data.rates} />}
      </QueryView>
    </div>
  )
}
