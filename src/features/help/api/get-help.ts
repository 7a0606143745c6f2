import { queryOptions } from '@tanstack/react-query'
import { systemEndpoints } from '#contract/system'
import { api } from '../../../lib/api'
import { serverRead } from '../../../lib/server-reads'

export const helpQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['system', 'helpCenter', locale],
    meta: serverRead(systemEndpoints.helpCenter),
    queryFn: ({ signal }) => api.call(systemEndpoints.helpCenter, {}, { signal }),
    staleTime: 10 * 60_000,
  })

export const templatesQueryOptions = (code: string, locale: string) =>
  queryOptions({
    queryKey: ['system', 'templates', code, locale],
    meta: serverRead(systemEndpoints.templates),
    queryFn: ({ signal }) => api.call(systemEndpoints.templates, { code }, { signal }),
    staleTime: 10 * 60_000,
  })
