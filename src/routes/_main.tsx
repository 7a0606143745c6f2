import { createFileRoute, Outlet } from '@tanstack/react-router'
import { brandQueryOptions } from '../lib/brand-query'
import { SiteFooter } from './-components/site-footer'
import { SiteHeader } from './-components/site-header'
import { SiteSideBar } from './-components/site-side-bar'

/** Most pages: header, side bar, footer. */
export const Route = createFileRoute('/_main')({
  loader: ({ context }) => context.queryClient.ensureQueryData(brandQueryOptions()),
  component: () => (
    <div className="layout layout-main">
      <SiteHeader />
      <div className="layout-body">
        <Outlet />
        <SiteSideBar />
      </div>
      <SiteFooter />
    </div>
  ),
})
