import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export const bankCardsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('bankCards'),
    queryFn: ({ signal }) => api.funds.bankCards(undefined, { signal }),
  })
