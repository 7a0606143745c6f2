/**
 * My account: the member's details, the payment password (set it with the login password,
 * or change it), and bank cards (added and deleted with the payment password, up to the
 * brand's limit).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { checkField } from '#contract/register-rules'
import type { RegisterFieldRule } from '#contract/system'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormError } from '../../../components/ui/form-error'
import { QueryState } from '../../../components/ui/query-state'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { ApiError } from '../../../lib/api-client'
import { errorText } from '../../../lib/error-messages'
import { fieldProblemText } from '../../../lib/field-messages'
import { showToast } from '../../../lib/toast-store'
import { useAddBankCard } from '../api/add-bank-card'
import { useChangePaymentPassword } from '../api/change-payment-password'
import { useDeleteBankCard } from '../api/delete-bank-card'
import { bankCardsQueryOptions } from '../api/get-bank-cards'
import { banksQueryOptions } from '../api/get-banks'
import { withdrawSettingsQueryOptions } from '../api/get-withdraw-settings'
import { useSetPaymentPassword } from '../api/set-payment-password'
import { paymentPasswordProblem } from '../money-text'
import { useDateTime } from '../use-date-time'
import { BankLogo } from './bank-badge'
import './money.css'

/** What the page shows of the member (the session's snapshot of member info). */
export interface MemberSummary {
  account: string
  nickname: string
  regDate: number
  mobile: string | null
  clubLabel: { labelName: string } | null
  memberLabel: readonly { labelName: string }[]
}

