/**
 * The agent's rebate difference over a period, from the members' valid bets per day and
 * game type (member_daily_game_stats, kept by triggers; migration 0023): never from the
 * bets themselves. Starts from the agent's own rows of the downline tree. Beside it, what
 * its contracts paid it (contract_payments, decision 024).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { contractKinds } from '#contract/contracts'
import { gameTypes } from '#contract/games'
import { rowsOf, type Db } from '../plugins/external/db'
import type { Days } from './report-repository'

const IncomeRow = z.object({
  product_type: z.enum(gameTypes),
  valid_bets: z.coerce.bigint(),
  /** Σ valid bet × (agent's rate − the direct downline's rate), in minor units × basis points. */
  weighted: z.coerce.bigint(),
})
export type IncomeRow = z.infer<typeof IncomeRow>

const ContractPaidRow = z.object({
  kind: z.enum(contractKinds),
  payments: z.coerce.number(),
  amount: z.coerce.bigint(),
})
export type ContractPaidRow = z.infer<typeof ContractPaidRow>

export function createIncomeRepository(db: Db) {
  return {
    /**
     * Per game type: the valid bets of the agent's whole team in the days, and those bets
     * weighted by the agent's rate less that of the direct downline they came through (the
     * member itself when direct; never below 0). A deeper level's own difference is its
     * agent's, so no difference is counted twice.
     */
    async byGameType(agentId: number, days: Days): Promise<IncomeRow[]> {
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          with bets as (
            select d.descendant_id as child, g.product_type, sum(g.valid_bet) as valid
            from member_tree d
            join member_tree sub on sub.ancestor_id = d.descendant_id
            join member_daily_game_stats g on g.member_id = sub.descendant_id
              and g.day between ${days.from}::date and ${days.to}::date
            where d.ancestor_id = ${agentId} and d.depth = 1
            group by 1, 2
          )
          select b.product_type, sum(b.valid) as valid_bets,
            sum(b.valid * greatest(coalesce(mine.rate, 0) - coalesce(theirs.rate, 0), 0)) as weighted
          from bets b
          left join member_rebate_rates mine on mine.member_id = ${agentId} and mine.product_type = b.product_type
          left join member_rebate_rates theirs on theirs.member_id = b.child and theirs.product_type = b.product_type
          group by 1`),
      )
      return rows.map((r) => IncomeRow.parse(r))
    },

    /**
     * Per contract kind, the payments to the agent whose period starts within the days (from
     * the first day's midnight to the one after the last, in the brand's time zone): their
     * number and sum. Kinds without a payment have no row.
     */
    async contractPaid(agentId: number, days: Days): Promise<ContractPaidRow[]> {
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select kind, count(*) as payments, sum(amount) as amount
          from contract_payments
          where agent_id = ${agentId}
            and period_start >= (${days.from}::date::timestamp at time zone ${days.timeZone})
            and period_start < ((${days.to}::date + 1)::timestamp at time zone ${days.timeZone})
          group by kind`),
      )
      return rows.map((r) => ContractPaidRow.parse(r))
    },
  }
}

export type IncomeRepository = ReturnType<typeof createIncomeRepository>
