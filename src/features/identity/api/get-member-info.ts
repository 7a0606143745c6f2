/**
 * The signed-in member's details, read at app start with a stored session and after a login.
 * The identity rows load with the first call, so a visitor's page never carries them.
 */
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { memberInfoKey } from '../../../lib/member-keys'

export const memberInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: memberInfoKey(token),
    queryFn: async ({ signal }) => {
      const { identityEndpoints: rows } = await import('#contract/identity')
      return api.call(rows.memberInfo, undefined, { signal })
    },
    enabled: token !== null,
    staleTime: 60_000,
  })
