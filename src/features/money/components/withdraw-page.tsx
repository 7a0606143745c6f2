/**
 * Withdrawal: the limits and the available balance, what is left of the bonuses' turnover
 * requirements (the form waits until it is wagered, or, where the brand allows it, the
 * member forfeits the open bonuses and withdraws at once, after a dialog that states what
 * is lost), then the form (amount, bank card, payment password, and the authenticator app's
 * code where the brand asks for it of members who have it on). It needs a payment password
 * and a bank card first, with a way to set them up. Recent withdrawals, and the confirmation
 * of paid ones, below.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { authenticatorDigits, normalizeAuthenticatorCode } from '#contract/authenticator'
import type { ErrorCode } from '#contract/error-codes'
import type { BankCard, WithdrawSettings } from '#contract/funds'
import { minorToMoney, parseAmount, type Money } from '#contract/money'
import type { BonusForfeitOffer } from '#contract/turnover'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormError } from '../../../components/ui/form-error'
import { NeedsNetwork } from '../../../components/ui/needs-network'
import { PushOffer } from '../../../components/ui/push-offer'
import { QueryState } from '../../../components/ui/query-state'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { ApiError } from '../../../lib/api-client'
import { useOnline } from '../../../lib/network'
import { securityConfigQueryOptions } from '../../../lib/security-config'
import { showToast } from '../../../lib/toast-store'
import { useForfeitBonus } from '../api/forfeit-bonus'
import { bankCardsQueryOptions } from '../api/get-bank-cards'
import { withdrawSettingsQueryOptions } from '../api/get-withdraw-settings'
import { withdrawalsQueryOptions } from '../api/get-withdrawals'
import { useWithdraw, type WithdrawInput } from '../api/withdraw'
import { amountProblem, moneyErrorText, showMoney, turnoverText, type Currency } from '../money-text'
import { useCurrency } from '../use-currency'
import { useDateTime } from '../use-date-time'
import { AmountField } from './amount-field'
import { WithdrawalStatusLabel } from './labels'
import './money.css'
import { TurnoverProgress } from './turnover-progress'
import { WithdrawalConfirmations } from './withdrawal-confirmations'

type Errors = Partial<Record<'amount' | 'card' | 'paymentPassword' | 'googleCode' | 'form', string>>

/** The server's refusals of the authenticator's code: shown at its field. */
const codeRefusals: readonly ErrorCode[] = [
  'authenticator_code_required',
  'authenticator_code_wrong',
  'authenticator_code_used',
  'authenticator_locked',
]

export function WithdrawPage({ onSecurityCentre }: { onSecurityCentre: () => void }) {
  const { t } = useLingui()
  const currency = useCurrency()
  const settings = useQuery(withdrawSettingsQueryOptions())
  const cards = useQuery(bankCardsQueryOptions())
  return (
    <div className="money-page">
      <WithdrawalConfirmations currency={currency} />
      <QueryState query={settings}>
        {(s) => (
          <>
            <dl className="money-facts">
              <dt>
                <Trans>Available balance</Trans>
              </dt>
              <dd>{showMoney(s.availableBalance, currency)}</dd>
              <dt>
                <Trans>Minimum</Trans>
              </dt>
              <dd>{showMoney(s.minimumAmount, currency)}</dd>
              <dt>
                <Trans>Maximum</Trans>
              </dt>
              <dd>{showMoney(s.maximumAmount, currency)}</dd>
              {s.today.countLeft !== null && (
                <>
                  <dt>
                    <Trans>Withdrawals left today</Trans>
                  </dt>
                  <dd>
                    {s.today.countLeft} / {s.today.countLimit}
                  </dd>
                </>
              )}
              {s.today.amountLeft !== null && (
                <>
                  <dt>
                    <Trans>Amount left today</Trans>
                  </dt>
                  <dd>{showMoney(s.today.amountLeft, currency)}</dd>
                </>
              )}
            </dl>
            <TurnoverNotice settings={s} currency={currency} />
            {!s.hasPaymentPassword ? (
              <div className="money-notice">
                <p>
                  <Trans>Set a payment password before you withdraw.</Trans>
                </p>
                <button type="button" className="button" onClick={onSecurityCentre}>
                  <Trans>Set a payment password</Trans>
                </button>
              </div>
            ) : (
              <QueryState query={cards}>
                {(list) =>
                  list.length === 0 ? (
                    <div className="money-notice">
                      <p>
                        <Trans>Add a bank card to receive your withdrawals.</Trans>
                      </p>
                      <button type="button" className="button" onClick={onSecurityCentre}>
                        <Trans>Add a bank card</Trans>
                      </button>
                    </div>
                  ) : (
                    <WithdrawForm settings={s} cards={list} currency={currency} />
                  )
                }
              </QueryState>
            )}
          </>
        )}
      </QueryState>
      <RecentWithdrawals currency={currency} title={t`Recent withdrawals`} />
    </div>
  )
}

