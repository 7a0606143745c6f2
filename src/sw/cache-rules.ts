/**
 * The public lobby reads the service worker keeps in IndexedDB (data-cache.ts). A feature
 * whose lobby should open offline adds its rows here: `cachedRows` are served from the
 * store first (each a public `hotRead` GET, or registration throws); `networkFirstRows` are
 * public GETs whose answer changes with time (draw results, countdowns), served from the
 * store only when the network cannot answer. None carries anything of a member.
 */
import { contentEndpoints } from '../contract/content'
import type { EndpointDef } from '../contract/endpoint'
import { gameEndpoints } from '../contract/games'
import { lotteryEndpoints } from '../contract/lottery'
import { playEndpoints } from '../contract/play'

export const cachedRows: readonly EndpointDef[] = [
  contentEndpoints.announcements,
  gameEndpoints.gameVendor,
  gameEndpoints.newGameVendor,
  gameEndpoints.gameList,
  gameEndpoints.hotGames,
  lotteryEndpoints.gameMenus,
  lotteryEndpoints.vnMenu,
  lotteryEndpoints.gameSetting,
]

export const networkFirstRows: readonly EndpointDef[] = [
  lotteryEndpoints.popular,
  lotteryEndpoints.openedNumero,
  lotteryEndpoints.vnOpened,
  playEndpoints.winnerBoard,
]
