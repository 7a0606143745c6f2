/**
 * The brand's boot data the server puts into the shell (`#boot-data`, server/http/shell.ts):
 * read once before the first render and put into the query cache under the keys the
 * queries use, so the home page renders without an API round trip. A block that is missing
 * or does not match the contract is ignored: the app then loads as it always has.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { AnnouncementsSchema } from '#contract/content'
import { LocaleSchema, type Locale } from '#contract/locales'
import { WinnerBoardSchema } from '#contract/play'
import { ConsolidatedSettingsSchema, WhitelabelSchema } from '#contract/system'
import { brandQueryOptions } from './brand-query'
import { whitelabelQueryOptions } from './status-query'

export const BootDataSchema = z.object({
  locale: LocaleSchema,
  settings: ConsolidatedSettingsSchema,
  whitelabel: WhitelabelSchema,
  announcements: AnnouncementsSchema,
  /** The winners board the home page's ticker shows (absent from a shell made before it). */
  winners: z.optional(WinnerBoardSchema),
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
  /** The keys of queries features own: the announcements (per language) and the winners board. */
  keys: { announcements: (locale: Locale) => QueryKey; winners?: QueryKey },
  servedAt = Date.now(),
): void {
  const newer = (key: readonly unknown[]) => {
    const state = queryClient.getQueryState(key)
    return state?.status === 'success' && state.dataUpdatedAt > servedAt
  }
  const brand = brandQueryOptions().queryKey
  if (!newer(brand)) queryClient.setQueryData(brand, boot.settings, { updatedAt: servedAt })
  const whitelabel = whitelabelQueryOptions().queryKey
  if (!newer(whitelabel)) queryClient.setQueryData(whitelabel, boot.whitelabel, { updatedAt: servedAt })
  const notices = keys.announcements(boot.locale)
  if (!newer(notices)) queryClient.setQueryData(notices, boot.announcements, { updatedAt: servedAt })
  if (boot.winners && keys.winners && !newer(keys.winners)) {
    queryClient.setQueryData(keys.winners, boot.winners, { updatedAt: servedAt })
  }
}

/** The language cookie the server reads to render the shell in the member's language (a year, Lax). */
export function rememberLanguageCookie(locale: Locale): void {
  document.cookie = `lang=${locale}; path=/; max-age=${365 * 24 * 60 * 60}; SameSite=Lax`
}
