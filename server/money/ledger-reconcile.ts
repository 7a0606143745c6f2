/**
 * The ledger's reconciliation: every balance equals its postings and every brand's accounts
 * sum to zero, and the members' figures per day (the agent centre's) equal their postings
 * and settled bets. `npm run ops -- reconcile` prints it; the money tests end with it.
 */
import { sql } from 'drizzle-orm'
import { formatPointsReconcile, reconcilePoints, type PointsReport } from '../loyalty/points/points-reconcile'
import { rowsOf, type Db } from '../plugins/external/db'
import { reconcileBook } from './book-reconcile'
import { moneyBook } from './ledger'

export interface ReconcileReport {
  ok: boolean
  accounts: number
  transactions: number
  /** Accounts whose balance differs from the sum of their postings, or from the last posting. */
  balanceDrift: {
    code: string
    merchantCode: string
    balance: string
    posted: string
    lastAfter: string | null
  }[]
  /** Transactions whose postings do not sum to zero. */
  unbalancedTransactions: { id: number; sum: string }[]
  /** Per brand: the sum of every account (must be zero). */
  brandTotals: { merchantCode: string; total: string }[]
  /** Member wallets below zero (the database should make this impossible). */
  negativeWallets: string[]
  /**
   * Members whose figures per day (member_daily_stats, the agent centre's team figures, and
   * member_daily_game_stats, the same bets per game type, whose figure names the game type)
   * differ from what their postings and settled bets add up to; and agents whose kept team
   * figures (agent_team_daily_stats, figure "team …" with the day) differ from the sums
   * over their team's members; members whose kept gaps before their days of play
   * (member_active_gaps) and agents whose counts of them (agent_team_active_gaps) differ
   * from the gaps read again from the members' days.
   */
  statsDrift: { memberId: number; figure: string; kept: string; actual: string }[]
  /** The points book (decision 030): its own four checks and the earn check. */
  points: PointsReport
}

