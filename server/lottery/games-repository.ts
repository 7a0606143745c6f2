/**
 * Lottery games as stored: each brand's games with their schedule and bet types. Stored
 * JSON is read through zod, so a row written by hand that does not fit is refused rather
 * than priced wrong.
 */
import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod/mini'
import { LotteryScheduleSchema, lotteryBetTypes, type LotterySchedule } from '#contract/lottery'
import { lotteryGames, type StoredBetTypeRule } from '../db/schema'
import type { Executor } from '../money/ledger'
import type { Db } from '../plugins/external/db'

export type LotteryGameRow = typeof lotteryGames.$inferSelect

/** A bet type of a game, stakes per unit in minor units, odds in thousandths. */
export interface GameBetRule {
  betType: (typeof lotteryBetTypes)[number]
  oddsMilli: number
  minStake: bigint
  maxStake: bigint
}

/** A game as the engine uses it: the row and its checked schedule and rules. */
export interface LotteryGame {
  row: LotteryGameRow
  schedule: LotterySchedule
  rules: GameBetRule[]
}

const minor = z.string().check(z.regex(/^\d{1,18}$/))
const StoredRulesSchema = z.array(
  z.object({
    betType: z.enum(lotteryBetTypes),
    oddsMilli: z.int().check(z.gt(0)),
    minStake: minor,
    maxStake: minor,
  }),
)
const NamesSchema = z.record(z.string(), z.string())

export function storedRules(rules: readonly GameBetRule[]): StoredBetTypeRule[] {
  return rules.map((r) => ({
    betType: r.betType,
    oddsMilli: r.oddsMilli,
    minStake: r.minStake.toString(),
    maxStake: r.maxStake.toString(),
  }))
}

/** The row as the engine reads it; throws when its stored JSON is not what the engine wrote. */
export function gameOf(row: LotteryGameRow): LotteryGame {
  const schedule = LotteryScheduleSchema.safeParse(row.schedule)
  const rules = StoredRulesSchema.safeParse(row.betTypes)
  const names = NamesSchema.safeParse(row.names)
  if (!schedule.success || !rules.success || !names.success) {
    throw new Error(`lottery game ${row.code} has an unreadable schedule, bet types or names`)
  }
  return {
    row,
    schedule: schedule.data,
    rules: rules.data.map((r) => ({
      betType: r.betType,
      oddsMilli: r.oddsMilli,
      minStake: BigInt(r.minStake),
      maxStake: BigInt(r.maxStake),
    })),
  }
}

export function createLotteryGamesRepository(db: Db) {
  /** Sets columns of one of the brand's games; false when there is no such game. */
  async function update(
    merchantCode: string,
    code: string,
    values: Partial<typeof lotteryGames.$inferInsert>,
    ex: Executor,
  ): Promise<boolean> {
    const rows = await ex
      .update(lotteryGames)
      .set(values)
      .where(and(eq(lotteryGames.merchantCode, merchantCode), eq(lotteryGames.code, code)))
      .returning({ id: lotteryGames.id })
    return rows.length > 0
  }

  return {
    /** The brand's games (enabled ones unless `all`), in menu order. */
    async list(
      merchantCode: string,
      opts: { all?: boolean } = {},
      ex: Executor = db,
    ): Promise<LotteryGame[]> {
      const rows = await ex
        .select()
        .from(lotteryGames)
        .where(
          and(
            eq(lotteryGames.merchantCode, merchantCode),
            opts.all ? undefined : eq(lotteryGames.enabled, true),
          ),
        )
        .orderBy(asc(lotteryGames.sort), asc(lotteryGames.code))
      return rows.map(gameOf)
    },

    /** Every enabled game of every brand: what the schedule job keeps issues for. */
    async allEnabled(ex: Executor = db): Promise<LotteryGame[]> {
      const rows = await ex
        .select()
        .from(lotteryGames)
        .where(eq(lotteryGames.enabled, true))
        .orderBy(asc(lotteryGames.id))
      return rows.map(gameOf)
    },

    async byCode(merchantCode: string, code: string, ex: Executor = db): Promise<LotteryGame | undefined> {
      const [row] = await ex
        .select()
        .from(lotteryGames)
        .where(and(eq(lotteryGames.merchantCode, merchantCode), eq(lotteryGames.code, code)))
      return row ? gameOf(row) : undefined
    },

    /** The English name of a game with this code, in any brand (the art route). */
    async nameOfCode(code: string): Promise<string | undefined> {
      const [row] = await db
        .select({ names: lotteryGames.names })
        .from(lotteryGames)
        .where(eq(lotteryGames.code, code))
        .limit(1)
      return row ? (row.names.en ?? Object.values(row.names)[0] ?? code) : undefined
    },

    async byId(id: number, ex: Executor = db): Promise<LotteryGame | undefined> {
      const [row] = await ex.select().from(lotteryGames).where(eq(lotteryGames.id, id))
      return row ? gameOf(row) : undefined
    },

    /** Adds a game; false when the brand already has one with the code. */
    async insert(
      game: {
        merchantCode: string
        code: string
        names: Record<string, string>
        prizeMode: LotteryGameRow['prizeMode']
        kind: LotteryGameRow['kind']
        groupCode: string
        schedule: LotterySchedule
        rules: readonly GameBetRule[]
        /** The most one bet line may win, minor units (defaultMaxPayout). */
        maxPayout: bigint
        isHot?: boolean
        sort?: number
        enabled?: boolean
        createdAt: Date
      },
      ex: Executor = db,
    ): Promise<boolean> {
      const { rules, ...rest } = game
      const rows = await ex
        .insert(lotteryGames)
        .values({ ...rest, betTypes: storedRules(rules) })
        .onConflictDoNothing()
        .returning({ id: lotteryGames.id })
      return rows.length > 0
    },

    /** Replaces the game's names (every language at once); false when there is no such game. */
    async setNames(merchantCode: string, code: string, names: Record<string, string>, ex: Executor = db) {
      return update(merchantCode, code, { names }, ex)
    },

    /**
     * Replaces the game's bet types (odds and stake limits). A bet already placed keeps the odds
     * it was placed at (lottery_bets.odds_milli): only later bets see the change.
     */
    async setRules(merchantCode: string, code: string, rules: readonly GameBetRule[], ex: Executor = db) {
      return update(merchantCode, code, { betTypes: storedRules(rules) }, ex)
    },

    /** Sets the most one bet line may win (minor units); bets already placed stand as they are. */
    async setMaxPayout(merchantCode: string, code: string, maxPayout: bigint, ex: Executor = db) {
      return update(merchantCode, code, { maxPayout }, ex)
    },

    async setEnabled(merchantCode: string, code: string, enabled: boolean, ex: Executor = db) {
      return update(merchantCode, code, { enabled }, ex)
    },
  }
}

export type LotteryGamesRepository = ReturnType<typeof createLotteryGamesRepository>
