/**
 * Registers the service worker with workbox-window. A new version waits until the user
 * chooses to reload (the update prompt); the page never reloads on its own.
 */
import { Workbox } from 'workbox-window'
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
  const wb = new Workbox('/sw.js', { scope: '/' })
  const offerUpdate = () =>
    setUpdateWaiting(() => {
      wb.addEventListener('controlling', () => window.location.reload())
      wb.messageSkipWaiting()
    })
  wb.addEventListener('waiting', offerUpdate)
  void wb.register()
}
