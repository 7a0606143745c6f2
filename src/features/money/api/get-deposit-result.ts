import { queryOptions } from '@tanstack/react-query'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

/** How an online payment ended, read from the server (a reload asks again); asked again while it waits. */
export const depositResultQueryOptions = (order: string) =>
  queryOptions({
    queryKey: moneyKey('deposit-result', order),
    queryFn: ({ signal }) => api.call(fundsEndpoints.depositResult, { order }, { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'PENDING' ? 5_000 : false),
  })
