import { useSyncExternalStore } from 'react'
import type { EndpointInput } from '#contract/endpoint'
import type { Promotion, promotionEndpoints } from '#contract/promotions'

/**
 * How the portal runs, as the app-download reward asks: from the home screen (the display
 * mode a PWA gets, or Safari's own flag on iOS) or in a browser tab. The iOS profile's web
 * clip opens full screen, so it reads as standalone too.
 */
export type DisplayMode = EndpointInput<typeof promotionEndpoints.claimAppDownload>['displayMode']

const standaloneQuery = '(display-mode: standalone)'

export function displayMode(): DisplayMode {
  if (typeof window === 'undefined') return 'browser'
  if (window.matchMedia?.(standaloneQuery).matches === true) return 'standalone'
  if ((navigator as Navigator & { standalone?: boolean }).standalone === true) return 'iosProfile'
  return 'browser'
}

/**
 * How the page runs, for drawing: 'browser' on the server and while hydrating (as the server
 * drew it), then the page's own mode, following a change of the display mode.
 */
export function useDisplayMode(): DisplayMode {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => undefined
      const list = window.matchMedia(standaloneQuery)
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    displayMode,
    () => 'browser',
  )
}

/**
 * Whether the promotion's Claim would be refused where the page runs: the app-download
 * reward in a browser tab (it pays only to the installed app). The server counts it among
 * the claimable; the badge, the list's button and the reward centre leave it out here.
 */
export function needsInstall(p: Pick<Promotion, 'state' | 'category'>, mode: DisplayMode): boolean {
  return p.state === 'claim' && p.category === 'appDownload' && mode === 'browser'
}

/** What a tap would pay where the page runs: issued rewards and claims, less one that needs the app. */
export function claimableHere(p: Pick<Promotion, 'state' | 'category'>, mode: DisplayMode): boolean {
  return (p.state === 'claim' || p.state === 'issued') && !needsInstall(p, mode)
}

/** The reward centre's badge: the server's count, less the app-download reward in a browser tab. */
export function claimableCount(
  data: { claimable: number; list: readonly Pick<Promotion, 'state' | 'category'>[] },
  mode: DisplayMode,
): number {
  return Math.max(0, data.claimable - data.list.filter((p) => needsInstall(p, mode)).length)
}
