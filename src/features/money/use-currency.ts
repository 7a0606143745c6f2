import { useSuspenseQuery } from '@tanstack/react-query'
import type { Currency } from '#contract/money'
import { brandQueryOptions } from '../../lib/brand-query'

/**
 * The brand's currency (its symbol and decimals), from the brand settings every route
 * loads before it renders. No fallback: a guessed number of decimals would read "100" as
 * a hundred times too much or too little.
 */
export function useCurrency(): Currency {
  const { data } = useSuspenseQuery(brandQueryOptions())
  return { symbol: data.currencySymbol, decimals: data.currencyDecimals }
}
