import type { EndpointInput } from '#contract/endpoint'
import type { promotionEndpoints } from '#contract/promotions'

/**
 * How the portal runs, as the app-download reward asks: from the home screen (the display
 * mode a PWA gets, or Safari's own flag on iOS) or in a browser tab. The iOS profile's web
 * clip opens full screen, so it reads as standalone too.
 */
export type DisplayMode = EndpointInput<typeof promotionEndpoints.claimAppDownload>['displayMode']

export function displayMode(): DisplayMode {
  if (typeof window === 'undefined') return 'browser'
  if (window.matchMedia?.('(display-mode: standalone)').matches === true) return 'standalone'
  if ((navigator as Navigator & { standalone?: boolean }).standalone === true) return 'iosProfile'
  return 'browser'
}
