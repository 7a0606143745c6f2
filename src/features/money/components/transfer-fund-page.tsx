/**
 * My wallet: every wallet with its balance (vendors under maintenance marked), a transfer
 * between two of them and "collect all to the main wallet". In SINGLE wallet mode games
 * draw on the main wallet, so only that one is shown.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { mainAccountTypeId } from '#contract/wallet'
import { FormError } from '../../../components/ui/form-error'
import { QueryState } from '../../../components/ui/query-state'
import { SelectField } from '../../../components/ui/select-field'
import { showToast } from '../../../lib/toast-store'
import { balancesQueryOptions } from '../api/get-balances'
import { merchantWalletQueryOptions } from '../api/get-merchant-wallet'
import { useSweepWallets } from '../api/sweep-wallets'
import { useTransferFund } from '../api/transfer-fund'
import { amountProblem, moneyErrorText, showMoney } from '../money-text'
import { useCurrency } from '../use-currency'
import { AmountField } from './amount-field'
import './money.css'

type Errors = Partial<Record<'from' | 'to' | 'amount', string>>

export function TransferFundPage() {
  const { t, i18n } = useLingui()
  const balances = useQuery(balancesQueryOptions())
  const mode = useQuery(merchantWalletQueryOptions())
  const [from, setFrom] = useState(String(mainAccountTypeId))
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const currency = useCurrency()
  const transferFund = useTransferFund({
    mutationConfig: {
      onSuccess: () => {
        setAmount('')
        showToast(t`The transfer is done.`, 'success')
      },
    },
  })
  const sweepWallets = useSweepWallets({
    mutationConfig: {
      onSuccess: () => showToast(t`Every wallet's balance is back in the main wallet.`, 'success'),
    },
  })
  const pending = transferFund.isPending || sweepWallets.isPending
  const failure = transferFund.error ?? sweepWallets.error
  const formError = failure ? moneyErrorText(i18n, failure, currency) : undefined

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

  function transfer(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    if (!target) next.to = t`Choose a wallet.`
    else if (from === target) next.to = t`Choose two different wallets.`
    const problem = amountProblem(i18n, amount, currency)
    if (problem) next.amount = problem
    setErrors(next)
    sweepWallets.reset()
    transferFund.reset()
    if (Object.keys(next).length > 0) return
    transferFund.mutate({
      fromAccountTypeId: Number(from),
      toAccountTypeId: Number(target),
      amount: amount.trim(),
    })
  }

  function sweep() {
    setErrors({})
    transferFund.reset()
    sweepWallets.mutate({})
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
          <form className="form" onSubmit={transfer} noValidate aria-busy={pending}>
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
          <button type="button" className="button button-block" disabled={pending} onClick={sweep}>
            <Trans>Collect all to main wallet</Trans>
          </button>
        </>
      ) : null}
      <FormError text={formError} />
    </div>
  )
}
