/**
 * Catalogue rows: vendors, games (each read with its vendor), favourites, recent games and
 * featured fixtures. Every method takes an optional transaction where a caller may need one.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { GameClassify, GameType } from '#contract/games'
import type { PageRequest } from '../db/paging'
import { withPage } from '../db/paging'
import { favoriteGames, gameMatches, games, members, merchants, recentGames, vendors } from '../db/schema'
import type { Db, Tx } from '../plugins/external/db'

export type VendorRow = typeof vendors.$inferSelect
export type GameRow = typeof games.$inferSelect
export type MatchRow = typeof gameMatches.$inferSelect

/** A game with what its vendor adds to it on the wire. */
export interface GameWithVendor {
  game: GameRow
  vendor: VendorRow
}

export interface GameFilter {
  gameType?: GameType | undefined
  vassalage?: string | undefined
  gameClassify?: GameClassify | undefined
  /** Part of the name, matched literally and without regard to case. */
  search?: string | undefined
}

/** Makes `%`, `_` and the escape character itself plain characters of a LIKE pattern. */
export function likeLiteral(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** Under maintenance at `now`: switched off, or inside its planned window. */
export function vendorInMaintenance(
  v: Pick<VendorRow, 'maintenance' | 'maintenanceFrom' | 'maintenanceUntil'>,
  now: Date,
): boolean {
  if (v.maintenance) return true
  const t = now.getTime()
  return (
    v.maintenanceFrom !== null &&
    v.maintenanceFrom.getTime() <= t &&
    (v.maintenanceUntil === null || t < v.maintenanceUntil.getTime())
  )
}

const vendorJoin = and(
  eq(vendors.merchantCode, games.merchantCode),
  eq(vendors.gameType, games.gameType),
  eq(vendors.vassalage, games.vassalage),
)

export function createGamesRepository(db: Db) {
  const catalogue = (tx?: Tx) =>
    (tx ?? db).select({ game: games, vendor: vendors }).from(games).innerJoin(vendors, vendorJoin)

  function filterOf(merchantCode: string, f: GameFilter): SQL | undefined {
    return and(
      eq(games.merchantCode, merchantCode),
      f.gameType ? eq(games.gameType, f.gameType) : undefined,
      f.vassalage ? eq(games.vassalage, f.vassalage) : undefined,
      // A vendor's own list does not offer the entry that opens that list.
      f.vassalage ? ne(games.isGame, 'VASSALAGE') : undefined,
      f.gameClassify ? eq(games.subType, f.gameClassify) : undefined,
      f.search ? ilike(games.name, `%${likeLiteral(f.search)}%`) : undefined,
    )
  }

  return {
    async vendors(merchantCode: string): Promise<VendorRow[]> {
      return db
        .select()
        .from(vendors)
        .where(eq(vendors.merchantCode, merchantCode))
        .orderBy(asc(vendors.sort), asc(vendors.vassalage))
    },

    /** Vendors switched off or with a maintenance window set, by game type and code. */
    async vendorsUnderMaintenance(merchantCode: string): Promise<VendorRow[]> {
      return db
        .select()
        .from(vendors)
        .where(
          and(
            eq(vendors.merchantCode, merchantCode),
            or(eq(vendors.maintenance, true), isNotNull(vendors.maintenanceFrom)),
          ),
        )
        .orderBy(asc(vendors.gameType), asc(vendors.vassalage))
    },

    /** A vendor's rows under one code (one per game type it offers). */
    async vendorsByCode(merchantCode: string, vassalage: string): Promise<VendorRow[]> {
      return db
        .select()
        .from(vendors)
        .where(and(eq(vendors.merchantCode, merchantCode), eq(vendors.vassalage, vassalage)))
        .orderBy(asc(vendors.gameType))
    },

    /** Switched off (on: true), or back on with any planned window cleared. */
    async setVendorMaintenance(merchantCode: string, vassalage: string, on: boolean): Promise<void> {
      await db
        .update(vendors)
        .set(
          on ? { maintenance: true } : { maintenance: false, maintenanceFrom: null, maintenanceUntil: null },
        )
        .where(and(eq(vendors.merchantCode, merchantCode), eq(vendors.vassalage, vassalage)))
    },

    async hasVendor(merchantCode: string, vassalage: string, gameType?: GameType): Promise<boolean> {
      const [v] = await db
        .select({ v: vendors.vassalage })
        .from(vendors)
        .where(
          and(
            eq(vendors.merchantCode, merchantCode),
            eq(vendors.vassalage, vassalage),
            gameType ? eq(vendors.gameType, gameType) : undefined,
          ),
        )
        .limit(1)
      return v !== undefined
    },

    /**
     * A page of the catalogue in lobby order: the games' own order, so a type's lobby opens
     * with each vendor's entry and then mixes the vendors. The games are read alone (an index
     * gives their order) and joined to the brand's few vendors here, not in SQL.
     */
    async page(
      merchantCode: string,
      f: GameFilter,
      page: PageRequest,
    ): Promise<{ rows: GameWithVendor[]; total: number }> {
      const where = filterOf(merchantCode, f)
      const [rows, [total], vendorRows] = await Promise.all([
        withPage(
          db.select().from(games).where(where).orderBy(asc(games.sort), asc(games.id)).$dynamic(),
          page,
        ),
        db.select({ n: count() }).from(games).where(where),
        db.select().from(vendors).where(eq(vendors.merchantCode, merchantCode)),
      ])
      const byKey = new Map(vendorRows.map((v) => [`${v.gameType}\u0000${v.vassalage}`, v]))
      return {
        rows: rows.flatMap((game) => {
          const vendor = byKey.get(`${game.gameType}\u0000${game.vassalage}`)
          return vendor ? [{ game, vendor }] : []
        }),
        total: total?.n ?? 0,
      }
    },

    /** Counts of games per vendor, game type and sub-type. */
    async counts(
      merchantCode: string,
    ): Promise<{ vassalage: string; gameType: string; subType: GameClassify | null; n: number }[]> {
      return db
        .select({
          vassalage: games.vassalage,
          gameType: games.gameType,
          subType: games.subType,
          n: count(),
        })
        .from(games)
        .where(and(eq(games.merchantCode, merchantCode), eq(games.isGame, 'GAME')))
        .groupBy(games.vassalage, games.gameType, games.subType)
    },

    async hot(
      merchantCode: string,
      gameType: GameType | undefined,
      limit: number,
    ): Promise<GameWithVendor[]> {
      return catalogue()
        .where(
          and(
            eq(games.merchantCode, merchantCode),
            eq(games.isHot, true),
            gameType ? eq(games.gameType, gameType) : undefined,
          ),
        )
        .orderBy(asc(games.sort), asc(vendors.sort), asc(games.id))
        .limit(limit)
    },

    async byCode(merchantCode: string, code: string, tx?: Tx): Promise<GameWithVendor | undefined> {
      const [row] = await catalogue(tx)
        .where(and(eq(games.merchantCode, merchantCode), eq(games.code, code)))
        .limit(1)
      return row
    },

    /** Any brand's game of this code: the art route has no brand to ask for. */
    async nameOfCode(code: string): Promise<string | undefined> {
      const [row] = await db.select({ name: games.name }).from(games).where(eq(games.code, code)).limit(1)
      return row?.name
    },

    async vendorName(vassalage: string): Promise<string | undefined> {
      const [row] = await db
        .select({ name: vendors.name })
        .from(vendors)
        .where(eq(vendors.vassalage, vassalage))
        .limit(1)
      return row?.name
    },

    async currencyDecimals(merchantCode: string): Promise<number> {
      const [m] = await db
        .select({ decimals: merchants.currencyDecimals })
        .from(merchants)
        .where(eq(merchants.code, merchantCode))
      return m?.decimals ?? 2
    },

    async favoriteCodes(memberId: number, tx?: Tx): Promise<string[]> {
      const rows = await (tx ?? db)
        .select({ code: games.code })
        .from(favoriteGames)
        .innerJoin(games, eq(games.id, favoriteGames.gameId))
        .where(eq(favoriteGames.memberId, memberId))
        .orderBy(desc(favoriteGames.createdAt), desc(favoriteGames.gameId))
      return rows.map((r) => r.code)
    },

    async favoritePage(
      memberId: number,
      page: PageRequest,
    ): Promise<{ rows: GameWithVendor[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        withPage(
          db
            .select({ game: games, vendor: vendors })
            .from(favoriteGames)
            .innerJoin(games, eq(games.id, favoriteGames.gameId))
            .innerJoin(vendors, vendorJoin)
            .where(eq(favoriteGames.memberId, memberId))
            .orderBy(desc(favoriteGames.createdAt), desc(favoriteGames.gameId))
            .$dynamic(),
          page,
        ),
        db.select({ n: count() }).from(favoriteGames).where(eq(favoriteGames.memberId, memberId)),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    /**
     * Adds a favourite unless the member already has `max`. The member's row is locked
     * first, so adds at the same moment count one after another and never pass the limit.
     * 'exists' when it was already a favourite (nothing changes).
     */
    async addFavorite(
      memberId: number,
      gameId: number,
      max: number,
      at: Date,
    ): Promise<'added' | 'exists' | 'limit'> {
      return db.transaction(async (tx) => {
        await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update')
        const [had] = await tx
          .select({ g: favoriteGames.gameId })
          .from(favoriteGames)
          .where(and(eq(favoriteGames.memberId, memberId), eq(favoriteGames.gameId, gameId)))
        if (had) return 'exists'
        const [held] = await tx
          .select({ n: count() })
          .from(favoriteGames)
          .where(eq(favoriteGames.memberId, memberId))
        if ((held?.n ?? 0) >= max) return 'limit'
        await tx.insert(favoriteGames).values({ memberId, gameId, createdAt: at }).onConflictDoNothing()
        return 'added'
      })
    },

    async removeFavorite(memberId: number, gameId: number): Promise<void> {
      await db
        .delete(favoriteGames)
        .where(and(eq(favoriteGames.memberId, memberId), eq(favoriteGames.gameId, gameId)))
    },

    /** Records a launch: the game moves to the front of the member's recent games. */
    async touchRecent(memberId: number, gameId: number, at: Date, tx?: Tx): Promise<void> {
      await (tx ?? db)
        .insert(recentGames)
        .values({ memberId, gameId, playedAt: at })
        .onConflictDoUpdate({
          target: [recentGames.memberId, recentGames.gameId],
          set: { playedAt: sql`greatest(${recentGames.playedAt}, excluded.played_at)` },
        })
    },

    async recent(memberId: number, limit: number): Promise<GameWithVendor[]> {
      return db
        .select({ game: games, vendor: vendors })
        .from(recentGames)
        .innerJoin(games, eq(games.id, recentGames.gameId))
        .innerJoin(vendors, vendorJoin)
        .where(eq(recentGames.memberId, memberId))
        .orderBy(desc(recentGames.playedAt), desc(recentGames.gameId))
        .limit(limit)
    },

    /**
     * The most played games since `since` (members who launched each), then the hot ones,
     * in the catalogue's order: a new install still has a ranking.
     */
    async rank(
      merchantCode: string,
      gameType: GameType | undefined,
      since: Date,
      limit: number,
    ): Promise<(GameWithVendor & { players: number })[]> {
      const players = db
        .select({ gameId: recentGames.gameId, players: count().as('players') })
        .from(recentGames)
        .where(gte(recentGames.playedAt, since))
        .groupBy(recentGames.gameId)
        .as('players')
      const rows = await db
        .select({ game: games, vendor: vendors, players: sql<number>`coalesce(${players.players}, 0)` })
        .from(games)
        .innerJoin(vendors, vendorJoin)
        .leftJoin(players, eq(players.gameId, games.id))
        .where(
          and(
            eq(games.merchantCode, merchantCode),
            eq(games.isGame, 'GAME'),
            gameType ? eq(games.gameType, gameType) : undefined,
          ),
        )
        .orderBy(
          desc(sql`coalesce(${players.players}, 0)`),
          desc(games.isHot),
          asc(games.sort),
          asc(vendors.sort),
          asc(games.id),
        )
        .limit(limit)
      return rows.map((r) => ({ ...r, players: Number(r.players) }))
    },

    /** Fixtures of these vendors that start from `from` on, soonest first. */
    async matches(
      merchantCode: string,
      gameType: 'SPORTS' | 'ESPORTS' | undefined,
      from: Date,
      limit: number,
      vassalages: string[],
    ): Promise<MatchRow[]> {
      return db
        .select()
        .from(gameMatches)
        .where(
          and(
            eq(gameMatches.merchantCode, merchantCode),
            gte(gameMatches.startsAt, from),
            gameType ? eq(gameMatches.gameType, gameType) : undefined,
            inArray(gameMatches.vassalage, vassalages),
          ),
        )
        .orderBy(asc(gameMatches.startsAt), asc(gameMatches.id))
        .limit(limit)
    },

    async gameIdsOf(merchantCode: string, codes: string[]): Promise<Map<string, number>> {
      if (codes.length === 0) return new Map()
      const rows = await db
        .select({ id: games.id, code: games.code })
        .from(games)
        .where(and(eq(games.merchantCode, merchantCode), inArray(games.code, codes)))
      return new Map(rows.map((r) => [r.code, r.id]))
    },
  }
}

export type GamesRepository = ReturnType<typeof createGamesRepository>
