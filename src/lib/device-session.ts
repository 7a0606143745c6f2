/**
 * "Stay signed in" in the browser (docs/decisions/034-remembered-devices.md): the device's
 * refresh token is an HttpOnly cookie the app never sees, so a flag in localStorage says
 * that one may be there. A tab that opens without a session trades the cookie for one
 * (no password), once; the tab then keeps its token in sessionStorage as any login does.
 */
import { deviceEndpoints } from '#contract/devices'
import { api } from './api'
import { ApiError } from './api-client'
import { session, startSession } from './session'
import { sessionStore } from './storage'

const flagKey = 'rememberedDevice'

export function markRemembered(): void {
  try {
    localStorage.setItem(flagKey, '1')
  } catch {
    // Storage refused: the device signs in again next time.
  }
}

export function forgetRemembered(): void {
  try {
    localStorage.removeItem(flagKey)
  } catch {
    // nothing stored
  }
}

function isRemembered(): boolean {
  try {
    return localStorage.getItem(flagKey) === '1'
  } catch {
    return false
  }
}

let resuming: Promise<boolean> | null = null

/**
 * Opens a tab session from the remembered device, when this tab has none and the device is
 * remembered. True when the tab is signed in by it. A device the server no longer knows
 * (signed out, expired, its password changed) is forgotten; a network failure keeps it for
 * the next start.
 */
export function resumeDeviceSession(): Promise<boolean> {
  if (sessionStore.token() || !isRemembered()) return Promise.resolve(false)
  session.resuming = true
  resuming ??= api
    .call(deviceEndpoints.deviceSession)
    .then((res) => {
      // A login in this tab meanwhile keeps its own session.
      if (sessionStore.token()) return false
      startSession(res, res.account, res.entrance)
      return true
    })
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 401) forgetRemembered()
      return false
    })
    .finally(() => {
      resuming = null
      session.resuming = false
    })
  return resuming
}
