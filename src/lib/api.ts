/**
 * The app's one API client, wired to session storage, the language choice and the
 * build's API base URL.
 */
import { env } from '../config/env'
import { createApiClient } from './api-client'
import { languageHeader } from './i18n'
import { sessionStore } from './storage'

export const api = createApiClient({
  baseUrl: env.VITE_API_BASE_URL,
  token: () => sessionStore.token(),
  merchant: () => sessionStore.merchant(),
  language: languageHeader,
  onSessionKilled: () => {
    sessionStore.clear()
    window.location.assign('/')
  },
})
