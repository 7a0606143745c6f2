import { createFileRoute, Outlet } from '@tanstack/react-router'
import { brandQueryOptions } from '../lib/brand-query'
import { Staged, takeoverStage } from '../lib/takeover-stages'
import { SiteFooter } from './-components/site-footer'
import { SiteHeader } from './-components/site-header'
import { SiteSideBar } from './-components/site-side-bar'
import { TabBar } from './-components/tab-bar'

/**
 * Most pages: header, side bar, footer; the tab bar on phones. When the app takes over the
 * server's first screen, each (and the page itself) is drawn in a task of its own
 * (src/lib/takeover-stages.tsx).
 */
export const Route = createFileRoute('/_main')({
  loader: ({ context }) => context.queryClient.ensureQueryData(brandQueryOptions()),
  component: () => (
    <div className="layout layout-main layout-tabs">
      <Staged at={takeoverStage.header}>
        <SiteHeader />
      </Staged>
      <div className="layout-body">
        <Staged at={takeoverStage.page}>
          <Outlet />
        </Staged>
        <Staged at={takeoverStage.rest}>
          <SiteSideBar />
        </Staged>
      </div>
      <Staged at={takeoverStage.rest}>
        <SiteFooter />
        <TabBar />
      </Staged>
    </div>
  ),
})
