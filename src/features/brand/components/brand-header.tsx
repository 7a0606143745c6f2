import { useSuspenseQuery } from '@tanstack/react-query'
import { brandQueryOptions } from '../../../lib/brand-query'

/** The brand's logo and name, as the operator set them on the server. */
export function BrandHeader() {
  const { data: brand } = useSuspenseQuery(brandQueryOptions())
  return (
    <header className="app-header">
      <a className="brand" href="/index">
        <img src={brand.logoUrl} alt="" width={32} height={32} />
        <span>{brand.brandName}</span>
      </a>
    </header>
  )
}
