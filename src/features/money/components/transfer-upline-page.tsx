/** Transfer to upline: only for accounts whose upline accepts transfers (member info toUpline). */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormError } from '../../../components/ui/form-error'
import { TextField } from '../../../components/ui/text-field'
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key'
import { api } from '../../../lib/api'
import { ApiError } from '../../../lib/api-client'
import { showToast } from '../../../lib/toast-store'
import { invalidateMoney } from '../api/money-keys'
import { amountProblem, moneyErrorText } from '../money-text'
import { useCurrency } from '../use-currency'
import { AmountField } from './amount-field'
import { fundsEndpoints } from '#contract/funds'

type Errors = Partial<Record<'amount' | 'paymentPassword' | 'form', string>>

export function TransferUplinePage({ allowed }: { allowed: boolean }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const currency = useCurrency()
  const [amount, setAmount] = useState('')
  const [paymentPassword, setPaymentPassword] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [pending, setPending] = useState(false)
  const idem = useIdempotencyKey({ amount, paymentPassword })
  if (!allowed) {
    return (
      <EmptyState title={<Trans>Transfers to an upline are not available for this account.</Trans>}>
        <p className="muted">
          <Trans>
            Only accounts that an agent opened with upline transfers switched on can send money to their
            agent.
          </Trans>
        </p>
      </EmptyState>
    )
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    const problem = amountProblem(i18n, amount, currency)
    if (problem) next.amount = problem
    if (!paymentPassword) next.paymentPassword = t`This field cannot be empty.`
    setErrors(next)
    if (Object.keys(next).length > 0) return
    setPending(true)
    try {
      const done = await api.call(
        fundsEndpoints.transferUpline,
        { amount: amount.trim(), paymentPassword },
        { idempotencyKey: idem.key() },
      )
      idem.done()
      setAmount('')
      setPaymentPassword('')
      const upline = done.upline
      showToast(t`Sent to ${upline}.`, 'success')
      await invalidateMoney(queryClient)
    } catch (err) {
      const code = err instanceof ApiError ? err.errorCode : null
      const text = moneyErrorText(i18n, err, currency)
      setErrors(
        code === 'payment_password_wrong' || code === 'payment_password_locked'
          ? { paymentPassword: text }
          : { form: text },
      )
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="money-page">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={pending}>
        <AmountField
          label={t`Amount`}
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          currency={currency}
        />
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
        <button type="submit" className="button button-primary button-block" disabled={pending}>
          <Trans>Transfer to upline</Trans>
        </button>
      </form>
    </div>
  )
}
