import { createFileRoute, Outlet } from '@tanstack/react-router'
import { brandQueryOptions } from '../lib/brand-query'
import { SiteFooter } from './-components/site-footer'
import { SiteHeader } from './-components/site-header'
import { SiteSideBar } from './-components/site-side-bar'
import { TabBar } from './-components/tab-bar'

/** Most pages: header, side bar, footer; the tab bar on phones. */
export const Route = createFileRoute('/_main')({
  loader: ({ context }) => context.queryClient.ensureQueryData(brandQueryOptions()),
  component: () => (
    <div className="layout layout-main layout-tabs">
      <SiteHeader />
      <div className="layout-body">
        <Outlet />
        <SiteSideBar />
      </div>
      <SiteFooter />
      <TabBar />
    </div>
  ),
})
