/**
 * The customer-service entries the side bar and the join page show (spec section 1): the
 * brand's, from the status read, for a visitor or a guest; for a real member, the server's
 * answer for that member (the brand's VIP customer service when the member's level has VIP
 * service; decision 030), once the app has taken over the page.
 */
import { useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CustomerService } from '#contract/system'
import { vipEndpoints } from '#contract/vip'
import { useHydrated } from '../hooks/use-hydrated'
import { api } from './api'
import { memberKey } from './member-keys'
import { isGuestType, useSession } from './session'
import { statusQueryOptions } from './status-query'

export const memberCustomerServiceQueryOptions = (token: string | null, locale: string) =>
  queryOptions({
    queryKey: [...memberKey, 'customerService', token, locale],
    queryFn: ({ signal }) => api.call(vipEndpoints.customerService, undefined, { signal }),
    staleTime: 60_000,
  })

/** The entries to show; undefined while the first read is on its way. */
export function useCustomerService(): CustomerService[] | undefined {
  const hydrated = useHydrated()
  const { token, member } = useSession()
  const { i18n } = useLingui()
  const status = useQuery(statusQueryOptions())
  const enabled = hydrated && token !== null && member !== null && !isGuestType(member.type)
  const mine = useQuery({ ...memberCustomerServiceQueryOptions(token, i18n.locale), enabled })
  const brand = status.data?.info.customerService
  return enabled && mine.data ? mine.data.list : brand
}
