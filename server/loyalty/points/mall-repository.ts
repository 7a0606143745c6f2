/**
 * The point mall's queries (decision 030, section 3): the brand's rewards, the reward's row
 * lock, the units counted from redemptions not rejected, the redemptions themselves and the
 * operator's decision. Writes take the caller's transaction.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { RedemptionStatus } from '#contract/point-mall'
import { TurnoverSchema } from '#contract/promotions'
import { pointRedemptions, pointRewards } from '../../db/schema/point-mall'
import type { Db, Tx } from '../../plugins/external/db'

type Executor = Db | Tx
const Texts = z.record(z.string(), z.string())

export type NewReward = typeof pointRewards.$inferInsert
export type NewRedemption = typeof pointRedemptions.$inferInsert
export type RedemptionRow = typeof pointRedemptions.$inferSelect
type StoredReward = typeof pointRewards.$inferSelect

function parsed(r: StoredReward) {
  return {
    ...r,
    names: Texts.parse(r.names),
    descriptions: Texts.parse(r.descriptions),
    turnover: TurnoverSchema.parse(r.turnover),
  }
}
export type RewardRow = ReturnType<typeof parsed>

/** Σ quantity of the redemptions that hold units (every one not rejected), grouped by `key`. */
async function unitsBy(ex: Executor, key: SQL, where: SQL | undefined) {
  return ex
    .select({
      key: sql<number>`${key}`.mapWith(Number),
      units: sql<number>`sum(${pointRedemptions.quantity})`.mapWith(Number),
    })
    .from(pointRedemptions)
    .where(and(ne(pointRedemptions.status, 'rejected'), where))
    .groupBy(key)
}

