/**
 * Deposit: the brand's methods with their limits. The amount is typed or picked from round
 * figures within the method's limits; each method shows its bank's logo. A bank transfer
 * shows where to send the money (the bank's QR to scan, the bank, account name and number
 * and the server's reference, each with a Copy button), takes an optional receipt picture, and waits for the operator; an
 * online payment sends the browser to the gateway, which brings the member back to
 * /index?deposit=<order>: the page then shows how that payment ended (deposit-result.tsx).
 * A deposit bonus may be chosen with it (credited with the deposit once it is approved).
 * Recent deposits and their status below.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import type { DepositMethod, ImageUpload } from '#contract/funds'
import { formatMinor, minorToMoney, parseAmount } from '#contract/money'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormError } from '../../../components/ui/form-error'
import { NeedsNetwork } from '../../../components/ui/needs-network'
import { PushOffer } from '../../../components/ui/push-offer'
import { QueryState } from '../../../components/ui/query-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { ApiError } from '../../../lib/api-client'
import { useOnline } from '../../../lib/network'
import type { CentrePageProps } from '../../../lib/popup-registry'
import { showToast } from '../../../lib/toast-store'
import { useCreateBankDeposit } from '../api/create-bank-deposit'
import { useCreateOnlineDeposit } from '../api/create-online-deposit'
import { depositMethodsQueryOptions } from '../api/get-deposit-methods'
import { depositReferenceQueryOptions } from '../api/get-deposit-reference'
import { depositsQueryOptions } from '../api/get-deposits'
import { depositAmountSteps } from '../deposit-amounts'
import { amountProblem, moneyErrorText, showMoney, type Currency } from '../money-text'
import { useCurrency } from '../use-currency'
import { useDateTime } from '../use-date-time'
import { AmountField } from './amount-field'
import { BankBadge, BankLogo } from './bank-badge'
import { CopyButton } from './copy-button'
import { DepositBonusChoice } from './deposit-bonus-choice'
import { DepositResult } from './deposit-result'
import { ImageField } from './image-field'
import { DepositStatusLabel } from './labels'
import { PaymentQr } from './payment-qr'
import './money.css'

type Errors = Partial<Record<'amount' | 'receipt', string>>

/** The amount errors the server answers that belong at the amount field. */
const amountErrors = new Set(['amount_invalid', 'amount_out_of_range'])

