/**
 * The shape of every mutation that moves money (bulletproof-react's create-discussion.ts,
 * plus the key): the Idempotency-Key lives here, one per input (useIdempotencyKey's rule);
 * pending and error come from useMutation; after a success the key is spent, the caller's
 * onSuccess runs, then `invalidate` refreshes the queries the money changed (through their
 * own key), and the mutation stays pending until they are refetched.
 *
 * Because it carries a key, it is the one kind of write retried on its own: after a transport
 * failure only (retryIdempotent), with the same key, waiting the query client's mutation
 * backoff; it stays pending meanwhile, and the user sees the error once the retries are spent
 * (a press of the button then sends the same key again).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { retryIdempotent, type MutationConfig } from '../lib/mutation-config'
import { useIdempotencyKey } from './use-idempotency-key'

export function useIdempotentMutation<TInput, TData>({
  call,
  invalidate,
  mutationConfig,
}: {
  call: (input: TInput, idempotencyKey: string) => Promise<TData>
  invalidate?: (queryClient: QueryClient) => Promise<void>
  mutationConfig?: MutationConfig<TInput, TData> | undefined
}) {
  const queryClient = useQueryClient()
  const key = useIdempotencyKey()
  const { onSuccess, ...rest } = mutationConfig ?? {}
  return useMutation({
    retry: retryIdempotent,
    ...rest,
    mutationFn: (input: TInput) => call(input, key.keyFor(input)),
    onSuccess: async (...args) => {
      key.done()
      await onSuccess?.(...args)
      await invalidate?.(queryClient)
    },
  })
}
