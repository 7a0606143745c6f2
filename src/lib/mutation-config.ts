/**
 * What a component may add to a feature's mutation hook: its own onSuccess (a toast, an
 * emptied form) or onError, never the mutationFn (bulletproof-react's lib/react-query.ts).
 *
 * And the retry rule of the writes that carry an Idempotency-Key (docs/decisions/
 * 008-mutation-retries.md): only those are retried on their own, only when the request may
 * not have reached the server or its answer was lost (no network, a timeout, a gateway
 * 502/503/504), never after an answer with a business errorCode, and each retry sends the
 * same key, so the server moves the money once. A write without a key is never retried.
 */
import type { UseMutationOptions } from '@tanstack/react-query'
import { ApiError } from './api-client'

export type MutationConfig<TInput, TData> = Omit<UseMutationOptions<TData, Error, TInput>, 'mutationFn'>

/** Retries after the first try: four requests at most, then the user sees the error. */
export const idempotentRetries = 3

const gatewayStatuses = new Set([502, 503, 504])

/**
 * The request failed on the way (the client's network_error / timeout_retry_please), or a
 * gateway answered 502/503/504 without the platform's envelope (the client calls that
 * service_unavailable). A server answer with any other errorCode is a decision: final.
 */
export function transportFailure(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false
  if (err.errorCode === 'network_error' || err.errorCode === 'timeout_retry_please') return true
  return gatewayStatuses.has(err.status) && err.errorCode === 'service_unavailable'
}

/** react-query's `retry` for a keyed write: `failureCount` is how many tries failed so far. */
export function retryIdempotent(failureCount: number, err: unknown): boolean {
  return failureCount < idempotentRetries && transportFailure(err)
}

/** Waits before retry n (0-based): 1 s, 2 s, 4 s, with up to a quarter more at random. */
export function mutationBackoff(attempt: number): number {
  const base = Math.min(1000 * 2 ** attempt, 8000)
  return base + Math.floor(Math.random() * base * 0.25)
}
