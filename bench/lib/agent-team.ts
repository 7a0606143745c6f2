/**
 * One agent's team at the size the agent centre is built for, written into a migrated
 * database the way the product's own writes would leave it: members inserted level by
 * level (one INSERT … SELECT per level, so the members' trigger keeps member_tree), their
 * wallets, deposits through the ledger's batch posting and settled rounds in bet_records
 * (one statement per chunk, so the bets' statement trigger fills member_daily_stats).
 * Nothing here writes member_tree or member_daily_stats directly.
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { mainAccountTypeId } from '#contract/wallet'
import type { Ledger } from '#server/money/ledger'
import { rowsOf, type Db, type Tx } from '#server/plugins/external/db'

export interface TeamSize {
  /** Members under the agent, the agent not counted. */
  members: number
  /** Settled rounds over all the days. */
  rounds: number
  /** Days of rounds, today and the ones before it. */
  days: number
  /** Members depositing once on each day. */
  depositsPerDay: number
}

export interface BuiltTeam {
  agentId: number
  /** Team members per level, level 1 first. */
  levels: number[]
  /** Seconds each step took. */
  seconds: { members: number; wallets: number; deposits: number; rounds: number }
  /** Rounds per second of the rounds step, and of each day's statements. */
  roundsPerSecond: number
}

/** Ten agents under the top agent, ten under each of those down to level 4, the rest members at level 5. */
export function levelSizes(members: number): number[] {
  const agents = [10, 100, 1_000, 10_000]
  const upper = agents.reduce((a, b) => a + b, 0)
  if (members <= upper) throw new Error(`a five-level team needs more than ${upper} members`)
  return [...agents, members - upper]
}

/** The calendar day `daysAgo` before `now` in the zone, as its first instant (UTC). */
export async function dayStart(db: Db, timeZone: string, now: Date, daysAgo: number): Promise<Date> {
  const [row] = rowsOf<{ at: Date | string }>(
    await db.execute(sql`
      select ((${now.toISOString()}::timestamptz at time zone ${timeZone})::date - ${daysAgo}::int)::timestamp
        at time zone ${timeZone} as at`),
  )
  if (!row) throw new Error('no day start')
  return new Date(row.at)
}

const roundChunk = 250_000

/**
 * Inserts `count` settled rounds played on the day starting at `start`, spread over its
 * first `seconds` and over the team (bench_team), numbered `tag`-<n> so each is a new round.
 * One statement per chunk of 250,000.
 */
export async function insertRounds(
  db: Db | Tx,
  q: {
    merchantCode: string
    tag: string
    start: Date
    seconds: number
    count: number
    teamSize: number
    /** The first round's number (rounds `offset`… go to other members than rounds 0…). */
    offset?: number
  },
): Promise<void> {
  const first = q.offset ?? 0
  for (let from = first; from < first + q.count; from += roundChunk) {
    const to = Math.min(first + q.count, from + roundChunk) - 1
    await db.execute(sql`
      insert into bet_records (merchant_code, member_id, bet_no, product_type, account_type_id, vendor_name,
                               game_name, game_code, vassalage, bet_amount, valid_bet, payout, status,
                               bet_time, settled_time)
      select ${q.merchantCode}, t.member_id, ${q.tag} || '-' || r.g, 'SLOT', 2, 'Bench Slots', 'Bench Slot',
             'BS1', 'BENCH', r.stake, r.stake,
             case when (r.g * 2654435761) % 100 < 45 then r.stake * 2 else 0 end, 'SETTLED',
             r.at, r.at + interval '30 seconds'
      from (
        select g, (100 * (1 + g % 20))::bigint as stake,
               ${q.start.toISOString()}::timestamptz + ((g * 7) % ${q.seconds}) * interval '1 second' as at
        from generate_series(${from}::bigint, ${to}::bigint) g
      ) r
      join bench_team t on t.n = (r.g * 7919) % ${q.teamSize}`)
  }
}

