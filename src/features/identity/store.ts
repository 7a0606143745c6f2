/**
 * Sign-in state that outlives one form: why a social sign-in that came back to the PWA
 * failed, shown by the login popup it reopens.
 */
import { proxy, useSnapshot } from 'valtio'
import type { ErrorCode } from '#contract/error-codes'

const state = proxy({ socialError: null as ErrorCode | null })

export function setSocialError(code: ErrorCode | null): void {
  state.socialError = code
}

export function useAuthStore() {
  return useSnapshot(state)
}
