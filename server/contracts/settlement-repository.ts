/**
 * The reads and writes of contract settlement (decision 024): the contracts in force at a
 * period's end, the teams' measures for the period from the kept figures (member_daily_stats,
 * member_hourly_stats; decision 023) or, for the real-time salary, from the bets settled in
 * the window, and the payments with their period's mark. Every query is one statement over
 * all the agents of the period, whatever their number.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  ContractTermsSchema,
  contractKinds,
  contractPeriodUnits,
  dividendPeriods,
  ratePerMillion,
  type ContractKind,
  type ContractPaymentsQuery,
  type ContractPeriodUnit,
  type ContractTerms,
  type DividendPeriod,
  type StakeTier,
} from '#contract/contracts'
import { rowsOf, type Db, type Tx } from '../plugins/external/db'

type Executor = Db | Tx

/** A contract in force at a period's end: who holds it, who pays it and its terms. */
export interface SettledContract {
  id: number
  uplineId: number | null
  agentId: number
  terms: ContractTerms
}

/** A team's figures for a period; what counts depends on the kind. */
export interface TeamMeasure {
  /** Valid bets (salaries), stakes less payouts (dividend), stakes (real-time salary). */
  measure: bigint
  activeMembers: number
  /** Real-time salary: stakes of bets the members won and lost, and the pay they give. */
  wonStakes?: bigint
  lostStakes?: bigint
  pay?: bigint
}

export interface NewPayment {
  merchantCode: string
  contractId: number
  kind: ContractKind
  agentId: number
  unit: ContractPeriodUnit
  periodStart: Date
  periodEnd: Date
  measure: bigint
  activeMembers: number
  rate: number | null
  wonStakes: bigint | null
  lostStakes: bigint | null
  pay: bigint
  downlinePay: bigint
  amount: bigint
  shortfall: bigint
  paidAt: Date
}

const ContractRow = z.object({
  id: z.coerce.number(),
  upline_id: z.coerce.number().nullable(),
  downline_id: z.coerce.number(),
  terms: z.unknown(),
})

const MeasureRow = z.object({
  agent_id: z.coerce.number(),
  measure: z.coerce.bigint(),
  active_members: z.coerce.number(),
  won: z.coerce.bigint().nullish(),
  lost: z.coerce.bigint().nullish(),
  pay: z.coerce.bigint().nullish(),
})

const PaymentRow = z.object({
  id: z.coerce.number(),
  contract_id: z.coerce.number(),
  kind: z.enum(contractKinds),
  agent_id: z.coerce.number(),
  agent_account: z.string(),
  unit: z.enum(contractPeriodUnits),
  period_start: z.coerce.date(),
  period_end: z.coerce.date(),
  measure: z.coerce.bigint(),
  active_members: z.coerce.number(),
  rate: z.coerce.number().nullable(),
  won_stakes: z.coerce.bigint().nullable(),
  lost_stakes: z.coerce.bigint().nullable(),
  pay: z.coerce.bigint(),
  downline_pay: z.coerce.bigint(),
  amount: z.coerce.bigint(),
  shortfall: z.coerce.bigint(),
  paid_at: z.coerce.date(),
  transaction_id: z.coerce.number().nullable(),
  total: z.coerce.number(),
  sum: z.coerce.bigint(),
})
export type PaymentRow = z.infer<typeof PaymentRow>

const SettledRow = z.object({ period_end: z.coerce.date().nullable() })
const FirstRow = z.object({ first: z.coerce.date().nullable() })
const InsertedRow = z.object({ id: z.coerce.number(), contract_id: z.coerce.number() })
const AccountRow = z.object({ member_id: z.coerce.number(), id: z.coerce.number() })

/** A Postgres array literal of plain numbers (drizzle would spread a JS array). */
const ints = (xs: readonly (number | bigint)[]) => `{${xs.join(',')}}`
const texts = (xs: readonly string[]) => `{${xs.map((x) => `"${x.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`
const nullableInts = (xs: readonly (number | bigint | null)[]) =>
  `{${xs.map((x) => (x === null ? 'NULL' : String(x))).join(',')}}`
const times = (xs: readonly Date[]) => texts(xs.map((d) => d.toISOString()))

/** The largest stake a tier band can reach (bigint's top). */
const noCeiling = 9_223_372_036_854_775_807n

