/**
 * The VIP reads: the member's progress (which may upgrade on the server) and the brand's
 * table of levels, each under the promotions' session key so a member's level never shows
 * from another's cache.
 */
import { queryOptions } from '@tanstack/react-query'
import { vipEndpoints } from '#contract/vip'
import { api } from '../../../lib/api'
import { sessionStore } from '../../../lib/storage'

const vipKey = (...parts: unknown[]) => ['vip', sessionStore.token(), ...parts]

export const vipProgressQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: vipKey('progress', locale),
    queryFn: ({ signal }) => api.call(vipEndpoints.progress, undefined, { signal }),
  })

export const vipRulesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['vip', 'rules', locale],
    queryFn: ({ signal }) => api.call(vipEndpoints.rules, undefined, { signal }),
  })
