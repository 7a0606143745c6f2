/**
 * Lottery issues as stored: one row per draw of a game, made ahead with its seed and the
 * seed's commitment, drawn (or voided) once. Reads for the lobby: an issue by its numero,
 * the latest results of a game or of a brand.
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { LotteryKind } from '#contract/lottery'
import { lotteryIssues } from '../db/schema'
import type { Executor } from '../money/ledger'
import { rowsOf, type Db } from '../plugins/external/db'
import { commitmentOf, drawFromSeed, newSeed } from './rng'

export type IssueRow = typeof lotteryIssues.$inferSelect

/** A draw of a schedule: its numero and when it opens and closes (epoch ms). */
export interface SlotTimes {
  numero: string
  openAt: number
  closeAt: number
}

export function createIssuesRepository(db: Db) {
  return {
    /**
     * Makes the issues of these slots that do not exist yet, each with a new seed and its
     * commitment; answers the rows this call made (another instance may make the others).
     */
    async ensure(
      game: { id: number; merchantCode: string },
      slots: readonly SlotTimes[],
      ex: Executor = db,
    ): Promise<IssueRow[]> {
      if (slots.length === 0) return []
      const values = slots.map((s) => {
        const seed = newSeed()
        return {
          merchantCode: game.merchantCode,
          gameId: game.id,
          numero: s.numero,
          openAt: new Date(s.openAt),
          closeAt: new Date(s.closeAt),
          commitment: commitmentOf(seed),
          seed,
        }
      })
      const made: IssueRow[] = []
      for (let i = 0; i < values.length; i += 1000) {
        made.push(
          ...(await ex
            .insert(lotteryIssues)
            .values(values.slice(i, i + 1000))
            .onConflictDoNothing()
            .returning()),
        )
      }
      return made
    },

    /**
     * Makes the issues of slots that closed while no server ran, drawn at `at` from their
     * new seeds (no bet can be on an issue that did not exist); answers the rows made.
     * `at: 'close'` dates each draw at its slot's close (the demo's history).
     */
    async ensureDrawn(
      game: { id: number; merchantCode: string; code: string; kind: LotteryKind },
      slots: readonly SlotTimes[],
      at: Date | 'close',
      ex: Executor = db,
    ): Promise<IssueRow[]> {
      const made: IssueRow[] = []
      for (let i = 0; i < slots.length; i += 1000) {
        const values = slots.slice(i, i + 1000).map((s) => {
          const seed = newSeed()
          const drawn = drawFromSeed(game.kind, seed, game.code, s.numero)
          return {
            merchantCode: game.merchantCode,
            gameId: game.id,
            numero: s.numero,
            openAt: new Date(s.openAt),
            closeAt: new Date(s.closeAt),
            commitment: commitmentOf(seed),
            seed,
            status: 'DRAWN' as const,
            result: {
              main: drawn.main,
              prizes: drawn.prizes.map((p) => ({ prize: p.prize, numbers: [...p.numbers] })),
            },
            drawnAt: at === 'close' ? new Date(s.closeAt) : at,
          }
        })
        made.push(...(await ex.insert(lotteryIssues).values(values).onConflictDoNothing().returning()))
      }
      return made
    },

    /** An issue by its numero; `lock` takes its row lock (inside a transaction). */
    async byNumero(
      gameId: number,
      numero: string,
      ex: Executor = db,
      lock?: 'share' | 'update',
    ): Promise<IssueRow | undefined> {
      const q = ex
        .select()
        .from(lotteryIssues)
        .where(and(eq(lotteryIssues.gameId, gameId), eq(lotteryIssues.numero, numero)))
      const [row] = lock ? await q.for(lock) : await q
      return row
    },

    async byIds(ids: readonly number[], ex: Executor = db): Promise<IssueRow[]> {
      if (ids.length === 0) return []
      return ex
        .select()
        .from(lotteryIssues)
        .where(inArray(lotteryIssues.id, [...ids]))
    },

    async byNumeros(gameId: number, numeros: readonly string[], ex: Executor = db): Promise<IssueRow[]> {
      if (numeros.length === 0) return []
      return ex
        .select()
        .from(lotteryIssues)
        .where(and(eq(lotteryIssues.gameId, gameId), inArray(lotteryIssues.numero, [...numeros])))
    },

    /** The issues of these (game, numero) pairs that exist. */
    async byGameNumeros(
      pairs: readonly { gameId: number; numero: string }[],
      ex: Executor = db,
    ): Promise<IssueRow[]> {
      if (pairs.length === 0) return []
      const ids = `{${pairs.map((p) => p.gameId).join(',')}}`
      const numeros = `{${pairs.map((p) => `"${p.numero}"`).join(',')}}`
      return ex
        .select()
        .from(lotteryIssues)
        .where(
          sql`(${lotteryIssues.gameId}, ${lotteryIssues.numero}) in (select * from unnest(${ids}::int[], ${numeros}::text[]))`,
        )
    },

    /** The game's latest issues that are past their close (drawn, voided or waiting), newest first. */
    async latestClosed(gameId: number, at: Date, limit: number, ex: Executor = db): Promise<IssueRow[]> {
      return ex
        .select()
        .from(lotteryIssues)
        .where(and(eq(lotteryIssues.gameId, gameId), lte(lotteryIssues.closeAt, at)))
        .orderBy(desc(lotteryIssues.closeAt))
        .limit(limit)
    },

    /** The latest drawn issue of each game named. */
    async lastDrawnOf(gameIds: readonly number[], ex: Executor = db): Promise<Map<number, IssueRow>> {
      if (gameIds.length === 0) return new Map()
      const ids = `{${gameIds.join(',')}}`
      const res = await ex.execute(sql`
        select l.id from unnest(${ids}::int[]) as g(id)
        cross join lateral (
          select i.id from lottery_issues i
          where i.game_id = g.id and i.status = 'DRAWN'
          order by i.close_at desc limit 1
        ) l`)
      const found = rowsOf<{ id: string | number }>(res).map((r) => Number(r.id))
      if (found.length === 0) return new Map()
      const rows = await ex.select().from(lotteryIssues).where(inArray(lotteryIssues.id, found))
      return new Map(rows.map((r) => [r.gameId, r]))
    },

    /** The brand's latest drawn issues of these games, newest first. */
    async latestDrawn(
      merchantCode: string,
      gameIds: readonly number[],
      limit: number,
      ex: Executor = db,
    ): Promise<IssueRow[]> {
      if (gameIds.length === 0) return []
      return ex
        .select()
        .from(lotteryIssues)
        .where(
          and(
            eq(lotteryIssues.merchantCode, merchantCode),
            eq(lotteryIssues.status, 'DRAWN'),
            inArray(lotteryIssues.gameId, [...gameIds]),
          ),
        )
        .orderBy(desc(lotteryIssues.closeAt))
        .limit(limit)
    },

    /** Issues past their close still waiting for their draw, oldest first. */
    async due(at: Date, limit: number, ex: Executor = db): Promise<{ id: number; gameId: number }[]> {
      return ex
        .select({ id: lotteryIssues.id, gameId: lotteryIssues.gameId })
        .from(lotteryIssues)
        .where(and(eq(lotteryIssues.status, 'OPEN'), lte(lotteryIssues.closeAt, at)))
        .orderBy(asc(lotteryIssues.closeAt), asc(lotteryIssues.id))
        .limit(limit)
    },

    /** When the game's latest issue closes (undefined: none yet). */
    async latestClose(gameId: number, ex: Executor = db): Promise<Date | undefined> {
      const [row] = await ex
        .select({ closeAt: lotteryIssues.closeAt })
        .from(lotteryIssues)
        .where(eq(lotteryIssues.gameId, gameId))
        .orderBy(desc(lotteryIssues.closeAt))
        .limit(1)
      return row?.closeAt
    },
  }
}

export type IssuesRepository = ReturnType<typeof createIssuesRepository>
