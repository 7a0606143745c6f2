/**
 * The Idempotency-Key of a money form: one key per submission attempt of a given form
 * state. A retry of the same state (after a network error or a timeout, when the first
 * request may have gone through) sends the same key, so the server moves the money once;
 * an edit of the form or a success starts a new key.
 */
import { useRef } from 'react'
import { newIdempotencyKey } from '../lib/api-client'

export function useIdempotencyKey(state: unknown): { key: () => string; done: () => void } {
  const current = useRef<{ state: string; key: string } | null>(null)
  const snapshot = JSON.stringify(state)
  return {
    key() {
      if (!current.current || current.current.state !== snapshot) {
        current.current = { state: snapshot, key: newIdempotencyKey() }
      }
      return current.current.key
    },
    done() {
      current.current = null
    },
  }
}
