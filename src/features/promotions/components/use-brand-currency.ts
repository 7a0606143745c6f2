import { useSuspenseQuery } from '@tanstack/react-query'
import type { Currency } from '#contract/money'
import { brandQueryOptions } from '../../../lib/brand-query'

/** The brand's currency, from the settings every route loads before it renders. */
export function useBrandCurrency(): Currency {
  const { data } = useSuspenseQuery(brandQueryOptions())
  return { symbol: data.currencySymbol, decimals: data.currencyDecimals }
}
