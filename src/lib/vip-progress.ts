/**
 * The member's VIP progress (decision 030): read by the VIP page and by the member card's
 * level badge, so it sits here, as features never import each other. Under the session's
 * token, so a member's level never shows from another's cache.
 */
import { queryOptions } from '@tanstack/react-query'
import { vipEndpoints } from '#contract/vip'
import { api } from './api'
import { sessionStore } from './storage'

export const vipKey = (...parts: unknown[]): unknown[] => ['vip', sessionStore.token(), ...parts]

/** The member's level, its badge and the way to the next (which may upgrade on the server). */
export const vipProgressQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: vipKey('progress', locale),
    queryFn: ({ signal }) => api.call(vipEndpoints.progress, undefined, { signal }),
  })
