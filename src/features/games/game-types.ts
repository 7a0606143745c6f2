import type { GameType } from '#contract/games'

/** Where each game type lives in the portal (esports has no page of its own). */
export const gameTypeRoute: Record<
  GameType,
  '/lottery' | '/elott' | '/live' | '/sports' | '/rng' | '/fish' | '/pvp'
> = {
  LOTT: '/lottery',
  ELOTT: '/elott',
  LIVE: '/live',
  SPORTS: '/sports',
  ESPORTS: '/sports',
  RNG: '/rng',
  FISH: '/fish',
  PVP: '/pvp',
  COCKFIGHT: '/live',
}

/** A vendor code from the URL: kept only when it looks like one, else ignored. */
export function parseVendorParam(raw: unknown): string | undefined {
  return typeof raw === 'string' && /^[A-Z0-9_]{1,16}$/.test(raw) ? raw : undefined
}
