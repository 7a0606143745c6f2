/**
 * My wallet: every wallet with its balance (vendors under maintenance marked), a transfer
 * between two of them and "collect all to the main wallet". In SINGLE wallet mode games
 * draw on the main wallet, so only that one is shown.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { mainAccountTypeId, walletEndpoints } from '#contract/wallet'
import { FormError } from '../../../components/ui/form-error'
import { SelectField } from '../../../components/ui/select-field'
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key'
import { api } from '../../../lib/api'
import { showToast } from '../../../lib/toast-store'
import { balancesQueryOptions } from '../api/get-balances'
import { merchantWalletQueryOptions } from '../api/get-merchant-wallet'
import { invalidateMoney } from '../api/money-keys'
import { amountProblem, moneyErrorText, showMoney } from '../money-text'
import { useCurrency } from '../use-currency'
import { AmountField } from './amount-field'
import { QueryState } from './query-state'

type Errors = Partial<Record<'from' | 'to' | 'amount' | 'form', string>>

export function TransferFundPage() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const balances = useQuery(balancesQueryOptions())
  const mode = useQuery(merchantWalletQueryOptions())
  const [from, setFrom] = useState(String(mainAccountTypeId))
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [pending, setPending] = useState(false)
  const transferKey = useIdempotencyKey({ from, to, amount })
  const sweepKey = useIdempotencyKey('sweep')

  const currency = useCurrency()
  const single = mode.data?.walletMode === 'SINGLE'
  const wallets = (balances.data?.balance ?? []).filter(
    (w) => !single || w.accountTypeId === mainAccountTypeId,
  )
  const target = to || String(wallets.find((w) => w.accountTypeId !== mainAccountTypeId)?.accountTypeId ?? '')
  const nameOf = (w: { accountTypeId: number; accountTypeName: string }) =>
    w.accountTypeId === mainAccountTypeId ? t`Main wallet` : w.accountTypeName
  const options = wallets.map((w) => ({
    value: String(w.accountTypeId),
    label: w.status === 'MAINTENANCE' ? `${nameOf(w)} (${t`Maintenance`})` : nameOf(w),
  }))

  async function transfer(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    if (!target) next.to = t`Choose a wallet.`
    else if (from === target) next.to = t`Choose two different wallets.`
    const problem = amountProblem(i18n, amount, currency)
    if (problem) next.amount = problem
    setErrors(next)
    if (Object.keys(next).length > 0) return
    setPending(true)
    try {
      await api.call(
        walletEndpoints.transfer,
        { fromAccountTypeId: Number(from), toAccountTypeId: Number(target), amount: amount.trim() },
        { idempotencyKey: transferKey.key() },
      )
      transferKey.done()
      setAmount('')
      showToast(t`The transfer is done.`, 'success')
      await invalidateMoney(queryClient)
    } catch (err) {
      setErrors({ form: moneyErrorText(i18n, err, currency) })
    } finally {
      setPending(false)
    }
  }

  async function sweep() {
    setErrors({})
    setPending(true)
    try {
      await api.call(walletEndpoints.sweep, {}, { idempotencyKey: sweepKey.key() })
      sweepKey.done()
      showToast(t`Every wallet's balance is back in the main wallet.`, 'success')
      await invalidateMoney(queryClient)
    } catch (err) {
      setErrors({ form: moneyErrorText(i18n, err, currency) })
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="money-page">
      <QueryState query={balances}>
        {(data) => (
          <section aria-labelledby="wallets-title">
            <h4 id="wallets-title">
              <Trans>Wallets</Trans>
            </h4>
            <p>
              <Trans>Total balance:</Trans> <strong>{showMoney(data.sumBalance, currency)}</strong>
            </p>
            <ul className="money-list">
              {wallets.map((w) => (
                <li key={w.accountTypeId}>
                  <span>
                    {nameOf(w)}
                    {w.status === 'MAINTENANCE' ? (
                      <>
                        {' '}
                        <span className="badge">
                          <Trans>Maintenance</Trans>
                        </span>
                      </>
                    ) : null}
                  </span>
                  <span className="money-amount">{showMoney(w.availBalance, currency)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </QueryState>
      {balances.data && mode.data && !single ? (
        <>
          <form className="form" onSubmit={(e) => void transfer(e)} noValidate aria-busy={pending}>
            <h4>
              <Trans>Transfer between wallets</Trans>
            </h4>
            <SelectField
              label={t`From wallet`}
              value={from}
              options={options}
              onChange={(e) => setFrom(e.target.value)}
              error={errors.from}
            />
            <SelectField
              label={t`To wallet`}
              value={target}
              options={options}
              onChange={(e) => setTo(e.target.value)}
              error={errors.to}
            />
            <AmountField
              label={t`Amount`}
              value={amount}
              onChange={setAmount}
              error={errors.amount}
              currency={currency}
            />
            <button type="submit" className="button button-primary button-block" disabled={pending}>
              <Trans>Transfer</Trans>
            </button>
          </form>
          <button
            type="button"
            className="button button-block"
            disabled={pending}
            onClick={() => void sweep()}
          >
            <Trans>Collect all to main wallet</Trans>
          </button>
        </>
      ) : null}
      <FormError text={errors.form} />
    </div>
  )
}
