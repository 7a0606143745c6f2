import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { contentEndpoints } from '#contract/content'

/** Announcements before login, in the current language (its key, so a switch refetches). */
export const announcementsQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['content', 'announcements', 'B', locale],
    queryFn: ({ signal }) =>
      api.call(
        contentEndpoints.announcements,
        { types: 'B,PL,PU,PR,H', platform: 'W', execution: 'B' },
        { signal },
      ),
    staleTime: 5 * 60_000,
  })
