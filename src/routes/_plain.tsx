import { createFileRoute, Outlet } from '@tanstack/react-router'
import { brandQueryOptions } from '../lib/brand-query'
import { SiteFooter } from './-components/site-footer'
import { SiteHeader } from './-components/site-header'

/** Pages without the side bar (the point mall). */
export const Route = createFileRoute('/_plain')({
  loader: ({ context }) => context.queryClient.ensureQueryData(brandQueryOptions()),
  component: () => (
    <div className="layout layout-plain">
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </div>
  ),
})
