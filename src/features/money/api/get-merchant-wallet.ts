import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export const merchantWalletQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('merchantWallet'),
    queryFn: ({ signal }) => api.wallet.merchantWallet(undefined, { signal }),
  })
