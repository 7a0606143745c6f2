/**
 * The member's inbox: a page of messages, the unread count the badges show, and marking
 * read or removing. Under ['member', 'inbox', token] so logging out drops it and another
 * member's messages never show from the cache.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { inboxEndpoints } from '#contract/inbox'
import { api } from '../../../lib/api'
import { memberKey } from '../../../lib/member-keys'
import type { MutationConfig } from '../../../lib/mutation-config'

export const inboxKey = (token: string | null, ...parts: unknown[]) => [
  ...memberKey,
  'inbox',
  token,
  ...parts,
]

export const inboxQueryOptions = (token: string | null, pageNo: number) =>
  queryOptions({
    queryKey: inboxKey(token, 'list', pageNo),
    queryFn: ({ signal }) => api.call(inboxEndpoints.list, { pageNo, pageSize: 10 }, { signal }),
    enabled: token !== null,
  })

/** The unread count: checked again whenever the app comes back to the front (push may be off). */
export const unreadCountQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: inboxKey(token, 'unread'),
    queryFn: ({ signal }) => api.call(inboxEndpoints.unreadCount, undefined, { signal }),
    enabled: token !== null,
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
  })

export function invalidateInbox(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...memberKey, 'inbox'] })
}

type ReadInput = EndpointInput<typeof inboxEndpoints.read>
type RemoveInput = EndpointInput<typeof inboxEndpoints.remove>
type Unread = Awaited<ReturnType<typeof readMessages>>

const readMessages = (input: ReadInput) => api.call(inboxEndpoints.read, input)
const removeMessages = (input: RemoveInput) => api.call(inboxEndpoints.remove, input)

/** Marks these messages read, or all of them without ids. */
export function useReadMessages({
  mutationConfig,
}: { mutationConfig?: MutationConfig<ReadInput, Unread> } = {}) {
  const queryClient = useQueryClient()
  const { onSuccess, ...rest } = mutationConfig ?? {}
  return useMutation({
    ...rest,
    mutationFn: readMessages,
    onSuccess: async (...args) => {
      await onSuccess?.(...args)
      await invalidateInbox(queryClient)
    },
  })
}

export function useRemoveMessages({
  mutationConfig,
}: { mutationConfig?: MutationConfig<RemoveInput, Unread> } = {}) {
  const queryClient = useQueryClient()
  const { onSuccess, ...rest } = mutationConfig ?? {}
  return useMutation({
    ...rest,
    mutationFn: removeMessages,
    onSuccess: async (...args) => {
      await onSuccess?.(...args)
      await invalidateInbox(queryClient)
    },
  })
}
