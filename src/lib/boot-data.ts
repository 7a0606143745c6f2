/**
 * The brand's boot data the server puts into the shell (`#boot-data`, server/http/shell.ts):
 * read once before the first render and put into the query cache under the keys the
 * queries use, so the home page renders without an API round trip. A block that is missing
 * or does not match the contract is ignored: the app then loads as it always has.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { AnnouncementsSchema } from '#contract/content'
import { GameListSchema, GameListValueSchema, GameTypeSchema, VendorLaneSchema } from '#contract/games'
import { LocaleSchema, type Locale } from '#contract/locales'
import { WinnerBoardSchema } from '#contract/play'
import { ConsolidatedSettingsSchema, WhitelabelSchema } from '#contract/system'
import { brandQueryOptions } from './brand-query'
import { whitelabelQueryOptions } from './status-query'
import { preferCdn } from '../utils/cdn'

export const BootDataSchema = z.object({
  locale: LocaleSchema,
  settings: ConsolidatedSettingsSchema,
  whitelabel: WhitelabelSchema,
  announcements: AnnouncementsSchema,
  /** The winners board the home page's ticker shows (absent from a shell made before it). */
  winners: z.optional(WinnerBoardSchema),
  /** The vendor lanes: the header's game nav, the home page's vendor rows, a lobby's tabs. */
  vendors: z.optional(z.object({ data: z.object({ lanes: z.array(VendorLaneSchema) }) })),
  /** The home page's hot games row. */
  hotGames: z.optional(GameListValueSchema),
  /** The image host the first screen's art came from: the app draws from the same one. */
  imageHost: z.optional(z.string()),
  /** A games lobby's first screen: the first page of the tab it opens on. */
  lobby: z.optional(
    z.object({
      filter: z.object({ gameType: GameTypeSchema, vassalage: z.string() }),
      games: GameListSchema,
    }),
  ),
})
export type BootData = z.infer<typeof BootDataSchema>

/** The boot data in this JSON text, or null when there is none or it does not match. */
export function parseBootData(text: string | null | undefined): BootData | null {
  if (!text) return null
  try {
    const parsed = BootDataSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The page's `#boot-data` block, checked. */
export function readBootData(doc: Document = document): BootData | null {
  return parseBootData(doc.getElementById('boot-data')?.textContent)
}

/**
 * Puts the boot data into the cache. Data already there and newer (a persisted copy from
 * a moment ago) is kept; the boot data counts as fetched when the page was served, so the
 * queries' own staleTime decides when it is read again.
 */
export function seedBootData(
  queryClient: QueryClient,
  boot: BootData,
  /**
   * The keys of queries features own: the announcements (per language), the winners board,
   * the vendor lanes, the hot games and a lobby's game list (its first page, as the infinite
   * query keeps it).
   */
  keys: {
    announcements: (locale: Locale) => QueryKey
    winners?: QueryKey
    vendors?: QueryKey
    hotGames?: QueryKey
    gameList?: (filter: NonNullable<BootData['lobby']>['filter']) => QueryKey
  },
  servedAt = Date.now(),
): void {
  const newer = (key: readonly unknown[]) => {
    const state = queryClient.getQueryState(key)
    return state?.status === 'success' && state.dataUpdatedAt > servedAt
  }
  if (boot.imageHost) preferCdn(boot.imageHost)
  const brand = brandQueryOptions().queryKey
  if (!newer(brand)) queryClient.setQueryData(brand, boot.settings, { updatedAt: servedAt })
  const whitelabel = whitelabelQueryOptions().queryKey
  if (!newer(whitelabel)) queryClient.setQueryData(whitelabel, boot.whitelabel, { updatedAt: servedAt })
  const notices = keys.announcements(boot.locale)
  if (!newer(notices)) queryClient.setQueryData(notices, boot.announcements, { updatedAt: servedAt })
  if (boot.winners && keys.winners && !newer(keys.winners)) {
    queryClient.setQueryData(keys.winners, boot.winners, { updatedAt: servedAt })
  }
  // The vendor lanes, the hot games and a lobby's list draw at once from the boot data, and
  // are marked stale so the page asks for them once in the background: that answer goes
  // through the service worker, which keeps it for the next visit offline (the boot data
  // never reaches its cache).
  for (const [key, data] of [
    [keys.vendors, boot.vendors],
    [keys.hotGames, boot.hotGames],
  ] as const) {
    if (!key || !data || newer(key)) continue
    queryClient.setQueryData(key, data, { updatedAt: servedAt })
    void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' })
  }
  if (boot.lobby && keys.gameList) {
    const key = keys.gameList(boot.lobby.filter)
    if (!newer(key)) {
      queryClient.setQueryData(key, { pages: [boot.lobby.games], pageParams: [1] }, { updatedAt: servedAt })
      void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' })
    }
  }
}

/** The language cookie the server reads to render the shell in the member's language (a year, Lax). */
export function rememberLanguageCookie(locale: Locale): void {
  document.cookie = `lang=${locale}; path=/; max-age=${365 * 24 * 60 * 60}; SameSite=Lax`
}