function WithdrawForm({
  settings,
  cards,
  currency,
}: {
  settings: WithdrawSettings
  cards: readonly BankCard[]
  currency: Currency
}) {
  const { t, i18n } = useLingui()
  const [amount, setAmount] = useState('')
  const [card, setCard] = useState(String(cards[0]?.id ?? ''))
  const [paymentPassword, setPaymentPassword] = useState('')
  const [googleCode, setGoogleCode] = useState('')
  // The server asked for the authenticator's code (the settings changed since they were
  // read): the field shows from then on, whatever the settings said.
  const [codeAsked, setCodeAsked] = useState(false)
  const [invalid, setInvalid] = useState<Errors>({})
  const [requested, setRequested] = useState(false)
  // The withdrawal waiting for the member's yes to the forfeit dialog.
  const [confirming, setConfirming] = useState<WithdrawInput | null>(null)
  const online = useOnline()
  const security = useQuery(securityConfigQueryOptions())
  const withdraw = useWithdraw({
    mutationConfig: {
      onSuccess: () => {
        setAmount('')
        setPaymentPassword('')
        setGoogleCode('')
        showToast(t`Your withdrawal is requested.`, 'success')
        setRequested(true)
      },
      onError: (err) => {
        if (err instanceof ApiError && codeRefusals.includes(err.errorCode)) setCodeAsked(true)
      },
    },
  })
  const forfeit = useForfeitBonus()
  const errors = withdraw.error
    ? refusalErrors(withdraw.error)
    : forfeit.error
      ? { form: moneyErrorText(i18n, forfeit.error, currency) }
      : invalid
  // Bonuses still to wager: the request would be refused, so the button says why instead.
  const turnoverOpen = turnoverBlocks(settings)
  const offer = turnoverOpen ? settings.bonusForfeit : null
  const busy = withdraw.isPending || forfeit.isPending
  // The brand asks for the authenticator's code and the member has it on.
  const askCode =
    codeAsked ||
    (security.data !== undefined &&
      security.data.authenticatorOnWithdraw &&
      security.data.authenticator.enabled)

  function refusalErrors(err: Error): Errors {
    const text = moneyErrorText(i18n, err, currency)
    const code = err instanceof ApiError ? err.errorCode : null
    return code === 'payment_password_wrong' || code === 'payment_password_locked'
      ? { paymentPassword: text }
      : code !== null && codeRefusals.includes(code)
        ? { googleCode: text }
        : code === 'amount_out_of_range' || code === 'amount_invalid'
          ? { amount: text }
          : { form: text }
  }

  /** The form's withdrawal when every field is right; else null, with the problems shown. */
  function checked(): WithdrawInput | null {
    const next: Errors = {}
    const problem = amountProblem(i18n, amount, currency, {
      min: settings.minimumAmount,
      max: settings.maximumAmount,
    })
    if (problem) next.amount = problem
    if (!cards.some((c) => String(c.id) === card)) next.card = t`Choose a bank card.`
    if (!paymentPassword) next.paymentPassword = t`This field cannot be empty.`
    const code = normalizeAuthenticatorCode(googleCode)
    if (askCode && !code) next.googleCode = t`This field cannot be empty.`
    else if (askCode && !new RegExp(`^\\d{${authenticatorDigits}}$`).test(code)) {
      next.googleCode = t`Enter the 6-digit code your authenticator app shows.`
    }
    setInvalid(next)
    withdraw.reset()
    forfeit.reset()
    if (Object.keys(next).length > 0) return null
    return {
      amount: amount.trim(),
      cardId: Number(card),
      paymentPassword,
      ...(askCode ? { googleCode: code } : {}),
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    const request = checked()
    if (request) withdraw.mutate(request)
  }

  function askForfeit() {
    const request = checked()
    if (request) setConfirming(request)
  }

  function forfeitAndWithdraw() {
    const request = confirming
    setConfirming(null)
    if (!request || !offer) return
    // The amount shown in the dialog: the server refuses another one with what it takes now.
    forfeit.mutate({ amount: offer.amount }, { onSuccess: () => withdraw.mutate(request) })
  }

  const chosenCard = cards.find((c) => String(c.id) === card)
  return (
    <>
      <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
        <AmountField
          label={t`Amount`}
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          currency={currency}
          min={settings.minimumAmount}
          max={settings.maximumAmount}
        />
        <SelectField
          label={t`Bank card`}
          value={card}
          options={cards.map((c) => ({
            value: String(c.id),
            label: `${c.bankName} ${c.accountNumberMasked}`,
          }))}
          onChange={(e) => setCard(e.target.value)}
          error={errors.card}
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
        {askCode ? (
          <TextField
            label={t`Authenticator code`}
            hint={t`The 6-digit code your authenticator app shows now.`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={authenticatorDigits + 1}
            value={googleCode}
            onChange={(e) => setGoogleCode(e.target.value)}
            error={errors.googleCode}
            required
          />
        ) : null}
        <FormError text={errors.form} />
        <NeedsNetwork id="withdraw-needs-network" online={online} />
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={busy || !online || turnoverOpen}
          aria-describedby={turnoverOpen ? turnoverNoticeId : online ? undefined : 'withdraw-needs-network'}
        >
          <Trans>Withdraw</Trans>
        </button>
        {offer ? (
          <button
            type="button"
            className="button button-block"
            onClick={askForfeit}
            disabled={busy || !online}
            aria-describedby={forfeitOfferId}
          >
            <Trans>Forfeit bonus and withdraw</Trans>
          </button>
        ) : null}
      </form>
      {offer ? (
        <ConfirmDialog
          open={confirming !== null}
          title={t`Forfeit bonus and withdraw?`}
          confirmLabel={t`Forfeit and withdraw`}
          cancelLabel={t`Keep my bonus`}
          closeLabel={t`Close`}
          onCancel={() => setConfirming(null)}
          onConfirm={forfeitAndWithdraw}
        >
          <ForfeitTerms
            offer={offer}
            withdrawal={minorToMoney(parseAmount(confirming?.amount ?? '', currency) ?? 0n, currency)}
            card={chosenCard ? `${chosenCard.bankName} ${chosenCard.accountNumberMasked}` : ''}
            currency={currency}
          />
        </ConfirmDialog>
      ) : null}
      <PushOffer show={requested} />
    </>
  )
}

/** Exactly what the forfeit loses, then the withdrawal it makes possible. */
function ForfeitTerms({
  offer,
  withdrawal,
  card,
  currency,
}: {
  offer: BonusForfeitOffer
  withdrawal: Money
  card: string
  currency: Currency
}) {
  const lost = showMoney(offer.amount, currency)
  const bonus = showMoney(offer.bonus, currency)
  const capped = offer.amount !== offer.bonus
  const amount = showMoney(withdrawal, currency)
  return (
    <div className="forfeit-terms">
      <p>
        <Trans>
          You lose <strong>{lost}</strong>: it is taken from your balance, and the bonuses still to wager are
          closed.
        </Trans>
      </p>
      {capped ? (
        <p className="muted">
          <Trans>Your open bonuses came to {bonus}; no more than your balance is taken.</Trans>
        </p>
      ) : null}
      <p>
        <Trans>
          Then {amount} is withdrawn to {card}.
        </Trans>
      </p>
    </div>
  )
}

const turnoverNoticeId = 'withdraw-turnover'
const forfeitOfferId = 'withdraw-forfeit-offer'

/** Whether the bonuses' turnover still holds withdrawals back. */
function turnoverBlocks(s: WithdrawSettings): boolean {
  return s.turnover.count > 0
}

/**
 * "Wager 1,240.00 more before you can withdraw", with the open requirements' progress and,
 * where the brand allows it, what forfeiting the bonuses would lose; or, once the newest
 * requirement is met, that the turnover is complete.
 */
function TurnoverNotice({ settings, currency }: { settings: WithdrawSettings; currency: Currency }) {
  const { i18n } = useLingui()
  if (!turnoverBlocks(settings)) {
    const complete = settings.turnoverComplete
    if (complete === null) return null
    return (
      <div className="money-notice" role="status">
        <p>
          <strong>
            <Trans>Bonus turnover complete: you can withdraw.</Trans>
          </strong>
        </p>
        <TurnoverProgress done={complete} required={complete} currency={currency} />
      </div>
    )
  }
  const { remaining, required, done } = settings.turnover
  const offer = settings.bonusForfeit
  const lost = offer ? showMoney(offer.amount, currency) : ''
  return (
    <div className="money-notice" role="status">
      <p id={turnoverNoticeId}>
        <strong>{turnoverText(i18n, remaining, currency)}</strong>
      </p>
      <TurnoverProgress done={done} required={required} currency={currency} />
      <p className="muted">
        <Trans>Valid bets of settled games count towards your bonuses in the order they came.</Trans>
      </p>
      {offer ? (
        <p id={forfeitOfferId}>
          <Trans>Or forfeit your open bonuses and withdraw now: you lose {lost}.</Trans>
        </p>
      ) : null}
    </div>
  )
}

function RecentWithdrawals({ currency, title }: { currency: Currency; title: string }) {
  const withdrawals = useQuery(withdrawalsQueryOptions({ pageNo: 1, pageSize: 10 }))
  const time = useDateTime()
  return (
    <section aria-label={title}>
      <h4>{title}</h4>
      <QueryState query={withdrawals}>
        {(page) =>
          page.list.length === 0 ? (
            <EmptyState title={<Trans>No withdrawals yet.</Trans>} />
          ) : (
            <ul className="money-list">
              {page.list.map((w) => (
                <li key={w.id}>
                  <span>
                    {time(w.createdAt)} · {w.bankName} {w.accountNumberMasked}
                  </span>
                  <span className="money-amount">{showMoney(w.amount, currency)}</span>
                  <span />
                  <span className="money-amount">
                    <WithdrawalStatusLabel status={w.status} />
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
