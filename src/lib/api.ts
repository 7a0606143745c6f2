/**
 * The app's one API client, wired to session storage, the language choice and the
 * build's API base URL.
 */
import { env } from '../config/env'
import { createApiClient } from './api-client'
import { languageHeader } from './i18n'
import { clearDataCache, noteAnswer } from './offline-data'
import { endSession } from './session'
import { sessionStore } from './storage'

export const api = createApiClient({
  baseUrl: env.VITE_API_BASE_URL,
  token: () => sessionStore.token(),
  merchant: () => sessionStore.merchant(),
  language: languageHeader,
  // A killed session (expired, revoked, another device): storage is cleared and the user
  // goes home, as the platform's own client does.
  onAnswer: (def, storedAt) => noteAnswer(def.name, storedAt),
  onSessionKilled: () => {
    endSession()
    clearDataCache()
    window.location.assign('/')
  },
})
