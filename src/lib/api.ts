/**
 * The app's one API client, wired to session storage, the language choice and the
 * build's API base URL.
 */
import { env } from '../config/env'
import { createApiClient } from './api-client'
import { readsOpen } from './hydration'
import { languageHeader } from './i18n'
import { clearDataCache, noteAnswer } from './offline-data'
import { endSession, entranceHome } from './session'
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
  // back there.
  onAnswer: (def, storedAt) => noteAnswer(def.name, storedAt),
  onSessionKilled: () => {
    const home = entranceHome()
    endSession()
    clearDataCache()
    window.location.assign(home)
  },
})
