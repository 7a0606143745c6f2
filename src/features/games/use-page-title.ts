/** The tab title: "<brand> – <page>", put back as it was when the page goes. */
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { brandQueryOptions } from '../../lib/brand-query'

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
