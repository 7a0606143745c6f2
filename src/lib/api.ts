/**
 * The app's one API client, wired to session storage, the language choice and the
 * build's API base URL.
 */
import { env } from '../config/env'
import { createApiClient } from './api-client'
import { readsOpen } from './hydration'
import { languageHeader } from './i18n'
import { clearDataCache, noteAnswer } from './offline-data'
import { endSession, entranceHome, isLeaving } from './session'
import { sessionStore } from './storage'

/**
 * Where reads go instead of the network: the server's render reads its own API in process
 * (src/entry-server.tsx). Unset in the browser.
 */
let readThrough: typeof fetch | undefined

export function readThroughServer(fetcher: typeof fetch | undefined): void {
  readThrough = fetcher
}

export const api = createApiClient({
  baseUrl: env.VITE_API_BASE_URL,
  fetch: (...args) => (readThrough ?? fetch)(...args),
  token: () => sessionStore.token(),
  merchant: () => sessionStore.merchant(),
  language: languageHeader,
  readsOpen,
  // A killed session (expired, revoked, another device): storage is cleared and the user
  // goes home, as the platform's own client does; an agent who logged in at /agent goes
  // back there. An answer about a session this tab no longer holds (its own logout, a
  // newer login) changes nothing: the tab has already moved on.
  onAnswer: (def, storedAt) => noteAnswer(def.name, storedAt),
  onSessionKilled: (_code, token) => {
    if (!token || token !== sessionStore.token() || isLeaving(token)) return
    const home = entranceHome()
    endSession()
    clearDataCache()
    window.location.assign(home)
  },
})
