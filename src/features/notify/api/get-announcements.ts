import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { contentEndpoints, type Announcements } from '#contract/content'
import { api } from '../../../lib/api'

/**
 * Announcements before login, in the current language (its key, so a switch refetches): the
 * banners, the notice line, the promotions and the home notices. The server's first screen
 * carries this answer; the popup notices, which open only once the page has settled, are
 * asked for apart (popupNoticesQueryOptions), so their texts do not weigh on the page's HTML.
 */
export const announcementsQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['content', 'announcements', 'B', locale],
    queryFn: ({ signal }) =>
      api.call(
        contentEndpoints.announcements,
        { types: announcementTypes, platform: 'W', execution: 'B' },
        { signal },
      ),
    staleTime: 5 * 60_000,
  })

/** What the first screen's answer holds (server/http/shell.ts asks for the same). */
export const announcementTypes = 'B,PL,PR,H'

/** The popup notices before login, in the current language. */
export const popupNoticesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['content', 'popup-notices', 'B', locale],
    queryFn: async ({ signal }) =>
      (
        await api.call(
          contentEndpoints.announcements,
          { types: 'PU', platform: 'W', execution: 'B' },
          { signal },
        )
      ).popup,
    staleTime: 5 * 60_000,
  })

/**
 * What the page shows while its language's announcements load: the ones it showed a moment
 * ago, else any language's already fetched (the server's first screen was drawn in the
 * cookie's language, and a player's saved choice may differ). The banners and the notice line
 * keep their boxes, and their text changes in place when the answer comes.
 */
export function announcementsPlaceholder(queryClient: QueryClient) {
  return (previous: Announcements | undefined): Announcements | undefined =>
    previous ??
    queryClient
      .getQueriesData<Announcements>({ queryKey: ['content', 'announcements', 'B'] })
      .find(([, data]) => data !== undefined)?.[1]
}