export async function buildTeam(
  db: Db,
  ledger: Ledger,
  o: { merchantCode: string; timeZone: string; now: Date; size: TeamSize; log: (line: string) => void },
): Promise<BuiltTeam> {
  const { merchantCode: m, size, now, log } = o
  const levels = levelSizes(size.members)
  const t0 = performance.now()
  const [top] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into members (merchant_code, username, account, password_hash, nickname, type, created_at)
      values (${m}, 'benchagent', 'benchagent', 'x', 'benchagent', 1, ${now.toISOString()}::timestamptz - interval '90 days')
      returning id`),
  )
  if (!top) throw new Error('the agent was not written')
  const agentId = Number(top.id)
  // Level by level: each member under one of the level above, joined over the last 60 days.
  for (const [i, count] of levels.entries()) {
    const level = i + 1
    const type = level < levels.length ? 2 : 0
    await db.execute(sql`
      insert into members (merchant_code, username, account, password_hash, nickname, type, parent_id, created_at)
      select ${m}, 'b' || ${level}::int || 'x' || g, 'B' || ${level}::int || 'x' || g, 'x', 'b' || g, ${type}::int,
             p.ids[1 + g % cardinality(p.ids)],
             ${now.toISOString()}::timestamptz - ((g * 7919) % (60 * 86400)) * interval '1 second'
      from generate_series(0, ${count - 1}::int) g,
           (select array_agg(descendant_id order by descendant_id) as ids from member_tree
            where ancestor_id = ${agentId} and depth = ${level - 1}::int) p`)
    log(
      `  level ${level}: ${count.toLocaleString('en-US')} members (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    )
  }
  // The bench's own list of the team, numbered, to spread rounds and deposits over it.
  await db.execute(sql`
    create table bench_team as
    select (row_number() over (order by descendant_id) - 1)::int as n, descendant_id as member_id
    from member_tree where ancestor_id = ${agentId} and depth >= 1`)
  await db.execute(sql`alter table bench_team add primary key (n)`)
  const membersS = (performance.now() - t0) / 1000

  // Every member's main wallet, as ledger.memberAccount makes it.
  const t1 = performance.now()
  await db.execute(sql`
    insert into ledger_accounts (merchant_code, code, member_id, account_type_id, allow_negative)
    select ${m}, 'member:' || member_id || ':' || ${mainAccountTypeId}::int, member_id, ${mainAccountTypeId}::int, false
    from (select member_id from bench_team union all select ${agentId}) t
    on conflict do nothing`)
  // The planner's statistics of the tables just filled, as autovacuum would make them in
  // time: without them the first deposits' figures trigger took minutes (a plan for an
  // empty members table).
  await db.execute(sql`analyze members, member_tree, ledger_accounts, bench_team`)
  const walletsS = (performance.now() - t1) / 1000

  // Deposits: each day a different slice of the team deposits once, through the ledger.
  const t2 = performance.now()
  const house = await ledger.houseAccount(m, 'deposits')
  for (let d = size.days - 1; d >= 0 && size.depositsPerDay > 0; d--) {
    const start = await dayStart(db, o.timeZone, now, d)
    const at = new Date(Math.min(start.getTime() + 10 * 3600_000, now.getTime() - 60_000))
    const rows = rowsOf<{ member_id: number; account_id: number }>(
      await db.execute(sql`
        select t.member_id, a.id as account_id
        from bench_team t join ledger_accounts a on a.member_id = t.member_id
        where t.n >= ${(d * size.depositsPerDay) % size.members}::int
        order by t.n limit ${size.depositsPerDay}::int`),
    )
    await db.transaction((tx) =>
      ledger.postBatch(tx, {
        merchantCode: m,
        type: 'DEPOSIT',
        actor: 'system',
        at,
        counterAccountId: house,
        items: rows.map((r) => ({
          accountId: Number(r.account_id),
          memberId: Number(r.member_id),
          amount: 10_000n + BigInt(Number(r.member_id) % 50) * 1_000n,
          reference: null,
          memo: 'bench deposit',
        })),
      }),
    )
  }
  const depositsS = (performance.now() - t2) / 1000
  log(`  wallets ${walletsS.toFixed(1)} s, deposits ${depositsS.toFixed(1)} s`)

  // Rounds: the same number each day, today's up to a minute ago.
  const t3 = performance.now()
  const perDay = Math.floor(size.rounds / size.days)
  for (let d = size.days - 1; d >= 0; d--) {
    const start = await dayStart(db, o.timeZone, now, d)
    const seconds = Math.max(60, Math.min(86_400, Math.floor((now.getTime() - start.getTime()) / 1000) - 120))
    const count = d === 0 ? size.rounds - perDay * (size.days - 1) : perDay
    await insertRounds(db, { merchantCode: m, tag: `D${d}`, start, seconds, count, teamSize: size.members })
    const s = (performance.now() - t3) / 1000
    log(
      `  rounds of day -${d}: ${count.toLocaleString('en-US')} (${s.toFixed(1)} s, ${Math.round(((size.days - d) * perDay) / s).toLocaleString('en-US')}/s)`,
    )
  }
  const roundsS = (performance.now() - t3) / 1000
  await db.execute(sql`vacuum analyze`)
  return {
    agentId,
    levels,
    seconds: { members: membersS, wallets: walletsS, deposits: depositsS, rounds: roundsS },
    roundsPerSecond: size.rounds / roundsS,
  }
}
