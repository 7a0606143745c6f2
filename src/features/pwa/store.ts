/**
 * PWA state: whether a new version waits, and the browser's install offer when it made
 * one. Only this file and its feature touch it.
 */
import { proxy, ref, useSnapshot } from 'valtio'

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export const pwaState = proxy({
  updateWaiting: false,
  installPrompt: null as BeforeInstallPromptEvent | null,
  installed: false,
  applyUpdate: null as (() => void) | null,
})

export function setInstallPrompt(e: BeforeInstallPromptEvent | null): void {
  pwaState.installPrompt = e ? ref(e) : null
}

export function setUpdateWaiting(apply: () => void): void {
  pwaState.applyUpdate = ref(apply)
  pwaState.updateWaiting = true
}

export function usePwa() {
  return useSnapshot(pwaState)
}
