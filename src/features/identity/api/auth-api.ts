import { queryOptions } from '@tanstack/react-query'
import { identityEndpoints } from '#contract/identity'
import { systemEndpoints } from '#contract/system'
import { api } from '../../../lib/api'
import { serverRead } from '../../../lib/server-reads'

export const registerRulesQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'registerSettings'],
    queryFn: ({ signal }) => api.call(systemEndpoints.registerSettings, undefined, { signal }),
    staleTime: 10 * 60_000,
  })

export const affiliateQueryOptions = (code: string | undefined) =>
  queryOptions({
    queryKey: ['identity', 'affiliate', code],
    queryFn: ({ signal }) =>
      api.call(identityEndpoints.affiliate, { code: code ?? '', domain: window.location.host }, { signal }),
    enabled: !!code,
    staleTime: 10 * 60_000,
  })

export const termsQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['system', 'templates', 'terms', locale],
    meta: serverRead(systemEndpoints.templates),
    queryFn: ({ signal }) => api.call(systemEndpoints.templates, { code: 'terms' }, { signal }),
    staleTime: 10 * 60_000,
  })

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'country'],
    queryFn: ({ signal }) => api.call(systemEndpoints.country, undefined, { signal }),
    staleTime: 60 * 60_000,
  })

export const socialProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['identity', 'socialProviders'],
    queryFn: ({ signal }) => api.call(identityEndpoints.socialProviders, undefined, { signal }),
    staleTime: 5 * 60_000,
  })
