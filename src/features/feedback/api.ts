/**
 * The feedback calls (issue 37): the member's own feedback with the brand's limits, an
 * image of theirs, and sending one. Keyed by the session, so one member's feedback never
 * shows from another's cache.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { feedbackEndpoints } from '#contract/feedback'
import { useIdempotentMutation } from '../../hooks/use-idempotent-mutation'
import { api } from '../../lib/api'
import type { MutationConfig } from '../../lib/mutation-config'
import { sessionStore } from '../../lib/storage'

const feedbackKey = (...parts: unknown[]) => ['feedback', sessionStore.token(), ...parts]

export const feedbackListQueryOptions = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: feedbackKey('list', pageNo, pageSize),
    queryFn: ({ signal }) => api.call(feedbackEndpoints.list, { pageNo, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  })

/** An image of the member's feedback, as a data: address (stored images never change). */
export const feedbackImageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: feedbackKey('image', id),
    queryFn: async ({ signal }) => {
      const img = await api.call(feedbackEndpoints.image, { id }, { signal })
      return `data:${img.contentType};base64,${img.data}`
    },
    staleTime: Infinity,
    gcTime: 10 * 60 * 1000,
  })

export type SubmitFeedbackInput = EndpointInput<typeof feedbackEndpoints.submit>

const submit = (input: SubmitFeedbackInput, idempotencyKey: string) =>
  api.call(feedbackEndpoints.submit, input, { idempotencyKey })

/** Sends feedback; the key lives with the form's input, so a retry sends it once. */
export function useSubmitFeedback(
  mutationConfig?: MutationConfig<SubmitFeedbackInput, Awaited<ReturnType<typeof submit>>>,
) {
  return useIdempotentMutation({
    call: submit,
    invalidate: (queryClient) => queryClient.invalidateQueries({ queryKey: ['feedback'] }),
    mutationConfig,
  })
}
