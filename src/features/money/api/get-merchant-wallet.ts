import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'
import { walletEndpoints } from '#contract/wallet'

export const merchantWalletQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('merchantWallet'),
    queryFn: ({ signal }) => api.call(walletEndpoints.merchantWallet, undefined, { signal }),
  })
