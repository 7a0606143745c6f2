import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'
import { fundsEndpoints } from '#contract/funds'

export const bankCardsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('bankCards'),
    queryFn: ({ signal }) => api.call(fundsEndpoints.bankCards, undefined, { signal }),
  })
