import { useQuery } from '@tanstack/react-query'
import { balancesQueryOptions } from './api/get-balances'
import type { Currency } from './money-text'

/** The brand's currency, as the balance call reports it. */
export function useCurrency(): Currency {
  const { data } = useQuery(balancesQueryOptions())
  return { symbol: data?.currencySymbol ?? '', decimals: data?.currencyDecimals ?? 2 }
}
