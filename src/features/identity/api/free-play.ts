import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type StartFreePlayInput = EndpointInput<typeof identityEndpoints.freePlay>

/** Starts a guest (free-play) session. */
export const startFreePlay = (input: StartFreePlayInput) => api.call(identityEndpoints.freePlay, input)

export function useFreePlay({
  mutationConfig,
}: { mutationConfig?: MutationConfig<StartFreePlayInput, Awaited<ReturnType<typeof startFreePlay>>> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: startFreePlay })
}
