/**
 * The public lobby reads the service worker keeps in IndexedDB (data-cache.ts). A feature
 * whose lobby should open offline adds its rows here (the lottery menus will): each must be
 * a public `hotRead` GET, or registration throws.
 */
import type { EndpointDef } from '../contract/endpoint'
import { contentEndpoints } from '../contract/content'
import { gameEndpoints } from '../contract/games'

export const cachedRows: readonly EndpointDef[] = [
  contentEndpoints.announcements,
  gameEndpoints.gameVendor,
  gameEndpoints.newGameVendor,
  gameEndpoints.gameList,
  gameEndpoints.hotGames,
]
