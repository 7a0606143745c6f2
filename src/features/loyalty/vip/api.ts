/**
 * The brand's table of levels; the member's progress is read through
 * src/lib/vip-progress.ts, shared with the member card.
 */
import { queryOptions } from '@tanstack/react-query'
import { vipEndpoints } from '#contract/vip'
import { api } from '../../../lib/api'

export const vipRulesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['vip', 'rules', locale],
    queryFn: ({ signal }) => api.call(vipEndpoints.rules, undefined, { signal }),
  })
