/**
 * The brand's boot data the server puts into the shell (`#boot-data`, server/http/shell.ts):
 * read once before the first render and put into the query cache under the keys the
 * queries use, so the home page renders without an API round trip. A block that is missing,
 * or whose core (language, brand, notices) does not match the contract, is ignored: the app
 * then loads as it always has. A larger part (the lanes, the games) that does not match is
 * left out on its own, and the page asks for that data itself.
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

const LobbyBootSchema = z.object({
  filter: z.object({ gameType: GameTypeSchema, vassalage: z.string() }),
  games: GameListSchema,
})
const VendorsBootSchema = z.object({ data: z.object({ lanes: z.array(VendorLaneSchema) }) })

/** What the first task of the start needs: the language, the brand, its tree, the notices. */
const BootCoreSchema = z.object({
  locale: LocaleSchema,
  settings: ConsolidatedSettingsSchema,
  whitelabel: WhitelabelSchema,
  /** The home page's announcements (the server leaves them out of other pages). */
  announcements: z.optional(AnnouncementsSchema),
  /** The image host the first screen's art came from: the app draws from the same one. */
  imageHost: z.optional(z.string()),
})
type BootCore = z.infer<typeof BootCoreSchema>

/**
 * The larger parts, each checked on its own (in a task of its own at start): a part that
 * does not match is dropped, and the page asks for that data itself.
 */
const bootParts = {
  /** The winners board the home page's ticker shows (absent from a shell made before it). */
  winners: WinnerBoardSchema,
  /** The vendor lanes: the header's game nav, the home page's vendor rows, a lobby's tabs. */
  vendors: VendorsBootSchema,
  /** The home page's hot games row. */
  hotGames: GameListValueSchema,
  /** A games lobby's first screen: the first page of the tab it opens on. */
  lobby: LobbyBootSchema,
} as const
type BootPartName = keyof typeof bootParts
const bootPartNames = Object.keys(bootParts) as BootPartName[]

/**
 * The whole block as the server writes it (server/http/first-screen.ts), every part required
 * to match: the server's tests check its blocks with it. Built on demand, so the app's start
 * does not build it.
 */
export function bootDataSchema() {
  return z.object({
    ...BootCoreSchema.shape,
    winners: z.optional(WinnerBoardSchema),
    vendors: z.optional(VendorsBootSchema),
    hotGames: z.optional(GameListValueSchema),
    lobby: z.optional(LobbyBootSchema),
  })
}
export type BootData = z.infer<ReturnType<typeof bootDataSchema>>

/** The block's JSON read and its core checked; its parts not checked yet. */
export interface BootBlock {
  core: BootCore
  parts: Partial<Record<BootPartName, unknown>>
}

/** The block in this JSON text with its core checked, or null when there is none or the core does not match. */
export function parseBootBlock(text: string | null | undefined): BootBlock | null {
  if (!text) return null
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  const core = BootCoreSchema.safeParse(json)
  if (!core.success || typeof json !== 'object' || json === null) return null
  const raw = json as Record<string, unknown>
  const parts: BootBlock['parts'] = {}
  for (const name of bootPartNames) if (raw[name] !== undefined) parts[name] = raw[name]
  return { core: core.data, parts }
}

/** The page's `#boot-data` block, its core checked. */
export function readBootBlock(doc: Document = document): BootBlock | null {
  return parseBootBlock(doc.getElementById('boot-data')?.textContent)
}

function withPart(boot: BootData, name: BootPartName, value: unknown): BootData {
  const checked = bootParts[name].safeParse(value)
  return checked.success ? { ...boot, [name]: checked.data } : boot
}

/**
 * The block's parts checked, each after `nextTask()` (a task of its own, so checking the
 * lanes and the games lengthens no other task); a part that does not match is left out.
 */
export async function checkBootParts(block: BootBlock, nextTask: () => Promise<void>): Promise<BootData> {
  let boot: BootData = block.core
  for (const name of bootPartNames) {
    if (block.parts[name] === undefined) continue
    await nextTask()
    boot = withPart(boot, name, block.parts[name])
  }
  return boot
}

/** The boot data in this JSON text, all checked at once, or null when there is none or its core does not match. */
export function parseBootData(text: string | null | undefined): BootData | null {
  const block = parseBootBlock(text)
  if (!block) return null
  let boot: BootData = block.core
  for (const name of bootPartNames) {
    if (block.parts[name] !== undefined) boot = withPart(boot, name, block.parts[name])
  }
  return boot
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
  if (boot.announcements && !newer(notices)) {
    queryClient.setQueryData(notices, boot.announcements, { updatedAt: servedAt })
  }
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
