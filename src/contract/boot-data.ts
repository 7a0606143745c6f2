/**
 * The boot data the server writes into each page (`#boot-data`, server/http/shell.ts): the
 * data the server's render of the page was drawn from, which the app seeds into its query
 * cache before it hydrates, so both draw the same (src/lib/boot-data.ts reads it).
 */
import { z } from 'zod/mini'
import { AnnouncementsSchema } from './content'
import { GameListSchema, GameListValueSchema, GameTypeSchema, VendorLaneSchema } from './games'
import { LocaleSchema } from './locales'
import { WinnerBoardSchema } from './play'
import { ConsolidatedSettingsSchema, StatusSchema, WhitelabelSchema } from './system'

export const LobbyBootSchema = z.object({
  filter: z.object({ gameType: GameTypeSchema, vassalage: z.string() }),
  games: GameListSchema,
})
export const VendorsBootSchema = z.object({ data: z.object({ lanes: z.array(VendorLaneSchema) }) })

/** What the first task of the start needs: the language, the brand, its tree, the notices. */
export const BootCoreSchema = z.object({
  locale: LocaleSchema,
  settings: ConsolidatedSettingsSchema,
  whitelabel: WhitelabelSchema,
  /** The announcements of a page that draws them (the home page, the promotions). */
  announcements: z.optional(AnnouncementsSchema),
  /** The image host the page's art came from: the app draws from the same one. */
  imageHost: z.optional(z.string()),
})
export type BootCore = z.infer<typeof BootCoreSchema>

/**
 * The larger parts, each checked on its own (in a task of its own at start): a part that
 * does not match is dropped, and the page asks for that data itself.
 */
export const bootParts = {
  /**
   * The platform's status the page was drawn with (maintenance, region, blocked address, the
   * brand's lists), without the caller's own address: the app asks for its own once started.
   */
  status: StatusSchema,
  /** The winners board the home page's ticker shows (absent from a shell made before it). */
  winners: WinnerBoardSchema,
  /** The vendor lanes: the header's game nav, the home page's vendor rows, a lobby's tabs. */
  vendors: VendorsBootSchema,
  /** The home page's hot games row. */
  hotGames: GameListValueSchema,
  /** A games lobby's first screen: the first page of the tab it opens on. */
  lobby: LobbyBootSchema,
} as const
/**
 * A public read the server's render made for the page (src/lib/server-reads.ts): its query
 * key, the endpoint it read (`area.row`), the answer and when it was read. The browser checks
 * the answer against that row's response schema before using it.
 */
export const BootQuerySchema = z.object({
  key: z
    .array(z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .check(z.minLength(1), z.maxLength(8)),
  read: z.string().check(z.maxLength(64)),
  data: z.unknown(),
  updatedAt: z.number(),
})
export type BootQuery = z.infer<typeof BootQuerySchema>

export type BootPartName = keyof typeof bootParts
export const bootPartNames = Object.keys(bootParts) as BootPartName[]

/**
 * The whole block as the server writes it (server/http/shell.ts), every part required
 * to match: the server's tests check its blocks with it. Built on demand, so the app's start
 * does not build it.
 */
export function bootDataSchema() {
  return z.object({
    ...BootCoreSchema.shape,
    status: z.optional(StatusSchema),
    winners: z.optional(WinnerBoardSchema),
    vendors: z.optional(VendorsBootSchema),
    hotGames: z.optional(GameListValueSchema),
    lobby: z.optional(LobbyBootSchema),
    queries: z.optional(z.array(BootQuerySchema).check(z.maxLength(64))),
  })
}
export type BootData = z.infer<ReturnType<typeof bootDataSchema>>
