import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { brandQueryOptions } from '../features/brand/api/get-brand'
import { statusQueryOptions } from '../features/brand/api/get-status'
import { BrandHeader } from '../features/brand/components/brand-header'
import { CustomerServiceList } from '../features/brand/components/customer-service-list'

export const Route = createFileRoute('/index')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(brandQueryOptions()),
      context.queryClient.ensureQueryData(statusQueryOptions()),
    ]),
  component: HomePage,
})

function HomePage() {
  const { data: brand } = useSuspenseQuery(brandQueryOptions())
  const { data: status } = useSuspenseQuery(statusQueryOptions())
  return (
    <>
      <BrandHeader />
      <main className="page">
        <section className="card hero">
          <h1>
            <Trans>Welcome to {brand.brandName}</Trans>
          </h1>
          <p>
            <Trans>
              Lottery, live casino, sports, slots, fish and card games. Balances in {brand.currency} (
              {brand.currencySymbol}).
            </Trans>
          </p>
        </section>
        <CustomerServiceList entries={status.info.customerService} />
      </main>
    </>
  )
}
