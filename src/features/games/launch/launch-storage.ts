/**
 * The launched game, kept in session storage (spec section 4: "the iframe url stored") so a
 * reload of /game keeps it. Read back through zod: a value edited by hand is treated as
 * absent, and the address is checked again by the frame (frame-url.ts) before it opens.
 */
import { z } from 'zod/mini'
import { GameSchema } from '#contract/games'
import { launchState } from '../store'

const key = 'gameLaunch'

/** A path of this site: one slash, no backslash or white space. */
const SitePathSchema = z.string().check(z.maxLength(512), z.regex(/^\/(?![/\\])[^\s\\]*$/))

export const StoredLaunchSchema = z.object({
  /** The frame's address (a site path or an https address on a launch host). */
  url: z.string().check(z.maxLength(4096)),
  game: GameSchema,
  /** A free-play (trial) launch: the vendor's own play money, no account. */
  trial: z.boolean(),
  /** A trial account's launch: its play money, shown as such. */
  playMoney: z.optional(z.boolean()),
  /** The page the game was launched from, where its exit goes. */
  from: SitePathSchema,
})
export type StoredLaunch = z.infer<typeof StoredLaunchSchema>

export function readStoredLaunch(): StoredLaunch | null {
  try {
    const raw = sessionStorage.getItem(key)
    if (raw === null) return null
    const parsed = StoredLaunchSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Stores the launched game; the /game page shows it. */
export function storeLaunch(launch: StoredLaunch): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(launch))
  } catch {
    // Storage refused: the /game page has nothing to show, and says so.
  }
  launchState.frameVersion += 1
}

/**
 * Forgets the launched game. The page showing it keeps what it shows until it goes
 * (no flash of the empty state while the exit navigates away).
 */
export function forgetLaunch(): void {
  try {
    sessionStorage.removeItem(key)
  } catch {
    // nothing stored
  }
}
