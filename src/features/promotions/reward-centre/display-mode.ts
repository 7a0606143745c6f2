import type { EndpointInput } from '#contract/endpoint'
import type { promotionEndpoints } from '#contract/promotions'

/**
 * How the page runs, for the app-download reward: from the home screen (standalone), from
 * the iOS profile's web clip (Safari's navigator.standalone), or in a browser tab.
 */
export type DisplayMode = EndpointInput<typeof promotionEndpoints.claimAppDownload>['displayMode']

export function displayMode(): DisplayMode {
  if (typeof window === 'undefined') return 'browser'
  if ((navigator as Navigator & { standalone?: boolean }).standalone === true) return 'iosProfile'
  if (window.matchMedia?.('(display-mode: standalone)').matches === true) return 'standalone'
  return 'browser'
}
