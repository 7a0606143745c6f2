/**
 * The agent area's reads and checks over the downline tree (member_tree) and the members'
 * figures per day (member_daily_stats), both kept by the database in the transaction that
 * writes what they count (migration 0022). Every query starts from the agent's own row of
 * the tree, so nothing outside the agent's team can be read through it.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { memberStatuses } from '#contract/identity-values'
import { rowsOf, type Db, type Tx } from '../plugins/external/db'

type Executor = Db | Tx

const FiguresRow = z.object({
  direct: z.boolean(),
  members: z.coerce.number(),
  new_members: z.coerce.number(),
  first_deposits: z.coerce.number(),
  active_members: z.coerce.number(),
  deposits: z.coerce.bigint(),
  withdrawals: z.coerce.bigint(),
  valid_bets: z.coerce.bigint(),
  bonuses: z.coerce.bigint(),
  profit_loss: z.coerce.bigint(),
})

export interface Figures {
  members: number
  newMembers: number
  activeMembers: number
  firstDeposits: number
  /** Minor units. */
  deposits: bigint
  withdrawals: bigint
  validBets: bigint
  bonuses: bigint
  profitLoss: bigint
}

const noFigures: Figures = {
  members: 0,
  newMembers: 0,
  activeMembers: 0,
  firstDeposits: 0,
  deposits: 0n,
  withdrawals: 0n,
  validBets: 0n,
  bonuses: 0n,
  profitLoss: 0n,
}

function add(a: Figures, b: Figures): Figures {
  return {
    members: a.members + b.members,
    newMembers: a.newMembers + b.newMembers,
    activeMembers: a.activeMembers + b.activeMembers,
    firstDeposits: a.firstDeposits + b.firstDeposits,
    deposits: a.deposits + b.deposits,
    withdrawals: a.withdrawals + b.withdrawals,
    validBets: a.validBets + b.validBets,
    bonuses: a.bonuses + b.bonuses,
    profitLoss: a.profitLoss + b.profitLoss,
  }
}

const DownlineRow = z.object({
  id: z.coerce.number(),
  account: z.string(),
  nickname: z.string(),
  level: z.coerce.number(),
  type: z.coerce.number(),
  status: z.enum(memberStatuses),
  downline_count: z.coerce.number(),
  balance: z.coerce.bigint(),
  created_at: z.coerce.date(),
  last_login_at: z.nullable(z.coerce.date()),
  total: z.coerce.number(),
})
export type DownlineRow = z.infer<typeof DownlineRow>

const StepRow = z.object({ id: z.coerce.number(), account: z.string() })

const TeamMemberRow = z.object({ id: z.coerce.number(), account: z.string(), type: z.coerce.number() })

/** A LIKE pattern that matches the text literally, anywhere (account searches). */
export function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Rows grouped by `direct` as the direct downline's figures and the deeper levels'. */
function splitFigures(rows: unknown[]) {
  let direct = noFigures
  let deeper = noFigures
  for (const raw of rows) {
    const r = FiguresRow.parse(raw)
    const f: Figures = {
      members: r.members,
      newMembers: r.new_members,
      activeMembers: r.active_members,
      firstDeposits: r.first_deposits,
      deposits: r.deposits,
      withdrawals: r.withdrawals,
      validBets: r.valid_bets,
      bonuses: r.bonuses,
      profitLoss: r.profit_loss,
    }
    if (r.direct) direct = f
    else deeper = f
  }
  return { direct, deeper }
}

const dayMs = 86_400_000
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / dayMs

/**
 * Which kept count gives the members active from..to, each once: one day's `active`; from
 * a Monday to a day of that week, the first days of play in the week; from a month's first
 * day to a day of that month, the first days of play in the month (one row per day and
 * shard each); any other range ('gaps'), the members of each day whose previous day of play
 * is before `from` (agent_team_active_gaps, a few rows per day and shard).
 */
export function activeKind(
  from: string,
  to: string,
): 'active' | 'active_week_first' | 'active_month_first' | 'gaps' {
  const f = dayNumber(from)
  const t = dayNumber(to)
  if (f === t) return 'active'
  const monday = (new Date(f * dayMs).getUTCDay() + 6) % 7 === 0
  if (monday && t > f && t - f < 7) return 'active_week_first'
  if (from.endsWith('-01') && t > f && from.slice(0, 7) === to.slice(0, 7)) return 'active_month_first'
  return 'gaps'
}

