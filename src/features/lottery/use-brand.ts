/** What the lottery pages need of the brand: its currency and the tab title. */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Currency } from '#contract/money'
import { brandQueryOptions } from '../../lib/brand-query'

/** The brand's currency (symbol and decimals); every route loads the brand before it renders. */
export function useCurrency(): Currency {
  const { data } = useSuspenseQuery(brandQueryOptions())
  return { symbol: data.currencySymbol, decimals: data.currencyDecimals }
}

/** The tab title: "<brand> – <page>", put back as it was when the page goes. */
export function usePageTitle(page: string): void {
  const brand = useQuery(brandQueryOptions()).data?.brandName
  useEffect(() => {
    const before = document.title
    document.title = brand ? `${brand} – ${page}` : page
    return () => {
      document.title = before
    }
  }, [brand, page])
}
