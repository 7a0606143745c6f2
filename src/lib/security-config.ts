/**
 * The member's security settings (`login.securityConfig`, decision 031): whether the
 * authenticator app is on, and whether the brand asks for its code on withdrawal. Shared:
 * the security centre shows and changes them, the withdraw form asks for the code by them.
 * Under the member's key, so logging out drops them.
 */
import { queryOptions } from '@tanstack/react-query'
import { authenticatorEndpoints } from '#contract/authenticator'
import { api } from './api'
import { memberKey } from './member-keys'
import { sessionStore } from './storage'

export const securityConfigKey = () => [...memberKey, 'securityConfig', sessionStore.token()] as const

export const securityConfigQueryOptions = () =>
  queryOptions({
    queryKey: securityConfigKey(),
    queryFn: ({ signal }) => api.call(authenticatorEndpoints.securityConfig, undefined, { signal }),
  })