/**
 * The members of the agent's team active from..to, each once, as a sum of kept rows
 * (decision 025): of the members who played on a day d of the range, those whose previous
 * day of play is before `from` (their gap is more than d − from; a gap of 93 stands for 93
 * days or more, or none, and d − from is at most 92 in a range of maxTeamRangeDays).
 * `direct` is the outer query's column of agent_team_daily_stats.
 */
function activeFromGaps(agentId: number, from: string, to: string) {
  return sql`(
    select coalesce(sum(g.members), 0) from agent_team_active_gaps g
    where g.agent_id = ${agentId} and g.direct = agent_team_daily_stats.direct
      and g.day between ${from}::date and ${to}::date and g.gap > g.day - ${from}::date)`
}

const ActiveRow = z.object({ direct: z.boolean(), active: z.coerce.number() })

/**
 * The members of the agent's team who played from..to, each once, from their days: one
 * probe per member of the team. The reference the kept counts are checked against (tests,
 * bench); not what the overview reads.
 */
export async function activeFromMembers(db: Db, agentId: number, from: string, to: string) {
  const rows = rowsOf<unknown>(
    await db.execute(sql`
      select t.depth = 1 as direct, count(*) as active
      from member_tree t
      where t.ancestor_id = ${agentId} and t.depth >= 1 and exists (
        select 1 from member_daily_stats s
        where s.member_id = t.descendant_id and s.day between ${from}::date and ${to}::date and s.bet_count > 0)
      group by 1`),
  )
  const counted = { direct: 0, deeper: 0 }
  for (const raw of rows) {
    const r = ActiveRow.parse(raw)
    if (r.direct) counted.direct = r.active
    else counted.deeper = r.active
  }
  return counted
}

