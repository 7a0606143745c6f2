import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import { memberKey } from '../../../lib/member-keys'
import type { MutationConfig } from '../../../lib/mutation-config'
import { setMember } from '../../../lib/session'

export type ChangeAvatarInput = EndpointInput<typeof identityEndpoints.changeIcon>

/** Chooses one of the static avatars the PWA ships. */
export const changeAvatar = (input: ChangeAvatarInput) => api.call(identityEndpoints.changeIcon, input)

/** After a change the session's member (the header's avatar) and the member info are read again. */
export function useChangeAvatar({
  mutationConfig,
}: { mutationConfig?: MutationConfig<ChangeAvatarInput, Awaited<ReturnType<typeof changeAvatar>>> } = {}) {
  const queryClient = useQueryClient()
  const { onSuccess, ...rest } = mutationConfig ?? {}
  return useMutation({
    ...rest,
    mutationFn: changeAvatar,
    onSuccess: async (...args) => {
      setMember(await api.call(identityEndpoints.memberInfo))
      await onSuccess?.(...args)
      await queryClient.invalidateQueries({ queryKey: [...memberKey, 'info'] })
    },
  })
}
