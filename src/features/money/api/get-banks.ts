import { queryOptions } from '@tanstack/react-query'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export const banksQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('banks'),
    queryFn: ({ signal }) => api.call(fundsEndpoints.banks, undefined, { signal }),
  })