export function SecurityCentrePage({ member }: { member: MemberSummary | null }) {
  const time = useDateTime()
  const settings = useQuery(withdrawSettingsQueryOptions())
  return (
    <div className="money-page">
      {member ? (
        <section aria-labelledby="member-info-title">
          <h4 id="member-info-title">
            <Trans>Member information</Trans>
          </h4>
          <dl className="money-facts">
            <dt>
              <Trans>Account</Trans>
            </dt>
            <dd>{member.account}</dd>
            <dt>
              <Trans>Nickname</Trans>
            </dt>
            <dd>{member.nickname}</dd>
            <dt>
              <Trans>Registered</Trans>
            </dt>
            <dd>{time(member.regDate)}</dd>
            {member.mobile ? (
              <>
                <dt>
                  <Trans>Mobile number</Trans>
                </dt>
                <dd>{member.mobile}</dd>
              </>
            ) : null}
            {member.clubLabel || member.memberLabel.length > 0 ? (
              <>
                <dt>
                  <Trans>Labels</Trans>
                </dt>
                <dd>
                  {[member.clubLabel?.labelName, ...member.memberLabel.map((l) => l.labelName)]
                    .filter(Boolean)
                    .join(', ')}
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
      <QueryState query={settings}>
        {(s) => (
          <>
            <PaymentPasswordForm exists={s.hasPaymentPassword} rule={s.paymentPasswordRule} />
            {s.hasPaymentPassword ? <BankCards max={s.maxBankCards} /> : null}
          </>
        )}
      </QueryState>
    </div>
  )
}

type PwErrors = Partial<Record<'current' | 'next' | 'confirm' | 'form', string>>

function PaymentPasswordForm({ exists, rule }: { exists: boolean; rule: RegisterFieldRule | undefined }) {
  const { t, i18n } = useLingui()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [invalid, setInvalid] = useState<PwErrors>({})
  const clear = () => {
    setCurrent('')
    setNext('')
    setConfirm('')
  }
  const change = useChangePaymentPassword({
    mutationConfig: {
      onSuccess: () => {
        showToast(t`Your payment password has been changed.`, 'success')
        clear()
      },
    },
  })
  const set = useSetPaymentPassword({
    mutationConfig: {
      onSuccess: () => {
        showToast(t`Your payment password is set.`, 'success')
        clear()
      },
    },
  })
  const pending = change.isPending || set.isPending
  const refusal = change.error ?? set.error
  const errors = refusal ? refusalErrors(refusal) : invalid

  function refusalErrors(err: Error): PwErrors {
    const code = err instanceof ApiError ? err.errorCode : null
    const text = errorText(i18n, err)
    const ruleProblem = paymentPasswordProblem(err)
    return ruleProblem
      ? { next: fieldProblemText(i18n, ruleProblem) }
      : code === 'old_password_wrong' ||
          code === 'payment_password_wrong' ||
          code === 'payment_password_locked'
        ? { current: text }
        : code === 'password_mismatch'
          ? { confirm: text }
          : code === 'password_same_as_old'
            ? { next: text }
            : { form: text }
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    const found: PwErrors = {}
    if (!current) found.current = t`This field cannot be empty.`
    const problem = rule
      ? checkField({ ...rule, enabled: true, required: true }, next)
      : next
        ? null
        : ({ kind: 'required' } as const)
    if (problem) found.next = fieldProblemText(i18n, problem)
    if (confirm !== next) found.confirm = t`The confirmation is inconsistent with the new password.`
    setInvalid(found)
    change.reset()
    set.reset()
    if (Object.keys(found).length > 0) return
    if (exists) {
      change.mutate({
        oldPaymentPassword: current,
        newPaymentPassword: next,
        confirmPaymentPassword: confirm,
      })
    } else {
      set.mutate({ loginPassword: current, paymentPassword: next, confirmPaymentPassword: confirm })
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
      <h4>{exists ? <Trans>Change payment password</Trans> : <Trans>Set a payment password</Trans>}</h4>
      {!exists ? (
        <p className="muted">
          <Trans>Withdrawals, bank cards and transfers to your upline need a payment password.</Trans>
        </p>
      ) : null}
      <TextField
        label={exists ? t`Current payment password` : t`Login password`}
        type="password"
        autoComplete={exists ? 'off' : 'current-password'}
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={errors.current}
        required
      />
      <TextField
        label={t`New payment password`}
        type="password"
        autoComplete="new-password"
        inputMode={rule?.patternId === 'DIGITS' ? 'numeric' : undefined}
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={errors.next}
        hint={
          rule
            ? fieldProblemText(i18n, {
                kind: 'pattern',
                patternId: rule.patternId,
                min: rule.minLength,
                max: rule.maxLength,
              })
            : undefined
        }
        required
      />
      <TextField
        label={t`Confirm new payment password`}
        type="password"
        autoComplete="new-password"
        inputMode={rule?.patternId === 'DIGITS' ? 'numeric' : undefined}
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
        required
      />
      <FormError text={errors.form} />
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        {exists ? <Trans>Change payment password</Trans> : <Trans>Set payment password</Trans>}
      </button>
    </form>
  )
}

type CardErrors = Partial<
  Record<'bank' | 'accountName' | 'accountNumber' | 'paymentPassword' | 'form', string>
>

function BankCards({ max }: { max: number }) {
  const { t, i18n } = useLingui()
  const cards = useQuery(bankCardsQueryOptions())
  const banks = useQuery(banksQueryOptions())
  const [bank, setBank] = useState('')
  const [accountName, setAccountName] = useState('')
  const [accountNumber, setAccountNumber] = useState('')
  const [paymentPassword, setPaymentPassword] = useState('')
  const [invalid, setInvalid] = useState<CardErrors>({})
  const [deleting, setDeleting] = useState<number | null>(null)
  const [deletePassword, setDeletePassword] = useState('')
  const [deleteInvalid, setDeleteInvalid] = useState<string | null>(null)
  const chosenBank = bank || banks.data?.[0]?.code || ''
  const addCard = useAddBankCard({
    mutationConfig: {
      onSuccess: () => {
        setAccountName('')
        setAccountNumber('')
        setPaymentPassword('')
        showToast(t`The bank card is added.`, 'success')
      },
    },
  })
  const deleteCard = useDeleteBankCard({
    mutationConfig: {
      onSuccess: () => {
        setDeleting(null)
        setDeletePassword('')
        showToast(t`The bank card is deleted.`, 'success')
      },
    },
  })
  const errors = addCard.error ? passwordOrForm(addCard.error) : invalid
  const deleteError = deleteInvalid ?? (deleteCard.error ? errorText(i18n, deleteCard.error) : null)

  function passwordOrForm(err: unknown): CardErrors {
    const code = err instanceof ApiError ? err.errorCode : null
    const text = errorText(i18n, err)
    return code === 'payment_password_wrong' || code === 'payment_password_locked'
      ? { paymentPassword: text }
      : { form: text }
  }

  function add(e: FormEvent) {
    e.preventDefault()
    const found: CardErrors = {}
    if (!chosenBank) found.bank = t`Choose a bank.`
    if (!accountName.trim()) found.accountName = t`This field cannot be empty.`
    if (!/^\d{6,34}$/.test(accountNumber.replace(/[\s-]+/g, '')))
      found.accountNumber = t`Enter an account number of 6 to 34 digits.`
    if (!paymentPassword) found.paymentPassword = t`This field cannot be empty.`
    setInvalid(found)
    addCard.reset()
    if (Object.keys(found).length > 0) return
    addCard.mutate({
      bankCode: chosenBank,
      accountName: accountName.trim(),
      accountNumber: accountNumber.trim(),
      paymentPassword,
    })
  }

  function cancelDelete() {
    setDeleting(null)
    setDeletePassword('')
    setDeleteInvalid(null)
    deleteCard.reset()
  }

  function remove() {
    if (deleting === null || deleteCard.isPending) return
    deleteCard.reset()
    if (!deletePassword) {
      setDeleteInvalid(t`This field cannot be empty.`)
      return
    }
    setDeleteInvalid(null)
    deleteCard.mutate({ cardId: deleting, paymentPassword: deletePassword })
  }

  return (
    <section aria-labelledby="bank-cards-title">
      <h4 id="bank-cards-title">
        <Trans>Bank cards</Trans>
      </h4>
      <QueryState query={cards}>
        {(list) => (
          <>
            {list.length === 0 ? (
              <p className="muted">
                <Trans>No bank cards yet.</Trans>
              </p>
            ) : (
              <ul className="money-list">
                {list.map((c) => (
                  <li key={c.id}>
                    <span className="bank-card-name">
                      <BankLogo name={c.bankName} logoUrl={c.logoUrl} />
                      <span>
                        {c.bankName} · {c.accountName} · {c.accountNumberMasked}
                      </span>
                    </span>
                    <button
                      type="button"
                      className="button"
                      onClick={() => {
                        setDeleting(c.id)
                        setDeleteInvalid(null)
                        deleteCard.reset()
                      }}
                    >
                      <Trans>Delete</Trans>
                      <span className="visually-hidden">
                        {' '}
                        {c.bankName} {c.accountNumberMasked}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {list.length < max ? (
              <form className="form" onSubmit={add} noValidate aria-busy={addCard.isPending}>
                <h4>
                  <Trans>Add a bank card</Trans>
                </h4>
                <SelectField
                  label={t`Bank`}
                  value={chosenBank}
                  options={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
                  onChange={(e) => setBank(e.target.value)}
                  error={errors.bank}
                />
                <TextField
                  label={t`Account holder's name`}
                  autoComplete="name"
                  value={accountName}
                  maxLength={64}
                  onChange={(e) => setAccountName(e.target.value)}
                  error={errors.accountName}
                  required
                />
                <TextField
                  label={t`Account number`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={accountNumber}
                  maxLength={40}
                  onChange={(e) => setAccountNumber(e.target.value)}
                  error={errors.accountNumber}
                  required
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
                  disabled={addCard.isPending}
                >
                  <Trans>Add bank card</Trans>
                </button>
              </form>
            ) : (
              <p className="muted">
                <Trans>You can add at most {max} bank cards.</Trans>
              </p>
            )}
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete bank card`}
        confirmLabel={t`Delete`}
        cancelLabel={t`Cancel`}
        closeLabel={t`Close`}
        onCancel={cancelDelete}
        onConfirm={remove}
      >
        <TextField
          label={t`Payment password`}
          type="password"
          autoComplete="off"
          value={deletePassword}
          onChange={(e) => setDeletePassword(e.target.value)}
          error={deleteError}
          required
        />
      </ConfirmDialog>
    </section>
  )
}
