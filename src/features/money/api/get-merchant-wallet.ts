import { queryOptions } from '@tanstack/react-query'
import { walletEndpoints } from '#contract/wallet'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export const merchantWalletQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('merchantWallet'),
    queryFn: ({ signal }) => api.call(walletEndpoints.merchantWallet, undefined, { signal }),
  })