export function createMallRepository(db: Db) {
  return {
    /** Every reward of the brand, in the mall's order. */
    async all(merchantCode: string, ex: Executor = db): Promise<RewardRow[]> {
      const rows = await ex
        .select()
        .from(pointRewards)
        .where(eq(pointRewards.merchantCode, merchantCode))
        .orderBy(asc(pointRewards.sort), asc(pointRewards.id))
      return rows.map(parsed)
    },

    async byId(merchantCode: string, id: number, ex: Executor = db): Promise<RewardRow | undefined> {
      const [r] = await ex
        .select()
        .from(pointRewards)
        .where(and(eq(pointRewards.id, id), eq(pointRewards.merchantCode, merchantCode)))
      return r ? parsed(r) : undefined
    },

    /**
     * The reward's row, locked for the rest of `tx`: every redemption of one reward queues
     * here, so the units counted after it see every redemption committed before.
     */
    async lock(merchantCode: string, id: number, tx: Tx): Promise<RewardRow | undefined> {
      const [r] = await tx
        .select()
        .from(pointRewards)
        .where(and(eq(pointRewards.id, id), eq(pointRewards.merchantCode, merchantCode)))
        .for('update')
      return r ? parsed(r) : undefined
    },

    async add(row: NewReward, ex: Executor = db): Promise<RewardRow> {
      const [r] = await ex.insert(pointRewards).values(row).returning()
      if (!r) throw new Error('reward not written')
      return parsed(r)
    },

    async update(id: number, set: Partial<NewReward>, ex: Executor = db): Promise<RewardRow> {
      const [r] = await ex.update(pointRewards).set(set).where(eq(pointRewards.id, id)).returning()
      if (!r) throw new Error(`reward ${id} missing`)
      return parsed(r)
    },

    /** Units taken of each reward (redemptions not rejected). */
    async unitsTaken(rewardIds: readonly number[], ex: Executor = db): Promise<Map<number, number>> {
      if (rewardIds.length === 0) return new Map()
      const rows = await unitsBy(
        ex,
        sql`${pointRedemptions.rewardId}`,
        inArray(pointRedemptions.rewardId, [...rewardIds]),
      )
      return new Map(rows.map((r) => [r.key, r.units]))
    },

    /** Units of each reward this member holds (redemptions not rejected). */
    async memberUnits(memberId: number, rewardIds: readonly number[], ex: Executor = db) {
      if (rewardIds.length === 0) return new Map<number, number>()
      const rows = await unitsBy(
        ex,
        sql`${pointRedemptions.rewardId}`,
        and(eq(pointRedemptions.memberId, memberId), inArray(pointRedemptions.rewardId, [...rewardIds])),
      )
      return new Map(rows.map((r) => [r.key, r.units]))
    },

    async insert(row: NewRedemption, tx: Tx): Promise<RedemptionRow> {
      const [r] = await tx.insert(pointRedemptions).values(row).returning()
      if (!r) throw new Error('redemption not written')
      return r
    },

    async setPaid(
      id: number,
      set: Pick<Partial<NewRedemption>, 'pointTransactionId' | 'promotionClaimId'>,
      tx: Tx,
    ): Promise<RedemptionRow> {
      const [r] = await tx.update(pointRedemptions).set(set).where(eq(pointRedemptions.id, id)).returning()
      if (!r) throw new Error(`redemption ${id} missing`)
      return r
    },

    async redemption(merchantCode: string, id: number, ex: Executor = db) {
      const [r] = await ex
        .select()
        .from(pointRedemptions)
        .where(and(eq(pointRedemptions.id, id), eq(pointRedemptions.merchantCode, merchantCode)))
      return r
    },

    /**
     * The operator's decision, once: only a redemption still in process changes. Answers the
     * row after, or undefined when it was decided already (or is not in process).
     */
    async decide(
      merchantCode: string,
      id: number,
      set: {
        status: Exclude<RedemptionStatus, 'inProcess'>
        remark: string | null
        decidedAt: Date
        decidedBy: string
      },
      tx: Tx,
    ): Promise<RedemptionRow | undefined> {
      const [r] = await tx
        .update(pointRedemptions)
        .set(set)
        .where(
          and(
            eq(pointRedemptions.id, id),
            eq(pointRedemptions.merchantCode, merchantCode),
            eq(pointRedemptions.status, 'inProcess'),
          ),
        )
        .returning()
      return r
    },

    /** A member's redemptions, newest first, one page, with the count. */
    async page(
      memberId: number,
      q: { from?: Date; to?: Date; status?: RedemptionStatus; id?: number; offset: number; limit: number },
      ex: Executor = db,
    ) {
      const where = and(
        eq(pointRedemptions.memberId, memberId),
        q.from ? gte(pointRedemptions.createdAt, q.from) : undefined,
        q.to ? lt(pointRedemptions.createdAt, q.to) : undefined,
        q.status ? eq(pointRedemptions.status, q.status) : undefined,
        q.id !== undefined ? eq(pointRedemptions.id, q.id) : undefined,
      )
      const [rows, [count]] = await Promise.all([
        ex
          .select()
          .from(pointRedemptions)
          .where(where)
          .orderBy(desc(pointRedemptions.createdAt), desc(pointRedemptions.id))
          .offset(q.offset)
          .limit(q.limit),
        ex
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(pointRedemptions)
          .where(where),
      ])
      return { rows, total: count?.n ?? 0 }
    },

    /** The brand's redemptions for the operator: those in process (all with `all`), oldest first. */
    async forOperator(merchantCode: string, all: boolean, ex: Executor = db) {
      return ex
        .select()
        .from(pointRedemptions)
        .where(
          and(
            eq(pointRedemptions.merchantCode, merchantCode),
            all ? undefined : eq(pointRedemptions.status, 'inProcess'),
          ),
        )
        .orderBy(asc(pointRedemptions.createdAt), asc(pointRedemptions.id))
        .limit(all ? 500 : 10_000)
    },

    /** Rewards that are neither disabled nor ended at `at` (started or not). */
    async live(merchantCode: string, at: Date, ex: Executor = db): Promise<RewardRow[]> {
      const rows = await ex
        .select()
        .from(pointRewards)
        .where(
          and(
            eq(pointRewards.merchantCode, merchantCode),
            isNull(pointRewards.disabledAt),
            sql`(${pointRewards.endsAt} is null or ${pointRewards.endsAt} > ${at})`,
          ),
        )
        .orderBy(asc(pointRewards.sort), asc(pointRewards.id))
      return rows.map(parsed)
    },
  }
}

export type MallRepository = ReturnType<typeof createMallRepository>
