import { queryOptions } from '@tanstack/react-query'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export const bankCardsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('bankCards'),
    queryFn: ({ signal }) => api.call(fundsEndpoints.bankCards, undefined, { signal }),
  })
