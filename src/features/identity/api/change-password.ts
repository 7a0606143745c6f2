import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import { memberKey } from '../../../lib/member-keys'
import type { MutationConfig } from '../../../lib/mutation-config'
import { passwordChanged, setMember } from '../../../lib/session'

export type ChangePasswordInput = EndpointInput<typeof identityEndpoints.changePassword>

/** Changes the login password. Other sessions end on the server; this one stays. */
export const changePassword = (input: ChangePasswordInput) =>
  api.call(identityEndpoints.changePassword, input)

/**
 * After a change the session no longer has to change its password, and the member info
 * (password dates) is read again before the caller's onSuccess runs.
 */
export function useChangePassword({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<ChangePasswordInput, Awaited<ReturnType<typeof changePassword>>>
} = {}) {
  const queryClient = useQueryClient()
  const { onSuccess, ...rest } = mutationConfig ?? {}
  return useMutation({
    ...rest,
    mutationFn: changePassword,
    onSuccess: async (...args) => {
      passwordChanged()
      setMember(await api.call(identityEndpoints.memberInfo))
      await queryClient.invalidateQueries({ queryKey: memberKey })
      await onSuccess?.(...args)
    },
  })
}
