import { queryOptions } from '@tanstack/react-query'
import { walletEndpoints } from '#contract/wallet'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

/** Every wallet and the sum; refetched whenever the window regains focus. */
export const balancesQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('balance'),
    queryFn: ({ signal }) => api.call(walletEndpoints.balance, {}, { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
  })
