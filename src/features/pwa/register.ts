/**
 * Registers the service worker with workbox-window. A new version waits until the user
 * chooses to reload (the update prompt); the page never reloads on its own.
 *
 * NOTE: workbox-window is imported on demand: registration waits for the page anyway, so
 * its code stays out of the home route's entry chunk (docs/decisions/004).
 */
import { afterFirstScreen } from '../../utils/idle'
import { applyWaitingUpdate } from './apply-update'
import { setInstallPrompt, setUpdateWaiting, pwaState, type BeforeInstallPromptEvent } from './store'

export function registerPwa(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault()
    setInstallPrompt(e as BeforeInstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => {
    pwaState.installed = true
    setInstallPrompt(null)
  })
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  // After the first screen, when the page is idle: loading workbox-window and registering
  // took 25 ms of the main thread in one task while the app started.
  afterFirstScreen(() => {
    void import('workbox-window')
      .then(({ Workbox }) => {
        const wb = new Workbox('/sw.js', { scope: '/' })
        const offerUpdate = () =>
          setUpdateWaiting(() => {
            void navigator.serviceWorker.getRegistration().then((registration) => {
              if (registration) applyWaitingUpdate(registration)
            })
          })
        wb.addEventListener('waiting', offerUpdate)
        return wb.register()
      })
      .catch(() => {
        // No service worker (refused by the browser, a private window): the portal works online
        // without it, with no offline start and no update prompt.
      })
  })
}
