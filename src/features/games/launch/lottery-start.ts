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

/**
 * A lottery vendor's menu link (a card names no game): the SEA entry for the SEA vendor,
 * else the lottery page. Undefined for the other game types, which open their lobby tab.
 */
export function lotteryVendorLink(
  e: LotteryEntry,
): { to: '/lottery'; search: { gameCode: undefined; playType: undefined } } | undefined {
  if (e.gameType !== 'LOTT') return undefined
  const search = isSea(e) ? { prizeMode: 'SEA' } : {}
  // The typed search of /lottery may not list prizeMode: the lottery page parses its own.
  return { to: '/lottery', search: search as { gameCode: undefined; playType: undefined } }
}
