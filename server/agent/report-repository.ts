/**
 * The agent centre's reports over the team: its members' bets, their profit and loss for a
 * period, and their money movements. Every query starts from the agent's own rows of the
 * downline tree, so nothing outside the team is read.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { gameTypes } from '#contract/games'
import { betStatuses, movementTypes } from '#contract/records'
import { rowsOf, type Db } from '../plugins/external/db'
import { containing } from './team-repository'

/** The days from..to (inclusive) of the brand's calendar, and the zone they are in. */
export interface Days {
  from: string
  to: string
  timeZone: string
}

interface Page {
  limit: number
  offset: number
}

const BetRow = z.object({
  id: z.coerce.number(),
  member_id: z.coerce.number(),
  account: z.string(),
  bet_no: z.string(),
  product_type: z.enum(gameTypes),
  vendor_name: z.string(),
  game_name: z.string(),
  bet_amount: z.coerce.bigint(),
  valid_bet: z.coerce.bigint(),
  payout: z.coerce.bigint(),
  status: z.enum(betStatuses),
  bet_time: z.coerce.date(),
  settled_time: z.nullable(z.coerce.date()),
  total: z.coerce.number(),
  sum_bet: z.coerce.bigint(),
  sum_valid: z.coerce.bigint(),
  sum_win_loss: z.coerce.bigint(),
})
export type BetRow = z.infer<typeof BetRow>

const ProfitLossRow = z.object({
  member_id: z.coerce.number(),
  account: z.string(),
  level: z.coerce.number(),
  bet_count: z.coerce.number(),
  valid_bet: z.coerce.bigint(),
  profit_loss: z.coerce.bigint(),
  deposits: z.coerce.bigint(),
  withdrawals: z.coerce.bigint(),
  bonuses: z.coerce.bigint(),
  total: z.coerce.number(),
  sum_valid: z.coerce.bigint(),
  sum_profit_loss: z.coerce.bigint(),
})
export type ProfitLossRow = z.infer<typeof ProfitLossRow>

const MovementRow = z.object({
  id: z.coerce.number(),
  member_id: z.coerce.number(),
  account: z.string(),
  created_at: z.coerce.date(),
  type: z.enum(movementTypes),
  amount: z.coerce.bigint(),
  balance_after: z.coerce.bigint(),
  memo: z.nullable(z.string()),
  total: z.coerce.number(),
})
export type MovementRow = z.infer<typeof MovementRow>

/** The instant range [start, end) of the days in their zone, as SQL. */
function instants(column: SQL, d: Days): SQL {
  return sql`${column} >= (${d.from}::date::timestamp at time zone ${d.timeZone})
    and ${column} < ((${d.to}::date + 1)::timestamp at time zone ${d.timeZone})`
}

/** The agent's team (never the agent itself), or one member of it. */
function team(agentId: number, memberId: number | undefined): SQL {
  return memberId === undefined
    ? sql`t.ancestor_id = ${agentId} and t.depth >= 1`
    : sql`t.ancestor_id = ${agentId} and t.depth >= 1 and t.descendant_id = ${memberId}`
}

export function createReportRepository(db: Db) {
  return {
    /** The team's bets placed in the period, newest first, with the totals of all of them. */
    async bets(
      agentId: number,
      d: Days,
      q: Page & { memberId?: number; productType?: string; vendorName?: string },
    ): Promise<BetRow[]> {
      const filters = [
        q.productType ? sql`and b.product_type = ${q.productType}` : sql``,
        q.vendorName ? sql`and b.vendor_name = ${q.vendorName}` : sql``,
      ]
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select b.id, b.member_id, m.account, b.bet_no, b.product_type, b.vendor_name, b.game_name,
            b.bet_amount, b.valid_bet, b.payout, b.status, b.bet_time, b.settled_time,
            count(*) over () as total,
            sum(b.bet_amount) over () as sum_bet,
            sum(case when b.status = 'SETTLED' then b.valid_bet else 0 end) over () as sum_valid,
            sum(case when b.status = 'SETTLED' then b.payout - b.bet_amount else 0 end) over () as sum_win_loss
          from member_tree t
          join bet_records b on b.member_id = t.descendant_id
          join members m on m.id = b.member_id
          where ${team(agentId, q.memberId)} and ${instants(sql`b.bet_time`, d)} ${filters[0]} ${filters[1]}
          order by b.bet_time desc, b.id desc
          limit ${q.limit} offset ${q.offset}`),
      )
      return rows.map((r) => BetRow.parse(r))
    },

    /** Each member's figures over the period, biggest losses first, with the totals. */
    async profitLoss(agentId: number, d: Days, q: Page & { account?: string }): Promise<ProfitLossRow[]> {
      const search = q.account ? sql`and m.username like ${containing(q.account)}` : sql``
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          with per as (
            select s.member_id, sum(s.bet_count) as bet_count, sum(s.valid_bet) as valid_bet,
              sum(s.payout - s.bet_amount) as profit_loss, sum(s.deposits) as deposits,
              sum(s.withdrawals) as withdrawals, sum(s.bonuses) as bonuses
            from member_tree t
            join member_daily_stats s on s.member_id = t.descendant_id
            where t.ancestor_id = ${agentId} and t.depth >= 1 and s.day between ${d.from}::date and ${d.to}::date
            group by s.member_id
          )
          select per.*, m.account, t.depth as level,
            count(*) over () as total,
            sum(per.valid_bet) over () as sum_valid,
            sum(per.profit_loss) over () as sum_profit_loss
          from per
          join members m on m.id = per.member_id
          join member_tree t on t.ancestor_id = ${agentId} and t.descendant_id = per.member_id
          where true ${search}
          order by per.profit_loss asc, per.member_id
          limit ${q.limit} offset ${q.offset}`),
      )
      return rows.map((r) => ProfitLossRow.parse(r))
    },

    /** The money movements of the team's wallets in the period, newest first. */
    async movements(
      agentId: number,
      d: Days,
      q: Page & { memberId?: number; type?: string },
    ): Promise<MovementRow[]> {
      const byType = q.type ? sql`and x.type = ${q.type}` : sql``
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select p.id, a.member_id, m.account, p.created_at, x.type, p.amount, p.balance_after, x.memo,
            count(*) over () as total
          from member_tree t
          join ledger_accounts a on a.member_id = t.descendant_id
          join ledger_postings p on p.account_id = a.id
          join ledger_transactions x on x.id = p.transaction_id
          join members m on m.id = a.member_id
          where ${team(agentId, q.memberId)} and ${instants(sql`p.created_at`, d)} ${byType}
            and x.type <> 'WITHDRAWAL_PAID'
          order by p.id desc
          limit ${q.limit} offset ${q.offset}`),
      )
      return rows.map((r) => MovementRow.parse(r))
    },
  }
}

export type ReportRepository = ReturnType<typeof createReportRepository>
