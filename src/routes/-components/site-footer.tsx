import { useSuspenseQuery } from '@tanstack/react-query'
import { AppFooter } from '../../components/layout/app-footer'
import { brandQueryOptions } from '../../lib/brand-query'

export function SiteFooter() {
  const { data: brand } = useSuspenseQuery(brandQueryOptions())
  return <AppFooter brandName={brand.brandName} />
}
