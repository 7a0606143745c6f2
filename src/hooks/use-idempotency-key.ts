/**
 * The Idempotency-Key of a money mutation: one key per input. A retry of the same input
 * (after a network error or a timeout, when the first request may have gone through) sends
 * the same key, so the server moves the money once; a different input (the user edited the
 * form) or a success starts a new key.
 */
import { useState } from 'react'
import { newIdempotencyKey } from '../lib/api-client'

/** Long strings (an uploaded image's base64) are compared by length and ends, not kept whole. */
function snapshot(input: unknown): string {
  return JSON.stringify(input ?? null, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 256
      ? `${value.length}:${value.slice(0, 64)}:${value.slice(-64)}`
      : value,
  )
}

export interface IdempotencyKey {
  /** The key for this input: the last one when the input is the same, else a new one. */
  keyFor(input: unknown): string
  /** The money moved: the next call, even with the same input, gets a new key. */
  done(): void
}

/** One handle for the life of the component, holding the last input and its key. */
function newHandle(): IdempotencyKey {
  let current: { input: string; key: string } | null = null
  return {
    keyFor(input) {
      const s = snapshot(input)
      if (!current || current.input !== s) current = { input: s, key: newIdempotencyKey() }
      return current.key
    },
    done() {
      current = null
    },
  }
}

export function useIdempotencyKey(): IdempotencyKey {
  const [handle] = useState(newHandle)
  return handle
}