export function DepositPage({ go }: Partial<CentrePageProps>) {
  const { t } = useLingui()
  const currency = useCurrency()
  const methods = useQuery(depositMethodsQueryOptions())
  const [code, setCode] = useState<string | null>(null)
  // Back from the payment gateway: /index?deposit=<order> (src/routes/_main/[index].tsx).
  const order = useSearch({
    strict: false,
    select: (s: Record<string, unknown>) => (typeof s.deposit === 'string' ? s.deposit : undefined),
  })
  const navigate = useNavigate()
  const dismissResult = () =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, deposit: undefined }),
      replace: true,
    } as Parameters<typeof navigate>[0])
  return (
    <div className="money-page">
      {order ? (
        <DepositResult
          order={order}
          currency={currency}
          onAgain={dismissResult}
          onRecords={go ? () => go('transactionHistory') : undefined}
        />
      ) : (
        <QueryState query={methods}>
          {(data) => {
            if (!data.allowDeposit || data.methods.length === 0) {
              return <EmptyState title={<Trans>Deposits are not available right now.</Trans>} />
            }
            const chosen = data.methods.find((m) => m.code === code) ?? data.methods[0]
            return (
              <>
                <fieldset className="money-choices deposit-methods">
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
                      {m.bank ? (
                        <BankLogo name={m.bank.bankName} logoUrl={m.bank.logoUrl} named />
                      ) : (
                        <BankBadge name={m.name} />
                      )}
                      <span className="deposit-method-text">
                        <span className="deposit-method-name">{m.name}</span>
                        <span className="muted">
                          {showMoney(m.minAmount, currency)} – {showMoney(m.maxAmount, currency)}
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
      )}
      <RecentDeposits currency={currency} title={t`Recent deposits`} />
    </div>
  )
}

function DepositForm({ method, currency }: { method: DepositMethod; currency: Currency }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const bank = method.kind === 'BANK_TRANSFER'
  const reference = useQuery({ ...depositReferenceQueryOptions(), enabled: bank })
  const [amount, setAmount] = useState('')
  const [receipt, setReceipt] = useState<ImageUpload | null>(null)
  // A new receipt field after each deposit (its picture goes with the one sent).
  const [receiptField, setReceiptField] = useState(0)
  const [bonus, setBonus] = useState<number | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [requested, setRequested] = useState(false)
  const online = useOnline()
  const freshReference = () =>
    void queryClient.invalidateQueries({ queryKey: depositReferenceQueryOptions().queryKey })
  const bankDeposit = useCreateBankDeposit({
    mutationConfig: {
      onSuccess: () => {
        setAmount('')
        setBonus(null)
        setReceipt(null)
        setReceiptField((n) => n + 1)
        freshReference()
        showToast(t`Your deposit is submitted. It is credited once the transfer is confirmed.`, 'success')
        setRequested(true)
      },
      onError: (err) => {
        if (err instanceof ApiError && err.errorCode === 'deposit_reference_used') freshReference()
      },
    },
  })
  const onlineDeposit = useCreateOnlineDeposit({
    mutationConfig: { onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl) },
  })
  const pending = bankDeposit.isPending || onlineDeposit.isPending
  const failure = bankDeposit.error ?? onlineDeposit.error
  const failureText = failure ? moneyErrorText(i18n, failure, currency) : undefined
  const atAmount = failure instanceof ApiError && amountErrors.has(failure.errorCode)
  const limits = { min: method.minAmount, max: method.maxAmount }
  const steps = depositAmountSteps(method.minAmount, method.maxAmount, currency)
  const typed = parseAmount(amount, currency)

  function checkAmount() {
    // A typed amount is checked when the member leaves the field; an empty one waits for Submit.
    if (amount.trim() === '') return
    setErrors((e) => ({ ...e, amount: amountProblem(i18n, amount, currency, limits) ?? undefined }))
  }

  function choose(value: string) {
    setAmount(value)
    setErrors((e) => ({ ...e, amount: undefined }))
    bankDeposit.reset()
    onlineDeposit.reset()
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    const problem = amountProblem(i18n, amount, currency, limits)
    if (problem) next.amount = problem
    setErrors(next)
    bankDeposit.reset()
    onlineDeposit.reset()
    if (Object.keys(next).length > 0) return
    // The chosen bonus goes with the deposit and is credited with it once it is approved.
    const promotionId = bonus === null ? {} : { promotionId: bonus }
    if (bank) {
      const referenceCode = reference.data?.reference
      bankDeposit.mutate({
        methodCode: method.code,
        amount: amount.trim(),
        ...(referenceCode ? { referenceCode } : {}),
        ...(receipt ? { receipt } : {}),
        ...promotionId,
      })
    } else {
      onlineDeposit.mutate({ methodCode: method.code, amount: amount.trim(), ...promotionId })
    }
  }

  return (
    <>
      <form className="form deposit-form" onSubmit={submit} noValidate aria-busy={pending}>
        <AmountField
          label={t`Amount`}
          value={amount}
          onChange={(v) => {
            setAmount(v)
            if (errors.amount) setErrors((e) => ({ ...e, amount: undefined }))
          }}
          onBlur={checkAmount}
          error={errors.amount ?? (atAmount ? failureText : undefined)}
          currency={currency}
          min={method.minAmount}
          max={method.maxAmount}
        />
        {steps.length > 0 ? (
          <div className="amount-chips" role="group" aria-label={t`Quick amounts`}>
            {steps.map((minor) => (
              <button
                key={minor.toString()}
                type="button"
                className="amount-chip"
                aria-pressed={typed === minor}
                onClick={() => choose(minorToMoney(minor, currency))}
              >
                {chipText(minor, currency)}
              </button>
            ))}
          </div>
        ) : null}
        <DepositBonusChoice amount={amount} currency={currency} value={bonus} onChange={setBonus} />
        {bank && method.bank ? (
          <section className="money-notice transfer-details" aria-labelledby="deposit-bank-title">
            <h4 id="deposit-bank-title">
              <Trans>Send your transfer to</Trans>
            </h4>
            <div className="transfer-bank">
              <BankLogo name={method.bank.bankName} logoUrl={method.bank.logoUrl} />
              <strong>{method.bank.bankName}</strong>
            </div>
            {method.qrPayload ? (
              <figure className="transfer-qr">
                <PaymentQr payload={method.qrPayload} bankName={method.bank.bankName} />
                <figcaption className="muted">
                  <Trans>Scan with your banking app, or copy the details below.</Trans>
                </figcaption>
              </figure>
            ) : null}
            <dl className="transfer-facts">
              <CopyRow label={t`Bank`} value={method.bank.bankName} />
              <CopyRow label={t`Account name`} value={method.bank.accountName} />
              <CopyRow label={t`Account number`} value={method.bank.accountNumber} />
              {typed !== null && !amountProblem(i18n, amount, currency, limits) ? (
                <CopyRow
                  label={t`Amount`}
                  value={minorToMoney(typed, currency)}
                  shown={showMoney(minorToMoney(typed, currency), currency)}
                />
              ) : null}
              {reference.data ? (
                <CopyRow label={t`Reference`} value={reference.data.reference} strong />
              ) : (
                <div className="transfer-fact">
                  <dt>
                    <Trans>Reference</Trans>
                  </dt>
                  <dd>
                    {reference.isError ? (
                      <button type="button" className="button" onClick={() => void reference.refetch()}>
                        <Trans>Try again</Trans>
                      </button>
                    ) : (
                      <Skeleton lines={1} label={t`Loading`} />
                    )}
                  </dd>
                </div>
              )}
            </dl>
            {reference.data ? (
              <p className="transfer-note">
                <Trans>
                  Write <strong>{reference.data.reference}</strong> in your transfer’s note, so that we can
                  match your payment.
                </Trans>
              </p>
            ) : null}
          </section>
        ) : null}
        {bank ? (
          <ImageField
            key={receiptField}
            label={t`Receipt (optional)`}
            onChange={setReceipt}
            error={errors.receipt}
          />
        ) : (
          <p className="muted">
            <Trans>You will be taken to the payment page, then brought back here.</Trans>
          </p>
        )}
        <FormError text={atAmount ? undefined : failureText} />
        <NeedsNetwork id="deposit-needs-network" online={online} />
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={pending || !online || (bank && !reference.data)}
          aria-describedby={online ? undefined : 'deposit-needs-network'}
        >
          {bank ? <Trans>Submit deposit</Trans> : <Trans>Pay online</Trans>}
        </button>
      </form>
      <PushOffer show={requested} />
    </>
  )
}

/** A quick amount as a chip shows it: whole units without their zero cents ($1,000), else in full. */
function chipText(minor: bigint, currency: Currency): string {
  const unit = 10n ** BigInt(currency.decimals)
  if (minor % unit !== 0n) return showMoney(minorToMoney(minor, currency), currency)
  return `${currency.symbol}${formatMinor(minor / unit, { decimals: 0 })}`
}

/** One detail of the transfer and its Copy button; `shown` when it reads otherwise than it is copied ($1,000.00 / 1000.00). */
function CopyRow({
  label,
  value,
  shown,
  strong,
}: {
  label: string
  value: string
  shown?: string
  strong?: boolean
}) {
  return (
    <div className="transfer-fact" data-strong={strong || undefined}>
      <dt>{label}</dt>
      <dd>
        <span className="transfer-value">{shown ?? value}</span>
        <CopyButton value={value} label={label} />
      </dd>
    </div>
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
                  <span className="muted">{d.referenceCode ?? d.reference ?? ''}</span>
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
