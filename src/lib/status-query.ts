import { queryOptions } from '@tanstack/react-query'
import { systemEndpoints } from '#contract/system'
import { api } from './api'

export const statusQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => api.call(systemEndpoints.status, { host: window.location.host }, { signal }),
    // Saved status from an earlier visit is re-checked as soon as the page mounts (so
    // maintenance shows without waiting); one fetched a moment ago is not fetched again.
    staleTime: 5_000,
    refetchInterval: 60_000,
  })

/** The brand's feature tree on its own (the shell's boot data carries it). */
export const whitelabelQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'whitelabel'],
    queryFn: ({ signal }) => api.call(systemEndpoints.whitelabel, undefined, { signal }),
    staleTime: 5 * 60_000,
  })
