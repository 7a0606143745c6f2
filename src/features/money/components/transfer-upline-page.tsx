/** Transfer to upline: only for accounts whose upline accepts transfers (member info toUpline). */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormError } from '../../../components/ui/form-error'
import { TextField } from '../../../components/ui/text-field'
import { ApiError } from '../../../lib/api-client'
import { showToast } from '../../../lib/toast-store'
import { useTransferUpline } from '../api/transfer-upline'
import { amountProblem, moneyErrorText } from '../money-text'
import { useCurrency } from '../use-currency'
import { AmountField } from './amount-field'

type Errors = Partial<Record<'amount' | 'paymentPassword' | 'form', string>>

export function TransferUplinePage({ allowed }: { allowed: boolean }) {
  const { t, i18n } = useLingui()
  const currency = useCurrency()
  const [amount, setAmount] = useState('')
  const [paymentPassword, setPaymentPassword] = useState('')
  const [invalid, setInvalid] = useState<Errors>({})
  const transferUpline = useTransferUpline({
    mutationConfig: {
      onSuccess: ({ upline }) => {
        setAmount('')
        setPaymentPassword('')
        showToast(t`Sent to ${upline}.`, 'success')
      },
    },
  })
  const refusal = transferUpline.error
  const refusalText = refusal ? moneyErrorText(i18n, refusal, currency) : undefined
  const refusalCode = refusal instanceof ApiError ? refusal.errorCode : null
  const errors: Errors = !refusalText
    ? invalid
    : refusalCode === 'payment_password_wrong' || refusalCode === 'payment_password_locked'
      ? { paymentPassword: refusalText }
      : { form: refusalText }
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

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    const problem = amountProblem(i18n, amount, currency)
    if (problem) next.amount = problem
    if (!paymentPassword) next.paymentPassword = t`This field cannot be empty.`
    setInvalid(next)
    transferUpline.reset()
    if (Object.keys(next).length > 0) return
    transferUpline.mutate({ amount: amount.trim(), paymentPassword })
  }

  return (
    <div className="money-page">
      <form className="form" onSubmit={submit} noValidate aria-busy={transferUpline.isPending}>
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
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={transferUpline.isPending}
        >
          <Trans>Transfer to upline</Trans>
        </button>
      </form>
    </div>
  )
}
