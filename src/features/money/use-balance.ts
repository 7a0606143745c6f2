import { useQuery } from '@tanstack/react-query'
import { moneyToMinor } from '#contract/money'
import { balancesQueryOptions } from './api/get-balances'
import { useCurrency } from './use-currency'

/**
 * The member's total balance as the header and the member centre show it: the query (to
 * refresh it), the amount in minor units (null while unknown), and the currency the balance
 * answer names, the brand's standing in while it loads.
 */
export function useBalance() {
  const balances = useQuery(balancesQueryOptions())
  const data = balances.data
  const brandCurrency = useCurrency()
  const currency = data ? { symbol: data.currencySymbol, decimals: data.currencyDecimals } : brandCurrency
  const amountMinor = data ? moneyToMinor(data.sumBalance, currency).toString() : null
  return { balances, currency, amountMinor }
}
