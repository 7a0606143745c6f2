/**
 * Withdrawal confirmation (spec section 4): for each paid withdrawal the member says all
 * received, partly received (the amount that arrived; the remainder is shown) or not
 * received (a screenshot as proof is required). Unconfirmed, it counts as received at the
 * time shown.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { ImageUpload, Withdrawal, WithdrawalOutcome } from '#contract/funds'
import { minorToMoney, moneyToMinor, parseAmount } from '#contract/money'
import { FormError } from '../../../components/ui/form-error'
import { showToast } from '../../../lib/toast-store'
import { useConfirmWithdrawal } from '../api/confirm-withdrawal'
import { confirmationsQueryOptions } from '../api/get-confirmations'
import { amountProblem, moneyErrorText, showMoney, type Currency } from '../money-text'
import { useDateTime } from '../use-date-time'
import { AmountField } from './amount-field'
import { ImageField } from './image-field'

type Outcome = WithdrawalOutcome

export function WithdrawalConfirmations({ currency }: { currency: Currency }) {
  const confirmations = useQuery(confirmationsQueryOptions())
  const list = confirmations.data ?? []
  if (list.length === 0) return null
  return (
    <section className="money-notice" aria-labelledby="confirm-title">
      <h4 id="confirm-title">
        <Trans>Withdrawal confirmation</Trans>
      </h4>
      <ul className="money-list">
        {list.map((w) => (
          <li key={w.id} style={{ display: 'block' }}>
            <ConfirmOne withdrawal={w} currency={currency} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function ConfirmOne({ withdrawal: w, currency }: { withdrawal: Withdrawal; currency: Currency }) {
  const { t, i18n } = useLingui()
  const time = useDateTime()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [received, setReceived] = useState('')
  const [proof, setProof] = useState<ImageUpload | null>(null)
  const [invalid, setInvalid] = useState<Partial<Record<'received' | 'proof', string>>>({})
  const confirm = useConfirmWithdrawal({
    mutationConfig: { onSuccess: () => showToast(t`Thank you, your confirmation is saved.`, 'success') },
  })
  const formError = confirm.error ? moneyErrorText(i18n, confirm.error, currency) : undefined
  const errors = confirm.error ? {} : invalid
  const amount = showMoney(w.amount, currency)
  const receivedMinor = parseAmount(received, currency)
  const totalMinor = moneyToMinor(w.amount, currency)
  const remainder =
    receivedMinor !== null && receivedMinor < totalMinor
      ? showMoney(minorToMoney(totalMinor - receivedMinor, currency), currency)
      : null

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!outcome) return
    const next: typeof invalid = {}
    if (outcome === 'PARTLY_RECEIVED') {
      const problem = amountProblem(i18n, received, currency)
      if (problem) next.received = problem
      else if (receivedMinor !== null && receivedMinor >= totalMinor)
        next.received = t`The amount received must be less than ${amount}.`
    }
    if (outcome === 'NOT_RECEIVED' && !proof)
      next.proof = t`Add a screenshot that shows the money did not arrive.`
    setInvalid(next)
    confirm.reset()
    if (Object.keys(next).length > 0) return
    confirm.mutate({
      withdrawalId: w.id,
      outcome,
      ...(outcome === 'PARTLY_RECEIVED' ? { amountReceived: received.trim() } : {}),
      ...(outcome === 'NOT_RECEIVED' && proof ? { proof } : {}),
    })
  }

  const choices: { value: Outcome; label: string }[] = [
    { value: 'RECEIVED', label: t`All received` },
    { value: 'PARTLY_RECEIVED', label: t`Partly received` },
    { value: 'NOT_RECEIVED', label: t`Not received` },
  ]
  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={confirm.isPending}>
      <p>
        <strong>{amount}</strong> · {w.bankName} {w.accountNumberMasked}
        {w.paidAt ? <> · {time(w.paidAt)}</> : null}
      </p>
      {w.autoReceiveAt ? (
        <p className="muted">
          <Trans>If you do not confirm, it counts as received at {time(w.autoReceiveAt)}.</Trans>
        </p>
      ) : null}
      <fieldset className="money-choices">
        <legend>
          <Trans>Did the money arrive?</Trans>
        </legend>
        {choices.map((c) => (
          <label key={c.value}>
            <input
              type="radio"
              name={`confirm-${w.id}`}
              value={c.value}
              checked={outcome === c.value}
              onChange={() => setOutcome(c.value)}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
      {outcome === 'PARTLY_RECEIVED' ? (
        <>
          <AmountField
            label={t`Amount received`}
            value={received}
            onChange={setReceived}
            error={errors.received}
            currency={currency}
          />
          {remainder ? (
            <p>
              <Trans>Not received: {remainder}</Trans>
            </p>
          ) : null}
        </>
      ) : null}
      {outcome === 'NOT_RECEIVED' ? (
        <ImageField
          label={t`Proof (screenshot of your account)`}
          onChange={setProof}
          error={errors.proof}
          required
        />
      ) : null}
      <FormError text={formError} />
      <button type="submit" className="button button-primary" disabled={confirm.isPending || !outcome}>
        <Trans>Confirm</Trans>
      </button>
    </form>
  )
}
