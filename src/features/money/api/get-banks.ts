import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'
import { fundsEndpoints } from '#contract/funds'

export const banksQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('banks'),
    queryFn: ({ signal }) => api.call(fundsEndpoints.banks, undefined, { signal }),
  })
