/**
 * Lottery start (spec section 4): a lottery game or vendor does not open a game frame.
 * - the TCG SEA account type (the SEA vendor) opens the SEA entry: /lottery?prizeMode=SEA;
 * - e-lottery (ELOTT) opens /elott;
 * - GPI starts directly, through the launch like any other game;
 * - every other lottery game opens /lottery with its code and default play type.
 */
import type { AnyRouter } from '@tanstack/react-router'
import type { GameType } from '#contract/games'

/** What decides where a lottery entry starts: a game, or a vendor card (no code). */
export interface LotteryEntry {
  gameType: GameType
  vassalage: string
  accountTypeName: string
  gameId?: string
  defaultPlayType?: string
}

/** The lottery pages' search: the game to open, its play type, and the prize mode. */
export interface LotterySearch {
  gameCode?: string
  playType?: string
  prizeMode?: 'SEA'
}

export type LotteryTarget =
  | { kind: 'launch' }
  | { kind: 'page'; to: '/lottery'; search: LotterySearch }
  | { kind: 'page'; to: '/elott'; search: Record<string, never> }

const isSea = (e: LotteryEntry) => e.vassalage === 'SEA' || e.accountTypeName === 'TCG_SEA'
const isGpi = (e: LotteryEntry) => e.vassalage === 'GPI' || e.accountTypeName === 'GPI'

/** Where a lottery entry starts; undefined for any other game type (it launches as usual). */
export function lotteryTarget(e: LotteryEntry): LotteryTarget | undefined {
  if (e.gameType !== 'LOTT' && e.gameType !== 'ELOTT') return undefined
  if (isGpi(e)) return { kind: 'launch' }
  if (isSea(e)) return { kind: 'page', to: '/lottery', search: { prizeMode: 'SEA' } }
  if (e.gameType === 'ELOTT') return { kind: 'page', to: '/elott', search: {} }
  return {
    kind: 'page',
    to: '/lottery',
    search: e.gameId === undefined ? {} : { gameCode: e.gameId, playType: e.defaultPlayType ?? undefined },
  }
}

/**
 * Opens a lottery page. The pages parse their own search (the lottery feature owns them),
 * so the router's generated types may not list every parameter yet: the one cast is here.
 */
export function openLotteryPage(
  router: Pick<AnyRouter, 'navigate'>,
  target: Extract<LotteryTarget, { kind: 'page' }>,
): Promise<void> {
  return router.navigate({ to: target.to, search: target.search } as Parameters<AnyRouter['navigate']>[0])
}

/** A lottery vendor's link: the page its lottery is on (typed as the routes take it). */
export type LotteryVendorLink =
  | { to: '/lottery'; search: { gameCode: undefined; playType: undefined } }
  | { to: '/elott'; search: { page: undefined } }

/**
 * Where a lottery vendor's card (header menu, home chips) goes, by the same start rule as a
 * tile (lotteryTarget) for a card that names no game: the SEA entry for TCG SEA, /elott for an
 * e-lottery vendor, /lottery for the others; GPI starts its games directly, so its card opens
 * its game list (each game there launches). Undefined for the other game types, which open
 * their lobby tab.
 */
export function lotteryVendorStart(
  e: Omit<LotteryEntry, 'gameId' | 'defaultPlayType'>,
): { kind: 'link'; link: LotteryVendorLink } | { kind: 'games'; vendor: string } | undefined {
  const target = lotteryTarget(e)
  if (!target) return undefined
  if (target.kind === 'launch') return { kind: 'games', vendor: e.vassalage }
  // The typed search of the lottery pages may not list prizeMode: the pages parse their own.
  const link =
    target.to === '/elott'
      ? { to: target.to, search: { page: undefined } }
      : { to: target.to, search: target.search as { gameCode: undefined; playType: undefined } }
  return { kind: 'link', link }
}
