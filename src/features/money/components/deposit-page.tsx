/**
 * Deposit: the brand's methods with their limits. A bank transfer shows where to send the
 * money and takes the amount, the member's transfer reference and, optionally, a receipt
 * image; an online payment sends the browser to the gateway, which brings the member back
 * to /index?deposit=<order>. A deposit bonus may be chosen with it (credited with the
 * deposit once it is approved). Recent deposits and their status below.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { DepositMethod, ImageUpload } from '#contract/funds'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormError } from '../../../components/ui/form-error'
import { NeedsNetwork } from '../../../components/ui/needs-network'
import { PushOffer } from '../../../components/ui/push-offer'
import { QueryState } from '../../../components/ui/query-state'
import { TextField } from '../../../components/ui/text-field'
import { useOnline } from '../../../lib/network'
import { showToast } from '../../../lib/toast-store'
import { useCreateBankDeposit } from '../api/create-bank-deposit'
import { useCreateOnlineDeposit } from '../api/create-online-deposit'
import { depositMethodsQueryOptions } from '../api/get-deposit-methods'
import { depositsQueryOptions } from '../api/get-deposits'
import { amountProblem, moneyErrorText, showMoney, type Currency } from '../money-text'
import { useCurrency } from '../use-currency'
import { useDateTime } from '../use-date-time'
import { AmountField } from './amount-field'
import { DepositBonusChoice } from './deposit-bonus-choice'
import { ImageField } from './image-field'
import { DepositStatusLabel } from './labels'
import './money.css'

type Errors = Partial<Record<'amount' | 'reference' | 'receipt', string>>

export function DepositPage() {
  const { t } = useLingui()
  const currency = useCurrency()
  const methods = useQuery(depositMethodsQueryOptions())
  const [code, setCode] = useState<string | null>(null)
  return (
    <div className="money-page">
      <QueryState query={methods}>
        {(data) => {
          if (!data.allowDeposit || data.methods.length === 0) {
            return <EmptyState title={<Trans>Deposits are not available right now.</Trans>} />
          }
          const chosen = data.methods.find((m) => m.code === code) ?? data.methods[0]
          return (
            <>
              <fieldset className="money-choices">
                <legend>
                  <Trans>Deposit method</Trans>
                </legend>
                {data.methods.map((m) => (
                  <label key={m.code}>
                    <input
                      type="radio"
                      name="deposit-method"
                      value={m.code}
                      checked={m.code === chosen?.code}
                      onChange={() => setCode(m.code)}
                    />
                    <span>
                      {m.name}{' '}
                      <span className="muted">
                        ({showMoney(m.minAmount, currency)} – {showMoney(m.maxAmount, currency)})
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
              {chosen ? <DepositForm key={chosen.code} method={chosen} currency={currency} /> : null}
            </>
          )
        }}
      </QueryState>
      <RecentDeposits currency={currency} title={t`Recent deposits`} />
    </div>
  )
}

function DepositForm({ method, currency }: { method: DepositMethod; currency: Currency }) {
  const { t, i18n } = useLingui()
  const [amount, setAmount] = useState('')
  const [reference, setReference] = useState('')
  const [receipt, setReceipt] = useState<ImageUpload | null>(null)
  const [bonus, setBonus] = useState<number | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [requested, setRequested] = useState(false)
  const online = useOnline()
  const bankDeposit = useCreateBankDeposit({
    mutationConfig: {
      onSuccess: () => {
        setAmount('')
        setReference('')
        setBonus(null)
        showToast(t`Your deposit is submitted. It is credited once the transfer is confirmed.`, 'success')
        setRequested(true)
      },
    },
  })
  const onlineDeposit = useCreateOnlineDeposit({
    mutationConfig: { onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl) },
  })
  const pending = bankDeposit.isPending || onlineDeposit.isPending
  const failure = bankDeposit.error ?? onlineDeposit.error
  const formError = failure ? moneyErrorText(i18n, failure, currency) : undefined
  const bank = method.kind === 'BANK_TRANSFER'

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    const problem = amountProblem(i18n, amount, currency, { min: method.minAmount, max: method.maxAmount })
    if (problem) next.amount = problem
    if (bank && !reference.trim()) next.reference = t`This field cannot be empty.`
    setErrors(next)
    bankDeposit.reset()
    onlineDeposit.reset()
    if (Object.keys(next).length > 0) return
    // The chosen bonus goes with the deposit and is credited with it once it is approved.
    const promotionId = bonus === null ? {} : { promotionId: bonus }
    if (bank) {
      bankDeposit.mutate({
        methodCode: method.code,
        amount: amount.trim(),
        reference: reference.trim(),
        ...(receipt ? { receipt } : {}),
        ...promotionId,
      })
    } else {
      onlineDeposit.mutate({ methodCode: method.code, amount: amount.trim(), ...promotionId })
    }
  }

  return (
    <>
      <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
        {bank && method.bank ? (
          <section className="money-notice" aria-labelledby="deposit-bank-title">
            <h4 id="deposit-bank-title">
              <Trans>Send your transfer to</Trans>
            </h4>
            <dl className="money-facts">
              <dt>
                <Trans>Bank</Trans>
              </dt>
              <dd>{method.bank.bankName}</dd>
              <dt>
                <Trans>Account name</Trans>
              </dt>
              <dd>{method.bank.accountName}</dd>
              <dt>
                <Trans>Account number</Trans>
              </dt>
              <dd>{method.bank.accountNumber}</dd>
            </dl>
          </section>
        ) : null}
        <AmountField
          label={t`Amount`}
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          currency={currency}
          min={method.minAmount}
          max={method.maxAmount}
        />
        <DepositBonusChoice amount={amount} currency={currency} value={bonus} onChange={setBonus} />
        {bank ? (
          <>
            <TextField
              label={t`Your transfer reference`}
              hint={t`Write it on your bank transfer so that we can match it.`}
              value={reference}
              maxLength={64}
              onChange={(e) => setReference(e.target.value)}
              error={errors.reference}
              required
            />
            <ImageField label={t`Receipt (optional)`} onChange={setReceipt} error={errors.receipt} />
          </>
        ) : (
          <p className="muted">
            <Trans>You will be taken to the payment page, then brought back here.</Trans>
          </p>
        )}
        <FormError text={formError} />
        <NeedsNetwork id="deposit-needs-network" online={online} />
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={pending || !online}
          aria-describedby={online ? undefined : 'deposit-needs-network'}
        >
          {bank ? <Trans>Submit deposit</Trans> : <Trans>Pay online</Trans>}
        </button>
      </form>
      <PushOffer show={requested} />
    </>
  )
}

function RecentDeposits({ currency, title }: { currency: Currency; title: string }) {
  const deposits = useQuery(depositsQueryOptions({ pageNo: 1, pageSize: 10 }))
  // Each deposit by its method's name, in the page's language (the code of a method no longer offered).
  const methods = useQuery(depositMethodsQueryOptions())
  const methodName = (code: string) => methods.data?.methods.find((m) => m.code === code)?.name ?? code
  const time = useDateTime()
  return (
    <section aria-label={title}>
      <h4>{title}</h4>
      <QueryState query={deposits}>
        {(page) =>
          page.list.length === 0 ? (
            <EmptyState title={<Trans>No deposits yet.</Trans>} />
          ) : (
            <ul className="money-list">
              {page.list.map((d) => (
                <li key={d.id}>
                  <span>
                    {time(d.createdAt)} · {methodName(d.methodCode)}
                  </span>
                  <span className="money-amount">{showMoney(d.amount, currency)}</span>
                  <span className="muted">{d.reference ?? ''}</span>
                  <span className="money-amount">
                    <DepositStatusLabel status={d.status} />
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}
