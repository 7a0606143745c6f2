/**
 * A transfer to one member of the team: amount and payment password, in a dialog over the
 * team list (focus stays in it; Escape or Close leaves it). On success the list refreshes
 * (the member's new balance) and a message says what was sent.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { DownlineMember } from '#contract/agent'
import { formatMinor, showMoney } from '#contract/money'
import { FormError } from '../../../components/ui/form-error'
import { Modal } from '../../../components/ui/modal'
import { TextField } from '../../../components/ui/text-field'
import { showToast } from '../../../lib/toast-store'
import { amountProblem, isPasswordRefusal, transferErrorText, useCurrency } from '../agent-money'
import { useTransferDownline } from '../api/transfer-downline'

type Errors = Partial<Record<'amount' | 'paymentPassword' | 'form', string>>

export function TransferDialog({ member, onClose }: { member: DownlineMember; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const currency = useCurrency()
  const [amount, setAmount] = useState('')
  const [paymentPassword, setPaymentPassword] = useState('')
  const [invalid, setInvalid] = useState<Errors>({})
  const account = member.account
  const transfer = useTransferDownline({
    mutationConfig: {
      onSuccess: ({ total }) => {
        const sent = showMoney(total, currency)
        showToast(t`Sent ${sent} to ${account}.`, 'success')
        onClose()
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

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    const problem = amountProblem(i18n, amount, currency)
    if (problem) next.amount = problem
    if (!paymentPassword) next.paymentPassword = t`This field cannot be empty.`
    setInvalid(next)
    transfer.reset()
    if (Object.keys(next).length > 0) return
    transfer.mutate({ shares: [{ memberId: member.id, amount: amount.trim() }], paymentPassword })
  }

  const balance = showMoney(member.balance, currency)
  return (
    <Modal open onClose={onClose} title={t`Transfer to ${account}`} closeLabel={t`Close`} size="small">
      <form className="form" onSubmit={submit} noValidate aria-busy={transfer.isPending}>
        <p className="muted">
          <Trans>Their balance now: {balance}</Trans>
        </p>
        <TextField
          label={t`Amount`}
          inputMode={currency.decimals === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
          placeholder={formatMinor(0n, currency)}
          required
          data-autofocus
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
        <button type="submit" className="button button-primary button-block" disabled={transfer.isPending}>
          {transfer.isPending ? <Trans>Sending…</Trans> : <Trans>Send</Trans>}
        </button>
      </form>
    </Modal>
  )
}
