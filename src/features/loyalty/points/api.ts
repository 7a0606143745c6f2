/**
 * The points reads (decision 030): the member's balance, the settings in force, the ways
 * points turn into money and the points details, each under the session's key so a member's
 * points never show from another's cache.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { pointEndpoints } from '#contract/points'
import { recordEndpoints } from '#contract/records'
import { api } from '../../../lib/api'
import { sessionStore } from '../../../lib/storage'

const pointsKey = (...parts: unknown[]) => ['points', sessionStore.token(), ...parts]

export const pointBalanceQueryOptions = () =>
  queryOptions({
    queryKey: pointsKey('balance'),
    queryFn: ({ signal }) => api.call(pointEndpoints.balance, undefined, { signal }),
  })

export const pointConfigQueryOptions = () =>
  queryOptions({
    queryKey: pointsKey('config'),
    queryFn: ({ signal }) => api.call(pointEndpoints.config, undefined, { signal }),
  })

export const pointConversionsQueryOptions = () =>
  queryOptions({
    queryKey: pointsKey('conversionTypes'),
    queryFn: ({ signal }) => api.call(pointEndpoints.conversionTypes, undefined, { signal }),
  })

export const pointMovementsQueryOptions = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: pointsKey('movements', pageNo, pageSize),
    queryFn: ({ signal }) =>
      api.call(recordEndpoints.movements, { pageNo, pageSize, book: 'points' }, { signal }),
    placeholderData: keepPreviousData,
  })
