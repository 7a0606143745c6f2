/**
 * Red envelope: money shared between several members of the team in one transfer. The
 * agent chooses the members, then either a total split equally (in the currency's smallest
 * unit, what does not divide going to the first) or an amount for each, and confirms with
 * the payment password. The answer says how many received how much.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { formatMinor, minorToMoney, parseAmount, showMoney } from '#contract/money'
import { FormError } from '../../../components/ui/form-error'
import { TextField } from '../../../components/ui/text-field'
import { showToast } from '../../../lib/toast-store'
import {
  amountProblem,
  isPasswordRefusal,
  splitEqually,
  transferErrorText,
  useCurrency,
} from '../agent-money'
import { useTransferDownline } from '../api/transfer-downline'
import { AgentStyles } from './agent-styles'
import { EnvelopePicker, type Recipient } from './envelope-picker'

type Mode = 'split' | 'each'
type Errors = Partial<Record<'members' | 'total' | 'paymentPassword' | 'form', string>> & {
  each?: Record<number, string>
}

export function RedEnvelopePage() {
  const { t, i18n } = useLingui()
  const currency = useCurrency()
  const [chosen, setChosen] = useState<Recipient[]>([])
  const [mode, setMode] = useState<Mode>('split')
  const [total, setTotal] = useState('')
  const [each, setEach] = useState<Record<number, string>>({})
  const [paymentPassword, setPaymentPassword] = useState('')
  const [invalid, setInvalid] = useState<Errors>({})
  const [sent, setSent] = useState<{ recipients: number; total: string } | null>(null)
  const sentNote = useRef<HTMLDivElement>(null)
  // The answer shows above the form: it is brought into view (the Send button is far below
  // it on a phone) and read out.
  useEffect(() => {
    if (sent) sentNote.current?.focus()
  }, [sent])
  const transfer = useTransferDownline({
    mutationConfig: {
      onSuccess: (res) => {
        setSent({ recipients: res.recipients, total: res.total })
        setChosen([])
        setTotal('')
        setEach({})
        setPaymentPassword('')
        const shown = showMoney(res.total, currency)
        const n = res.recipients
        showToast(t`Red envelope sent: ${shown} to ${n} members.`, 'success')
      },
    },
  })
  const refusal = transfer.error
  const refusalText = refusal ? transferErrorText(i18n, refusal, currency) : undefined
  const errors: Errors = !refusalText
    ? invalid
    : isPasswordRefusal(refusal)
      ? { paymentPassword: refusalText }
      : { form: refusalText }

  const totalMinor = parseAmount(total, currency)
  const shares = mode === 'split' && totalMinor !== null ? splitEqually(totalMinor, chosen.length) : null

  function toggle(m: Recipient, on: boolean) {
    setChosen((list) => (on ? [...list.filter((c) => c.id !== m.id), m] : list.filter((c) => c.id !== m.id)))
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    if (chosen.length < 2) next.members = t`Choose at least two members.`
    let amounts: string[] = []
    if (mode === 'split') {
      const problem = amountProblem(i18n, total, currency)
      if (problem) next.total = problem
      else if (chosen.length >= 2 && !shares)
        next.total = t`The total is too small to share between these members.`
      if (shares) amounts = shares.map((s) => minorToMoney(s, currency))
    } else {
      const eachErrors: Record<number, string> = {}
      for (const c of chosen) {
        const problem = amountProblem(i18n, each[c.id] ?? '', currency)
        if (problem) eachErrors[c.id] = problem
      }
      if (Object.keys(eachErrors).length > 0) next.each = eachErrors
      amounts = chosen.map((c) => (each[c.id] ?? '').trim())
    }
    if (!paymentPassword) next.paymentPassword = t`This field cannot be empty.`
    setInvalid(next)
    transfer.reset()
    if (Object.keys(next).length > 0) return
    setSent(null)
    transfer.mutate({
      shares: chosen.map((c, i) => ({ memberId: c.id, amount: amounts[i] ?? '' })),
      paymentPassword,
    })
  }

  const firstShare = shares?.[0]
  const otherShare = shares?.[shares.length - 1]
  const first = firstShare === undefined ? '' : showMoney(minorToMoney(firstShare, currency), currency)
  const other = otherShare === undefined ? '' : showMoney(minorToMoney(otherShare, currency), currency)
  const shareNote =
    firstShare === undefined
      ? null
      : firstShare === otherShare
        ? t`Each member gets ${first}.`
        : t`Each member gets ${other}; the first gets ${first}.`
  const chosenCount = chosen.length
  const sentTotal = sent ? showMoney(sent.total, currency) : ''
  const sentCount = sent?.recipients ?? 0
  return (
    <div className="agent-page agent-envelope">
      <AgentStyles />
      {sent ? (
        <div className="agent-success" role="status" tabIndex={-1} ref={sentNote}>
          <p>
            <strong>
              <Trans>Red envelope sent</Trans>
            </strong>
          </p>
          <p>
            <Trans>
              {sentCount} members received {sentTotal} in total.
            </Trans>
          </p>
        </div>
      ) : null}
      <EnvelopePicker chosen={chosen} onToggle={toggle} />
      <div className="agent-chosen" aria-live="polite">
        <p>
          {chosen.length === 0 ? <Trans>No members chosen yet.</Trans> : <Trans>Chosen: {chosenCount}</Trans>}
        </p>
        {chosen.length > 0 ? (
          <ul className="agent-chip-list">
            {chosen.map((c) => {
              const account = c.account
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    className="agent-chip"
                    onClick={() => toggle(c, false)}
                    aria-label={t`Remove ${account}`}
                  >
                    {account} <span aria-hidden="true">×</span>
                  </button>
                </li>
              )
            })}
          </ul>
        ) : null}
        <FormError text={errors.members} />
      </div>
      <form className="form" onSubmit={submit} noValidate aria-busy={transfer.isPending}>
        <fieldset className="agent-fieldset agent-radios">
          <legend>
            <Trans>How to share</Trans>
          </legend>
          <label className="agent-radio">
            <input
              type="radio"
              name="envelope-mode"
              checked={mode === 'split'}
              onChange={() => setMode('split')}
            />
            <Trans>Split a total equally</Trans>
          </label>
          <label className="agent-radio">
            <input
              type="radio"
              name="envelope-mode"
              checked={mode === 'each'}
              onChange={() => setMode('each')}
            />
            <Trans>Give each member an amount</Trans>
          </label>
        </fieldset>
        {mode === 'split' ? (
          <>
            <TextField
              label={t`Total amount`}
              inputMode={currency.decimals === 0 ? 'numeric' : 'decimal'}
              autoComplete="off"
              value={total}
              onChange={(e) => setTotal(e.target.value)}
              error={errors.total}
              placeholder={formatMinor(0n, currency)}
              required
            />
            {shareNote ? <p className="muted">{shareNote}</p> : null}
          </>
        ) : (
          <div className="agent-each">
            {chosen.length === 0 ? (
              <p className="muted">
                <Trans>Choose members first.</Trans>
              </p>
            ) : (
              chosen.map((c) => {
                const account = c.account
                return (
                  <TextField
                    key={c.id}
                    label={t`Amount for ${account}`}
                    inputMode={currency.decimals === 0 ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    value={each[c.id] ?? ''}
                    onChange={(e) => setEach((v) => ({ ...v, [c.id]: e.target.value }))}
                    error={errors.each?.[c.id]}
                    placeholder={formatMinor(0n, currency)}
                    required
                  />
                )
              })
            )}
          </div>
        )}
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
        <button type="submit" className="button button-primary button-block" disabled={transfer.isPending}>
          {transfer.isPending ? <Trans>Sending…</Trans> : <Trans>Send red envelope</Trans>}
        </button>
      </form>
    </div>
  )
}