export function createSettlementRepository(db: Db) {
  return {
    /**
     * The brand's contracts of the kind in force at `end`: accepted before it and not ended
     * before it (a contract terminated in a period runs to that period's end and is paid for
     * it; a replaced one ended when its successor was accepted, which is paid instead).
     */
    async inForce(merchantCode: string, kind: ContractKind, end: Date): Promise<SettledContract[]> {
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select id, upline_id, downline_id, terms from agent_contracts
          where merchant_code = ${merchantCode} and kind = ${kind}
            and status in ('accepted', 'terminated', 'replaced') and answered_at is not null
            and answered_at < ${end.toISOString()}::timestamptz
            and (ends_at is null or ends_at >= ${end.toISOString()}::timestamptz)
          -- One order for every run: two runs write their chunks' keys in the same order.
          order by id`),
      )
      return rows.map((raw) => {
        const r = ContractRow.parse(raw)
        return {
          id: r.id,
          uplineId: r.upline_id,
          agentId: r.downline_id,
          terms: ContractTermsSchema.parse(r.terms),
        }
      })
    },

    /** When the brand's earliest accepted contract of the kind was accepted (where settling starts). */
    async firstAccepted(merchantCode: string, kind: ContractKind): Promise<Date | null> {
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select min(answered_at) as first from agent_contracts
          where merchant_code = ${merchantCode} and kind = ${kind}
            and status in ('accepted', 'terminated', 'replaced') and answered_at is not null`),
      )
      return FirstRow.parse(rows[0] ?? { first: null }).first
    },

    /** The periods of every dividend contract the brand ever had in force. */
    async dividendPeriodsEver(merchantCode: string): Promise<DividendPeriod[]> {
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select distinct terms->>'period' as period from agent_contracts
          where merchant_code = ${merchantCode} and kind = 'dividend'
            and status in ('accepted', 'terminated', 'replaced') and answered_at is not null`),
      )
      return rows.map((raw) => z.object({ period: z.enum(dividendPeriods) }).parse(raw).period)
    },

    /** When the brand's first bet settled at or after `from` did (the windows skip quiet time). */
    async nextSettledBet(merchantCode: string, from: Date): Promise<Date | null> {
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select min(settled_time) as first from bet_records
          where merchant_code = ${merchantCode} and status = 'SETTLED'
            and settled_time >= ${from.toISOString()}::timestamptz`),
      )
      return FirstRow.parse(rows[0] ?? { first: null }).first
    },

    /** The end of the latest period of the kind and unit the brand has settled. */
    async lastSettled(
      merchantCode: string,
      kind: ContractKind,
      unit: ContractPeriodUnit,
    ): Promise<Date | null> {
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select max(period_end) as period_end from contract_settlements
          where merchant_code = ${merchantCode} and kind = ${kind} and unit = ${unit}`),
      )
      return SettledRow.parse(rows[0] ?? { period_end: null }).period_end
    },

    /**
     * Each agent's team (its whole downline, not itself) measured for a salary or a dividend
     * over [start, end): days `fromDay` to `toDay` (exclusive) of member_daily_stats, or the
     * hours of member_hourly_stats for an hourly salary.
     */
    async teamMeasures(
      kind: Exclude<ContractKind, 'realTimeSalary'>,
      agentIds: readonly number[],
      range: { start: Date; end: Date; fromDay: string; toDay: string },
    ): Promise<Map<number, TeamMeasure>> {
      if (agentIds.length === 0) return new Map()
      const measure = kind === 'dividend' ? sql`sum(s.bet_amount - s.payout)` : sql`sum(s.valid_bet)`
      const source =
        kind === 'hourlySalary'
          ? sql`member_hourly_stats s on s.member_id = t.descendant_id
              and s.hour >= ${range.start.toISOString()}::timestamptz
              and s.hour < ${range.end.toISOString()}::timestamptz`
          : sql`member_daily_stats s on s.member_id = t.descendant_id
              and s.day >= ${range.fromDay}::date and s.day < ${range.toDay}::date`
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select t.ancestor_id as agent_id, coalesce(${measure}, 0) as measure,
            count(distinct s.member_id) filter (where s.bet_count > 0) as active_members
          from member_tree t join ${source}
          where t.ancestor_id = any(${ints(agentIds)}::int[]) and t.depth >= 1
          group by 1`),
      )
      return new Map(
        rows.map((raw) => {
          const r = MeasureRow.parse(raw)
          return [r.agent_id, { measure: r.measure, activeMembers: r.active_members }]
        }),
      )
    },

    /**
     * The real-time salary of each agent over the bets its team settled in [start, end): the
     * stakes, split by won and lost, and what the agent's own tiers give on them (each bet at
     * the rate of the tier its stake reaches, the loss rate when it paid less than its stake).
     */
    async realTimeMeasures(
      merchantCode: string,
      tiersOf: ReadonlyMap<number, readonly StakeTier[]>,
      range: { start: Date; end: Date },
    ): Promise<Map<number, TeamMeasure>> {
      const agent: number[] = []
      const lo: bigint[] = []
      const hi: bigint[] = []
      const win: number[] = []
      const loss: number[] = []
      for (const [agentId, tiers] of tiersOf) {
        tiers.forEach((t, i) => {
          agent.push(agentId)
          lo.push(BigInt(t.from))
          hi.push(i + 1 < tiers.length ? BigInt(tiers[i + 1]?.from ?? 0) : noCeiling)
          win.push(t.winRate)
          loss.push(t.lossRate)
        })
      }
      if (agent.length === 0) return new Map()
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          with tiers as (
            select * from unnest(${ints(agent)}::int[], ${ints(lo)}::bigint[], ${ints(hi)}::bigint[],
                                 ${ints(win)}::int[], ${ints(loss)}::int[])
              as x(agent_id, lo, hi, win_rate, loss_rate)
          )
          select x.agent_id, sum(b.bet_amount) as measure, count(distinct b.member_id) as active_members,
            coalesce(sum(b.bet_amount) filter (where b.payout >= b.bet_amount), 0) as won,
            coalesce(sum(b.bet_amount) filter (where b.payout < b.bet_amount), 0) as lost,
            floor(sum(b.bet_amount::numeric
              * case when b.payout < b.bet_amount then x.loss_rate else x.win_rate end) / ${ratePerMillion}) as pay
          from bet_records b
          join member_tree t on t.descendant_id = b.member_id and t.depth >= 1
          join tiers x on x.agent_id = t.ancestor_id and b.bet_amount >= x.lo and b.bet_amount < x.hi
          where b.merchant_code = ${merchantCode} and b.status = 'SETTLED'
            and b.settled_time >= ${range.start.toISOString()}::timestamptz
            and b.settled_time < ${range.end.toISOString()}::timestamptz
          group by 1`),
      )
      return new Map(
        rows.map((raw) => {
          const r = MeasureRow.parse(raw)
          return [
            r.agent_id,
            {
              measure: r.measure,
              activeMembers: r.active_members,
              wonStakes: r.won ?? 0n,
              lostStakes: r.lost ?? 0n,
              pay: r.pay ?? 0n,
            },
          ]
        }),
      )
    },

    /**
     * Writes the payments not written yet (the key on contract and period), answering the
     * ids of those this call wrote, by contract: a payment another run wrote stays its own.
     */
    async insertPayments(tx: Tx, ps: readonly NewPayment[]): Promise<Map<number, number>> {
      if (ps.length === 0) return new Map()
      const rows = rowsOf<unknown>(
        await tx.execute(sql`
          insert into contract_payments (merchant_code, contract_id, kind, agent_id, unit, period_start,
            period_end, measure, active_members, rate, won_stakes, lost_stakes, pay, downline_pay, amount,
            shortfall, paid_at)
          select * from unnest(${texts(ps.map((p) => p.merchantCode))}::text[],
            ${ints(ps.map((p) => p.contractId))}::int[], ${texts(ps.map((p) => p.kind))}::text[],
            ${ints(ps.map((p) => p.agentId))}::int[], ${texts(ps.map((p) => p.unit))}::text[],
            ${times(ps.map((p) => p.periodStart))}::timestamptz[], ${times(ps.map((p) => p.periodEnd))}::timestamptz[],
            ${ints(ps.map((p) => p.measure))}::bigint[], ${ints(ps.map((p) => p.activeMembers))}::int[],
            ${nullableInts(ps.map((p) => p.rate))}::int[], ${nullableInts(ps.map((p) => p.wonStakes))}::bigint[],
            ${nullableInts(ps.map((p) => p.lostStakes))}::bigint[], ${ints(ps.map((p) => p.pay))}::bigint[],
            ${ints(ps.map((p) => p.downlinePay))}::bigint[], ${ints(ps.map((p) => p.amount))}::bigint[],
            ${ints(ps.map((p) => p.shortfall))}::bigint[], ${times(ps.map((p) => p.paidAt))}::timestamptz[])
          on conflict (contract_id, period_start) do nothing
          returning id, contract_id`),
      )
      return new Map(
        rows.map((raw) => {
          const r = InsertedRow.parse(raw)
          return [r.contract_id, r.id]
        }),
      )
    },

    /** Links each payment to the ledger transaction that paid it. */
    async linkTransactions(tx: Tx, paymentIds: readonly number[], transactionIds: readonly number[]) {
      if (paymentIds.length === 0) return
      await tx.execute(sql`
        update contract_payments p set transaction_id = x.tid
        from unnest(${ints(paymentIds)}::int[], ${ints(transactionIds)}::int[]) as x(pid, tid)
        where p.id = x.pid`)
    },

    /** The agents' main wallets that exist (the rest are made by the ledger on first use). */
    async mainWallets(merchantCode: string, agentIds: readonly number[], codeOf: (id: number) => string) {
      if (agentIds.length === 0) return new Map<number, number>()
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select member_id, id from ledger_accounts
          where merchant_code = ${merchantCode} and code = any(${texts(agentIds.map(codeOf))}::text[])`),
      )
      return new Map(
        rows.map((raw) => {
          const r = AccountRow.parse(raw)
          return [r.member_id, r.id]
        }),
      )
    },

    /**
     * A page of the kind's payments to the agent (`mine`) or to its direct downline agents
     * (`downline`: the contracts it pays), newest period first, with the count and the sum
     * of every match. Periods are matched by their start in [from, to).
     */
    async payments(
      agentId: number,
      kind: ContractKind,
      q: { scope: ContractPaymentsQuery['scope']; from?: Date; to?: Date; limit: number; offset: number },
    ): Promise<{ rows: PaymentRow[]; total: number; sum: bigint }> {
      const who =
        q.scope === 'mine'
          ? sql`p.agent_id = ${agentId}`
          : sql`p.contract_id in (select c.id from agent_contracts c where c.upline_id = ${agentId} and c.kind = ${kind})`
      const from = q.from ? sql`and p.period_start >= ${q.from.toISOString()}::timestamptz` : sql``
      const to = q.to ? sql`and p.period_start < ${q.to.toISOString()}::timestamptz` : sql``
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select p.*, m.account as agent_account, count(*) over () as total, sum(p.amount) over () as sum
          from contract_payments p join members m on m.id = p.agent_id
          where ${who} and p.kind = ${kind} ${from} ${to}
          order by p.period_start desc, p.id desc
          limit ${q.limit} offset ${q.offset}`),
      )
      const parsed = rows.map((raw) => PaymentRow.parse(raw))
      if (parsed.length > 0 || q.offset === 0) {
        return { rows: parsed, total: parsed[0]?.total ?? 0, sum: parsed[0]?.sum ?? 0n }
      }
      // A page past the end still says how many there are.
      const [head] = (await this.payments(agentId, kind, { ...q, limit: 1, offset: 0 })).rows
      return { rows: [], total: head?.total ?? 0, sum: head?.sum ?? 0n }
    },

    /** Marks the period settled for the brand (a second mark by another run changes nothing). */
    async markSettled(
      ex: Executor,
      mark: {
        merchantCode: string
        kind: ContractKind
        unit: ContractPeriodUnit
        start: Date
        end: Date
        payments: number
        paid: bigint
        at: Date
      },
    ) {
      await ex.execute(sql`
        insert into contract_settlements (merchant_code, kind, unit, period_start, period_end, payments, paid, settled_at)
        values (${mark.merchantCode}, ${mark.kind}, ${mark.unit}, ${mark.start.toISOString()}::timestamptz,
          ${mark.end.toISOString()}::timestamptz, ${mark.payments}, ${mark.paid.toString()}::bigint,
          ${mark.at.toISOString()}::timestamptz)
        on conflict do nothing`)
    },
  }
}

export type SettlementRepository = ReturnType<typeof createSettlementRepository>