/** Checks the whole ledger: every balance equals its postings, everything sums to zero. */
export async function reconcile(db: Db): Promise<ReconcileReport> {
  const money = await reconcileBook(db, moneyBook)
  const points = await reconcilePoints(db)
  // The team figures, kept by triggers, against a count from the postings and the bets.
  const stats = await db.execute(sql`
    with kept as (
      select member_id, sum(deposits) as deposits, sum(withdrawals) as withdrawals, sum(bonuses) as bonuses,
             sum(transfers_in) as transfers_in, sum(transfers_out) as transfers_out, sum(bet_count) as bets,
             sum(valid_bet) as valid_bet, sum(payout) as payout
      from member_daily_stats group by member_id
    ), moved as (
      select a.member_id,
        coalesce(sum(p.amount) filter (where t.type = 'DEPOSIT'), 0) as deposits,
        coalesce(-sum(p.amount) filter (where t.type in ('WITHDRAWAL', 'WITHDRAWAL_RETURN')), 0) as withdrawals,
        coalesce(sum(p.amount) filter (where t.type = 'BONUS'), 0) as bonuses,
        coalesce(sum(p.amount) filter (where t.type in ('UPLINE_TRANSFER', 'DOWNLINE_TRANSFER') and p.amount > 0), 0)
          as transfers_in,
        coalesce(-sum(p.amount) filter (where t.type in ('UPLINE_TRANSFER', 'DOWNLINE_TRANSFER') and p.amount < 0), 0)
          as transfers_out
      from ledger_postings p
      join ledger_accounts a on a.id = p.account_id and a.member_id is not null
      join ledger_transactions t on t.id = p.transaction_id
      group by a.member_id
    ), bet as (
      select member_id, count(*) as bets, sum(valid_bet) as valid_bet, sum(payout) as payout
      from bet_records where status = 'SETTLED' and settled_time is not null group by member_id
    ), actual as (
      select coalesce(m.member_id, b.member_id) as member_id,
        coalesce(m.deposits, 0) as deposits, coalesce(m.withdrawals, 0) as withdrawals,
        coalesce(m.bonuses, 0) as bonuses, coalesce(m.transfers_in, 0) as transfers_in,
        coalesce(m.transfers_out, 0) as transfers_out, coalesce(b.bets, 0) as bets,
        coalesce(b.valid_bet, 0) as valid_bet, coalesce(b.payout, 0) as payout
      from moved m full join bet b on b.member_id = m.member_id
    )
    select coalesce(k.member_id, a.member_id) as member_id, f.figure, f.kept::text as kept, f.actual::text as actual
    from kept k full join actual a on a.member_id = k.member_id
    cross join lateral (values
      ('deposits', coalesce(k.deposits, 0), coalesce(a.deposits, 0)),
      ('withdrawals', coalesce(k.withdrawals, 0), coalesce(a.withdrawals, 0)),
      ('bonuses', coalesce(k.bonuses, 0), coalesce(a.bonuses, 0)),
      ('transfers in', coalesce(k.transfers_in, 0), coalesce(a.transfers_in, 0)),
      ('transfers out', coalesce(k.transfers_out, 0), coalesce(a.transfers_out, 0)),
      ('settled bets', coalesce(k.bets, 0), coalesce(a.bets, 0)),
      ('valid bets', coalesce(k.valid_bet, 0), coalesce(a.valid_bet, 0)),
      ('payouts', coalesce(k.payout, 0), coalesce(a.payout, 0))
    ) as f(figure, kept, actual)
    where f.kept <> f.actual
    order by 1, 2
  `)
  // The same bets per game type (member_daily_game_stats, the agent's rebate difference).
  const gameStats = await db.execute(sql`
    with kept as (
      select member_id, product_type, sum(bet_count) as bets, sum(bet_amount) as stakes,
             sum(valid_bet) as valid_bet, sum(payout) as payout
      from member_daily_game_stats group by 1, 2
    ), actual as (
      select member_id, product_type, count(*) as bets, sum(bet_amount) as stakes,
             sum(valid_bet) as valid_bet, sum(payout) as payout
      from bet_records where status = 'SETTLED' and settled_time is not null group by 1, 2
    )
    select coalesce(k.member_id, a.member_id) as member_id,
      f.figure || ' (' || coalesce(k.product_type, a.product_type) || ')' as figure,
      f.kept::text as kept, f.actual::text as actual
    from kept k full join actual a on a.member_id = k.member_id and a.product_type = k.product_type
    cross join lateral (values
      ('settled bets', coalesce(k.bets, 0), coalesce(a.bets, 0)),
      ('stakes', coalesce(k.stakes, 0), coalesce(a.stakes, 0)),
      ('valid bets', coalesce(k.valid_bet, 0), coalesce(a.valid_bet, 0)),
      ('payouts', coalesce(k.payout, 0), coalesce(a.payout, 0))
    ) as f(figure, kept, actual)
    where f.kept <> f.actual
    order by 1, 2
  `)
  // The agents' kept team figures (agent_team_daily_stats, decision 025) against the same
  // sums over their teams' members, per agent, day and direct downline or deeper.
  const teamStats = await db.execute(sql`
    with kept as (
      select agent_id, day, direct, sum(new_members) as new_members, sum(first_deposits) as first_deposits,
        sum(active) as active, sum(active_week_first) as active_week_first,
        sum(active_month_first) as active_month_first, sum(deposits) as deposits, sum(deposit_count) as deposit_count,
        sum(withdrawals) as withdrawals, sum(bonuses) as bonuses, sum(transfers_in) as transfers_in,
        sum(transfers_out) as transfers_out, sum(bet_count) as bets, sum(bet_amount) as stakes,
        sum(valid_bet) as valid_bet, sum(payout) as payout
      from agent_team_daily_stats group by 1, 2, 3
    ), actual as (
      select t.ancestor_id as agent_id, x.day, t.depth = 1 as direct, sum(x.new_members) as new_members,
        sum(x.first_deposits) as first_deposits, sum(x.active) as active,
        sum(x.active_week_first) as active_week_first, sum(x.active_month_first) as active_month_first,
        sum(x.deposits) as deposits, sum(x.deposit_count) as deposit_count, sum(x.withdrawals) as withdrawals,
        sum(x.bonuses) as bonuses, sum(x.transfers_in) as transfers_in, sum(x.transfers_out) as transfers_out,
        sum(x.bet_count) as bets, sum(x.bet_amount) as stakes, sum(x.valid_bet) as valid_bet,
        sum(x.payout) as payout
      from member_team_figures(null) x
      join member_tree t on t.descendant_id = x.member_id and t.depth >= 1
      group by 1, 2, 3
    )
    select coalesce(k.agent_id, a.agent_id) as member_id,
      'team ' || f.figure || ' (' || coalesce(k.day, a.day)::text || ', '
        || case when coalesce(k.direct, a.direct) then 'direct downline' else 'deeper' end || ')' as figure,
      f.kept::text as kept, f.actual::text as actual
    from kept k full join actual a on a.agent_id = k.agent_id and a.day = k.day and a.direct = k.direct
    cross join lateral (values
      ('members joined', coalesce(k.new_members, 0), coalesce(a.new_members, 0)),
      ('first deposits', coalesce(k.first_deposits, 0), coalesce(a.first_deposits, 0)),
      ('active members', coalesce(k.active, 0), coalesce(a.active, 0)),
      ('first days of play in the week', coalesce(k.active_week_first, 0), coalesce(a.active_week_first, 0)),
      ('first days of play in the month', coalesce(k.active_month_first, 0), coalesce(a.active_month_first, 0)),
      ('deposits', coalesce(k.deposits, 0), coalesce(a.deposits, 0)),
      ('deposit count', coalesce(k.deposit_count, 0), coalesce(a.deposit_count, 0)),
      ('withdrawals', coalesce(k.withdrawals, 0), coalesce(a.withdrawals, 0)),
      ('bonuses', coalesce(k.bonuses, 0), coalesce(a.bonuses, 0)),
      ('transfers in', coalesce(k.transfers_in, 0), coalesce(a.transfers_in, 0)),
      ('transfers out', coalesce(k.transfers_out, 0), coalesce(a.transfers_out, 0)),
      ('settled bets', coalesce(k.bets, 0), coalesce(a.bets, 0)),
      ('stakes', coalesce(k.stakes, 0), coalesce(a.stakes, 0)),
      ('valid bets', coalesce(k.valid_bet, 0), coalesce(a.valid_bet, 0)),
      ('payouts', coalesce(k.payout, 0), coalesce(a.payout, 0))
    ) as f(figure, kept, actual)
    where f.kept <> f.actual
    order by 1, 2
  `)
  // The gaps before the members' days of play (member_active_gaps) and the agents' counts of
  // them (agent_team_active_gaps, decision 025) against the gaps read again from the
  // members' days, per member and day, and per agent, day, direct downline or deeper and gap.
  const gapStats = await db.execute(sql`
    with actual as (
      select s.member_id, s.day,
        least(coalesce(s.day - lag(s.day) over (partition by s.member_id order by s.day), 93), 93) as gap
      from member_daily_stats s where s.bet_count > 0
    ), members_drift as (
      select coalesce(k.member_id, a.member_id) as member_id,
        'days since the previous day of play (' || coalesce(k.day, a.day)::text || ')' as figure,
        coalesce(k.gap::text, 'none') as kept, coalesce(a.gap::text, 'none') as actual
      from member_active_gaps k full join actual a on a.member_id = k.member_id and a.day = k.day
      where k.gap is distinct from a.gap
    ), kept as (
      select agent_id, day, direct, gap, sum(members) as members
      from agent_team_active_gaps group by 1, 2, 3, 4
    ), counted as (
      select t.ancestor_id as agent_id, a.day, t.depth = 1 as direct, a.gap, count(*) as members
      from actual a join member_tree t on t.descendant_id = a.member_id and t.depth >= 1
      group by 1, 2, 3, 4
    )
    select member_id, figure, kept, actual from members_drift
    union all
    select coalesce(k.agent_id, c.agent_id),
      'team active members ' || coalesce(k.gap, c.gap)::text || ' days after their previous day of play ('
        || coalesce(k.day, c.day)::text || ', '
        || case when coalesce(k.direct, c.direct) then 'direct downline' else 'deeper' end || ')',
      coalesce(k.members, 0)::text, coalesce(c.members, 0)::text
    from kept k full join counted c on c.agent_id = k.agent_id and c.day = k.day and c.direct = k.direct
      and c.gap = k.gap
    where coalesce(k.members, 0) <> coalesce(c.members, 0)
    order by 1, 2
  `)
  // The referrals' kept friend totals (decision 032) against the friends' days.
  const referralStats = await db.execute(sql`
    with actual as (
      select member_id, sum(deposit_count)::numeric as deposit_count, sum(valid_bet)::numeric as valid_bet
      from member_daily_stats group by 1
    )
    select r.friend_id as member_id, 'referral ' || f.figure as figure, f.kept::text as kept, f.actual::text as actual
    from referrals r left join actual a on a.member_id = r.friend_id
    cross join lateral (values
      ('deposit count', r.deposit_count::numeric, coalesce(a.deposit_count, 0)),
      ('valid bets', r.valid_bet::numeric, coalesce(a.valid_bet, 0))
    ) as f(figure, kept, actual)
    where f.kept <> f.actual
    order by 1, 2
  `)
  const report: ReconcileReport = {
    ok: false,
    accounts: money.accounts,
    transactions: money.transactions,
    balanceDrift: money.balanceDrift,
    unbalancedTransactions: money.unbalancedTransactions,
    brandTotals: money.brandTotals,
    negativeWallets: money.negativeWallets,
    points,
    statsDrift: [
      ...rowsOf<{ member_id: number; figure: string; kept: string; actual: string }>(stats),
      ...rowsOf<{ member_id: number; figure: string; kept: string; actual: string }>(gameStats),
      ...rowsOf<{ member_id: number; figure: string; kept: string; actual: string }>(teamStats),
      ...rowsOf<{ member_id: number; figure: string; kept: string; actual: string }>(gapStats),
      ...rowsOf<{ member_id: number; figure: string; kept: string; actual: string }>(referralStats),
    ].map((r) => ({
      memberId: Number(r.member_id),
      figure: r.figure,
      kept: r.kept,
      actual: r.actual,
    })),
  }
  report.ok = money.ok && points.ok && report.statsDrift.length === 0
  return report
}

/** The report as lines for the operator. */
export function formatReconcile(r: ReconcileReport): string {
  const lines = [
    `${r.ok ? 'ledger reconciles' : 'LEDGER DOES NOT RECONCILE'}: ${r.accounts} accounts, ${r.transactions} transactions`,
    ...r.brandTotals.map((t) => `  ${t.merchantCode}: sum of all accounts ${t.total}`),
    ...r.balanceDrift.map(
      (d) =>
        `  drift ${d.merchantCode} ${d.code}: balance ${d.balance}, postings ${d.posted}, last balance_after ${d.lastAfter ?? '-'}`,
    ),
    ...r.unbalancedTransactions.map((t) => `  transaction ${t.id} sums to ${t.sum}`),
    ...r.negativeWallets.map((c) => `  negative wallet ${c}`),
    ...r.statsDrift.map(
      (d) =>
        `  team figures of member ${d.memberId}: ${d.figure} kept ${d.kept}, postings and bets ${d.actual}`,
    ),
    ...formatPointsReconcile(r.points),
  ]
  return lines.join('\n')
}