export function createTeamRepository(db: Db) {
  return {
    /**
     * The figures of the agent's direct downline and whole team for the days from..to
     * (inclusive) of the brand's time zone, from the agent's own kept figures
     * (agent_team_daily_stats, decision 025). Trial accounts never belong to a team.
     * Active members are members who played in the period, each counted once: a day, a
     * week from its Monday or a month from its first read the kept first days of play;
     * any other range the kept gaps before the days of play (activeFromGaps); `read`
     * 'gaps' reads those for a day, a week or a month too (tests, bench).
     */
    async figures(agentId: number, from: string, to: string, read: 'kept' | 'gaps' = 'kept') {
      const kind = read === 'gaps' ? 'gaps' : activeKind(from, to)
      const active =
        kind === 'gaps'
          ? activeFromGaps(agentId, from, to)
          : sql`coalesce(sum(${sql.raw(kind)}) filter (where day between ${from}::date and ${to}::date), 0)`
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select direct,
            coalesce(sum(new_members), 0) as members,
            coalesce(sum(new_members) filter (where day between ${from}::date and ${to}::date), 0) as new_members,
            coalesce(sum(first_deposits) filter (where day between ${from}::date and ${to}::date), 0) as first_deposits,
            ${active} as active_members,
            coalesce(sum(deposits) filter (where day between ${from}::date and ${to}::date), 0) as deposits,
            coalesce(sum(withdrawals) filter (where day between ${from}::date and ${to}::date), 0) as withdrawals,
            coalesce(sum(valid_bet) filter (where day between ${from}::date and ${to}::date), 0) as valid_bets,
            coalesce(sum(bonuses) filter (where day between ${from}::date and ${to}::date), 0) as bonuses,
            coalesce(sum(payout - bet_amount) filter (where day between ${from}::date and ${to}::date), 0)
              as profit_loss
          from agent_team_daily_stats
          where agent_id = ${agentId}
          group by direct`),
      )
      const split = splitFigures(rows)
      return { direct: split.direct, team: add(split.direct, split.deeper) }
    },

    /**
     * The same figures read from every member's days (member_daily_stats) and rows
     * (members): what the overview read before decision 025, kept as the reference the
     * agents' kept figures are checked against (tests, bench).
     */
    async figuresFromMembers(agentId: number, from: string, to: string, timeZone: string) {
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select t.depth = 1 as direct,
            count(*) as members,
            count(*) filter (where (m.created_at at time zone ${timeZone})::date between ${from}::date and ${to}::date)
              as new_members,
            count(*) filter (where (m.first_deposit_at at time zone ${timeZone})::date between ${from}::date and ${to}::date)
              as first_deposits,
            count(*) filter (where st.bets > 0) as active_members,
            coalesce(sum(st.deposits), 0) as deposits,
            coalesce(sum(st.withdrawals), 0) as withdrawals,
            coalesce(sum(st.valid_bet), 0) as valid_bets,
            coalesce(sum(st.bonuses), 0) as bonuses,
            coalesce(sum(st.profit_loss), 0) as profit_loss
          from member_tree t
          join members m on m.id = t.descendant_id
          left join lateral (
            select sum(s.bet_count) as bets, sum(s.deposits) as deposits, sum(s.withdrawals) as withdrawals,
                   sum(s.valid_bet) as valid_bet, sum(s.bonuses) as bonuses,
                   sum(s.payout - s.bet_amount) as profit_loss
            from member_daily_stats s
            where s.member_id = t.descendant_id and s.day between ${from}::date and ${to}::date
          ) st on true
          where t.ancestor_id = ${agentId} and t.depth >= 1
          group by 1`),
      )
      const split = splitFigures(rows)
      return { direct: split.direct, team: add(split.direct, split.deeper) }
    },

    /** The id of the member of the agent's team (not the agent) with this account, if any. */
    async teamMemberByAccount(agentId: number, account: string, ex: Executor = db): Promise<number | null> {
      const [row] = rowsOf<{ id: number }>(
        await ex.execute(sql`
          select m.id from member_tree t join members m on m.id = t.descendant_id
          where t.ancestor_id = ${agentId} and t.depth >= 1 and m.username = ${account.trim().toLowerCase()}`),
      )
      return row ? Number(row.id) : null
    },

    /** The member's depth under the agent (0: the agent itself), or null outside the team. */
    async depthUnder(agentId: number, memberId: number, ex: Executor = db): Promise<number | null> {
      const [row] = rowsOf<{ depth: number }>(
        await ex.execute(sql`
          select depth from member_tree where ancestor_id = ${agentId} and descendant_id = ${memberId}`),
      )
      return row ? Number(row.depth) : null
    },

    /**
     * A page of the agent's team: the direct downline of `parentId` (the agent itself or one
     * of its team), or every member of the team whose account contains `account`.
     */
    async downline(
      agentId: number,
      q: { parentId: number; account?: string; limit: number; offset: number },
    ): Promise<DownlineRow[]> {
      const which = q.account
        ? sql`t.depth >= 1 and m.username like ${containing(q.account)}`
        : sql`m.parent_id = ${q.parentId}`
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select m.id, m.account, m.nickname, t.depth as level, m.type, m.status, m.created_at, m.last_login_at,
            (select count(*) from members c where c.parent_id = m.id) as downline_count,
            coalesce((select sum(a.balance) from ledger_accounts a where a.member_id = m.id), 0) as balance,
            count(*) over () as total
          from member_tree t
          join members m on m.id = t.descendant_id
          where t.ancestor_id = ${agentId} and ${which}
          order by m.id desc
          limit ${q.limit} offset ${q.offset}`),
      )
      return rows.map((r) => DownlineRow.parse(r))
    },

    /** The way from the agent down to a member of its team, the agent first. */
    async pathTo(agentId: number, memberId: number) {
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          select m.id, m.account
          from member_tree up
          join member_tree mine on mine.descendant_id = up.ancestor_id and mine.ancestor_id = ${agentId}
          join members m on m.id = up.ancestor_id
          where up.descendant_id = ${memberId}
          order by up.depth desc`),
      )
      return rows.map((r) => StepRow.parse(r))
    },

    /**
     * The active members of the agent's team (not the agent itself) among `ids`, read in
     * the transfer's transaction; a missing id is not in the team.
     */
    async activeTeamMembers(tx: Tx, agentId: number, ids: readonly number[]) {
      const idList = `{${ids.map((id) => Math.trunc(id)).join(',')}}`
      const rows = rowsOf<unknown>(
        await tx.execute(sql`
          select m.id, m.account, m.type
          from member_tree t join members m on m.id = t.descendant_id
          where t.ancestor_id = ${agentId} and t.depth >= 1 and m.status = 'active'
            and t.descendant_id = any(${idList}::int[])`),
      )
      return rows.map((r) => TeamMemberRow.parse(r))
    },
  }
}

export type TeamRepository = ReturnType<typeof createTeamRepository>
