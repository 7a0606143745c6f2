/**
 * Rebate rates per member and game type (member_rebate_rates, basis points of the valid
 * bet; no row is 0). An account's rate is never above its upline's: every write locks the
 * upline's member row first (`lockMember`), so a check of the upline's rates and the write
 * under it hold together against parallel requests, and an upline's own rates change only
 * under the same lock.
 */
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { gameTypes, type GameType } from '#contract/games'
import { memberRebateRates, members } from '../db/schema'
import { rowsOf, type Db, type Tx } from '../plugins/external/db'

type Executor = Db | Tx

/** A member's rates by game type; a game type without a row is 0. */
export type RateTable = ReadonlyMap<GameType, number>

const RateRow = z.object({ product_type: z.enum(gameTypes), rate: z.coerce.number() })

export function createRebateRepository(db: Db) {
  return {
    /**
     * Locks the member's row until the transaction ends (FOR NO KEY UPDATE: rows that only
     * reference it, such as its downline's rates, can still be written).
     */
    async lockMember(tx: Executor, memberId: number): Promise<void> {
      await tx.execute(sql`select id from members where id = ${memberId} for no key update`)
    },

    async ratesOf(memberId: number, ex: Executor = db): Promise<RateTable> {
      const rows = await ex
        .select({ productType: memberRebateRates.productType, rate: memberRebateRates.rate })
        .from(memberRebateRates)
        .where(eq(memberRebateRates.memberId, memberId))
      const out = new Map<GameType, number>()
      for (const r of rows) {
        const t = gameTypes.find((g) => g === r.productType)
        if (t) out.set(t, r.rate)
      }
      return out
    },

    /** The highest rate per game type among the member's direct downline. */
    async highestDownlineRates(memberId: number, ex: Executor = db): Promise<RateTable> {
      const rows = rowsOf<unknown>(
        await ex.execute(sql`
          select r.product_type, max(r.rate) as rate
          from members c join member_rebate_rates r on r.member_id = c.id
          where c.parent_id = ${memberId}
          group by 1`),
      )
      return new Map(rows.map((raw) => RateRow.parse(raw)).map((r) => [r.product_type, r.rate]))
    },

    /** Sets the member's rates for the game types named; a rate of 0 removes the row. */
    async setRates(
      tx: Executor,
      memberId: number,
      rates: readonly { productType: GameType; rate: number }[],
      at: Date,
    ): Promise<void> {
      for (const r of rates) {
        if (r.rate === 0) {
          await tx
            .delete(memberRebateRates)
            .where(
              and(eq(memberRebateRates.memberId, memberId), eq(memberRebateRates.productType, r.productType)),
            )
          continue
        }
        await tx
          .insert(memberRebateRates)
          .values({ memberId, productType: r.productType, rate: r.rate, updatedAt: at })
          .onConflictDoUpdate({
            target: [memberRebateRates.memberId, memberRebateRates.productType],
            set: { rate: r.rate, updatedAt: at },
          })
      }
    },

    /** A member of the agent's direct downline; undefined for anyone else or no one. */
    async directDownline(
      agentId: number,
      memberId: number,
      ex: Executor = db,
    ): Promise<{ id: number; account: string } | undefined> {
      const [m] = await ex
        .select({ id: members.id, account: members.account })
        .from(members)
        .where(and(eq(members.id, memberId), eq(members.parentId, agentId)))
      return m
    },

    /** An account of the brand by its username (any case), with its upline. */
    async accountOf(
      merchantCode: string,
      username: string,
      ex: Executor = db,
    ): Promise<{ id: number; account: string; parentId: number | null } | undefined> {
      const [m] = await ex
        .select({ id: members.id, account: members.account, parentId: members.parentId })
        .from(members)
        .where(
          and(eq(members.merchantCode, merchantCode), eq(members.username, username.trim().toLowerCase())),
        )
      return m
    },
  }
}

export type RebateRepository = ReturnType<typeof createRebateRepository>
