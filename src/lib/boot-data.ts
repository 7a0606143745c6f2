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
import {
  BootCoreSchema,
  BootQuerySchema,
  type BootQuery,
  bootDataSchema,
  bootPartNames,
  bootParts,
  type BootCore,
  type BootData,
  type BootPartName,
} from '#contract/boot-data'
import type { Locale } from '#contract/locales'
import { preferCdn } from '../utils/cdn'
import { brandQueryOptions } from './brand-query'
import { statusQueryOptions, whitelabelQueryOptions } from './status-query'

export { bootDataSchema, type BootData }

/** The block's JSON read and its core checked; its parts not checked yet. */
export interface BootBlock {
  core: BootCore
  parts: Partial<Record<BootPartName, unknown>>
  /** The server's reads for the page, not checked yet (src/lib/server-reads.ts checks each). */
  queries?: unknown
}

/** The block's server reads, their envelope checked (each answer is checked as it is seeded). */
export function bootQueriesOf(block: BootBlock): BootQuery[] {
  const parsed = z.array(BootQuerySchema).safeParse(block.queries)
  return parsed.success ? parsed.data : []
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
  return { core: core.data, parts, queries: raw.queries }
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
  if (boot.status) {
    const status = statusQueryOptions().queryKey
    if (!newer(status)) queryClient.setQueryData(status, boot.status, { updatedAt: servedAt })
  }
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
