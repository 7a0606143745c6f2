/**
 * The agents' kept team figures (agent_team_daily_stats, decision 025) against the same
 * figures read from every member's days: for every period the overview offers and for
 * ranges that are not a day, a week or a month so far, after deposits, bonuses,
 * withdrawals, game rounds settled, cancelled and re-settled, a lottery draw settled, a
 * first deposit, members joining on other days and members moved to another upline; and
 * reconcile naming a kept figure that drifts.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeFromMembers, createTeamRepository, type TeamRepository } from '#server/agent/team-repository'
import { dayIn, periodDays } from '#server/agent/team-service'
import { betRecords, members } from '#server/db/schema'
import { createLedger, type LedgerType } from '#server/money/ledger'
import { formatReconcile, reconcile } from '#server/money/ledger-reconcile'
import { runOps, type TestServer } from '../build-server'
import { createMember, day, tokenOf } from '../identity-helpers'
import { near, orderOf, place } from '../lottery-helpers'
import { buildLotteryServer, lotteryClock, lotteryTools } from './lottery-setup'

const clock = lotteryClock()
let server: TestServer
let repo: TeamRepository
let timeZone: string

interface Account {
  id: number
  username: string
}

let n = 0
async function account(type: number, parentId?: number): Promise<Account> {
  n += 1
  const username = `tt${type}x${n}${process.pid % 1000}`
  const row = await createMember(server, { username, password: 'lotus123', type, parentId })
  return { id: row.id, username: row.username }
}

// top ─┬─ agent ─┬─ sub (agent) ─┬─ deep1
//      │         │               └─ deep2
//      │         ├─ direct1
//      │         └─ direct2
//      └─ agent2 ── other
let top: Account
let agent: Account
let sub: Account
let deep1: Account
let deep2: Account
let direct1: Account
let direct2: Account
let agent2: Account
let other: Account

beforeAll(async () => {
  server = await buildLotteryServer(clock)
  repo = createTeamRepository(server.db)
  top = await account(1)
  agent = await account(1, top.id)
  sub = await account(2, agent.id)
  deep1 = await account(0, sub.id)
  deep2 = await account(0, sub.id)
  direct1 = await account(0, agent.id)
  direct2 = await account(0, agent.id)
  agent2 = await account(1, top.id)
  other = await account(0, agent2.id)
  const [m] = await server.db
    .execute(sql`select time_zone from merchants where code = ${server.config.MERCHANT_CODE}`)
    .then(
      (r) =>
        (r as unknown as { rows?: { time_zone: string }[] }).rows ??
        (r as unknown as { time_zone: string }[]),
    )
  timeZone = m?.time_zone ?? 'UTC'
})

afterAll(async () => {
  await server?.close()
})

const daysAgo = (k: number) => new Date(clock.now().getTime() - k * day)
const dayAgo = (k: number) => dayIn(timeZone, daysAgo(k))

/** Every period the overview offers, and ranges read from the kept days and from the members'. */
function ranges() {
  const today = dayIn(timeZone, clock.now())
  const out = (['today', 'yesterday', 'thisWeek', 'thisMonth'] as const).map((p) => periodDays(p, today, {}))
  const monday = periodDays('thisWeek', today, {}).from
  const lastMonday = dayIn(timeZone, new Date(Date.parse(`${monday}T12:00:00Z`) - 7 * day))
  const lastSunday = dayIn(timeZone, new Date(Date.parse(`${monday}T12:00:00Z`) - day))
  const lastMonthFirst = `${dayAgo(31).slice(0, 8)}01`
  out.push(
    { from: lastMonday, to: lastSunday },
    { from: lastMonthFirst, to: dayAgo(31) },
    { from: dayAgo(40), to: today },
    { from: dayAgo(10), to: dayAgo(3) },
    { from: dayAgo(8), to: dayAgo(8) },
    { from: dayAgo(60), to: dayAgo(25) },
    // Across a month's end, the last 30 days, the longest range (93 days), one before it.
    { from: dayAgo(30), to: dayAgo(15) },
    { from: dayAgo(29), to: today },
    { from: dayAgo(92), to: today },
    { from: dayAgo(100), to: dayAgo(8) },
  )
  return out
}

/** The kept figures equal the members' for every agent above a member, every range. */
async function expectKeptEqualsMembers(step: string) {
  for (const who of [top, agent, sub, agent2]) {
    for (const r of ranges()) {
      const kept = await repo.figures(who.id, r.from, r.to)
      const counted = await repo.figuresFromMembers(who.id, r.from, r.to, timeZone)
      expect(kept, `${step}: agent ${who.username}, ${r.from}..${r.to}`).toEqual(counted)
      // The kept gaps give the same active members for a day, a week or a month too.
      const gaps = await repo.figures(who.id, r.from, r.to, 'gaps')
      expect(gaps, `${step}: agent ${who.username}, ${r.from}..${r.to} from the gaps`).toEqual(counted)
    }
  }
  const report = await reconcile(server.db)
  expect(report.statsDrift, `${step}: ${formatReconcile(report)}`).toEqual([])
}

/** Ranges of every shape: ending on days around the members' days of play, 1 to 93 days long. */
function rangesOfEveryShape() {
  const out: { from: string; to: string }[] = []
  for (const end of [0, 1, 3, 10, 50, 93, 96, 188]) {
    for (const length of [1, 2, 7, 31, 92, 93]) {
      out.push({ from: dayAgo(end + length - 1), to: dayAgo(end) })
    }
  }
  return out
}

/**
 * The active members the overview reads from the kept gaps (the kept first days for a day,
 * a week or a month) equal those counted from the members' days, for ranges of every shape,
 * and reconcile finds no drift.
 */
async function expectActiveEqualsMembers(step: string) {
  let nonzero = 0
  for (const who of [top, agent, sub]) {
    for (const r of rangesOfEveryShape()) {
      const counted = await activeFromMembers(server.db, who.id, r.from, r.to)
      const expected = { direct: counted.direct, team: counted.direct + counted.deeper }
      for (const read of ['kept', 'gaps'] as const) {
        const f = await repo.figures(who.id, r.from, r.to, read)
        expect(
          { direct: f.direct.activeMembers, team: f.team.activeMembers },
          `${step}: agent ${who.username}, ${r.from}..${r.to} (${read})`,
        ).toEqual(expected)
      }
      if (expected.team > 0) nonzero += 1
    }
  }
  expect(nonzero, `${step}: ranges with active members`).toBeGreaterThan(40)
  const report = await reconcile(server.db)
  expect(report.statsDrift, `${step}: ${formatReconcile(report)}`).toEqual([])
}

async function post(type: LedgerType, memberId: number, amount: bigint, at: Date) {
  const ledger = createLedger(server.db)
  const merchant = server.config.MERCHANT_CODE
  const wallet = await ledger.memberAccount(merchant, memberId)
  const house = await ledger.houseAccount(
    merchant,
    type === 'DEPOSIT' ? 'deposits' : type === 'BONUS' ? 'bonuses' : 'withdrawals_in_flight',
  )
  await server.db.transaction((tx) =>
    ledger.post(tx, {
      merchantCode: merchant,
      type,
      memberId,
      actor: 'system',
      at,
      memo: 'team totals test',
      postings: [
        { accountId: wallet, amount },
        { accountId: house, amount: -amount },
      ],
    }),
  )
}

let bets = 0
function round(memberId: number, stake: bigint, payout: bigint, settledAt: Date | null) {
  bets += 1
  return {
    merchantCode: server.config.MERCHANT_CODE,
    memberId,
    betNo: `tt-${process.pid}-${bets}`,
    productType: 'RNG',
    accountTypeId: 2,
    vendorName: 'test',
    gameName: 'test',
    betAmount: stake,
    validBet: stake,
    payout,
    status: settledAt ? ('SETTLED' as const) : ('UNSETTLED' as const),
    betTime: settledAt ?? clock.now(),
    settledTime: settledAt,
  }
}

describe('the agents kept team figures', () => {
  it('start equal to the members figures', async () => {
    await expectKeptEqualsMembers('new team')
  })

  it('follow deposits, a first deposit, bonuses and withdrawals over several days', async () => {
    await post('DEPOSIT', deep1.id, 10_000n, daysAgo(35))
    await post('DEPOSIT', deep1.id, 5_000n, daysAgo(2))
    await post('DEPOSIT', direct1.id, 7_000n, daysAgo(8))
    await post('DEPOSIT', sub.id, 3_000n, daysAgo(0))
    await post('BONUS', deep2.id, 1_000n, daysAgo(1))
    await post('DEPOSIT', other.id, 2_000n, daysAgo(9))
    await post('WITHDRAWAL', deep1.id, -4_000n, daysAgo(1))
    const [row] = await server.db.select().from(members).where(eq(members.id, deep1.id))
    expect(row?.firstDepositAt?.getTime()).toBe(daysAgo(35).getTime())
    await expectKeptEqualsMembers('money moved')
  })

  it('follow members joining on other days', async () => {
    await server.db
      .update(members)
      .set({ createdAt: daysAgo(50) })
      .where(eq(members.id, deep2.id))
    await server.db
      .update(members)
      .set({ createdAt: daysAgo(8) })
      .where(eq(members.id, direct2.id))
    await expectKeptEqualsMembers('joined earlier')
  })

  it('follow rounds settled, cancelled, re-settled on another day and settled late', async () => {
    const rounds = [
      round(deep1.id, 1_000n, 1_500n, daysAgo(0)),
      round(deep1.id, 2_000n, 0n, daysAgo(1)),
      round(deep1.id, 300n, 0n, daysAgo(36)),
      round(deep2.id, 700n, 0n, daysAgo(8)),
      round(deep2.id, 800n, 900n, daysAgo(9)),
      round(direct1.id, 500n, 0n, daysAgo(2)),
      round(direct1.id, 600n, 1_200n, null),
      round(sub.id, 400n, 0n, daysAgo(3)),
      round(other.id, 900n, 0n, daysAgo(1)),
    ]
    await server.db.insert(betRecords).values(rounds)
    await expectKeptEqualsMembers('rounds settled')
    const no = (i: number) => rounds[i]?.betNo ?? ''
    // deep2's first day of play last week (day -9) cancelled: its first day moves to day -8.
    await server.db
      .update(betRecords)
      .set({ status: 'CANCELLED' })
      .where(eq(betRecords.betNo, no(4)))
    // Re-settled: another payout, on another day.
    await server.db
      .update(betRecords)
      .set({ payout: 2_500n, settledTime: daysAgo(3) })
      .where(eq(betRecords.betNo, no(1)))
    // Settled late, and a settled one back to unsettled.
    await server.db
      .update(betRecords)
      .set({ status: 'SETTLED', settledTime: daysAgo(0) })
      .where(eq(betRecords.betNo, no(6)))
    await server.db
      .update(betRecords)
      .set({ status: 'UNSETTLED' })
      .where(eq(betRecords.betNo, no(5)))
    await expectKeptEqualsMembers('rounds changed')
    // Every settled round of a member at once, in one statement.
    await server.db.execute(
      sql`update bet_records set status = 'CANCELLED' where member_id = ${deep1.id} and status = 'SETTLED'`,
    )
    await expectKeptEqualsMembers('rounds cancelled together')
  })

  it('follow a lottery draw settled for members of the team', async () => {
    const code = 'E5D5'
    const numero = (await near(server, code)).current?.numero ?? ''
    for (const m of [deep2, direct2]) {
      await runOps(server, 'adjust', m.username, '20.00', 'test credit')
      const token = await tokenOf(server, m.username, 'lotus123')
      orderOf(
        await place(server, token, {
          lottoGameCode: code,
          numero,
          bets: [{ betType: 'POS_DIGIT', position: 2, digits: [1, 2, 3, 4, 5], stake: '2' }],
        }),
      )
    }
    const { issueRow, drawAfterClose } = lotteryTools(() => server, clock)
    const issue = await issueRow(code, numero)
    await drawAfterClose(issue.closeAt.getTime())
    const [settled] = await server.db
      .execute(
        sql`select count(*)::int as n from bet_records where status = 'SETTLED' and member_id in (${deep2.id}, ${direct2.id})
            and product_type <> 'RNG'`,
      )
      .then((r) => (r as unknown as { rows?: { n: number }[] }).rows ?? (r as unknown as { n: number }[]))
    expect(settled?.n).toBe(2)
    await expectKeptEqualsMembers('lottery settled')
  })

  it('move with a member moved to another upline, its team along', async () => {
    // sub and its members from agent to agent2; a direct member one level down; sub back up.
    await server.db.update(members).set({ parentId: agent2.id }).where(eq(members.id, sub.id))
    await expectKeptEqualsMembers('sub moved to agent2')
    await server.db.update(members).set({ parentId: sub.id }).where(eq(members.id, direct1.id))
    await expectKeptEqualsMembers('direct1 moved under sub')
    await server.db.update(members).set({ parentId: agent.id }).where(eq(members.id, sub.id))
    await expectKeptEqualsMembers('sub moved back')
    // A round of a moved member after the move counts for its new uplines.
    await server.db.insert(betRecords).values([round(direct1.id, 1_100n, 0n, daysAgo(0))])
    await expectKeptEqualsMembers('played after the move')
  })

  it('count the active members of ranges of every shape from the kept gaps, after gaps of 1 to 93 days and more', async () => {
    const a = await account(0, agent.id)
    const b = await account(0, sub.id)
    const c = await account(0, agent.id)
    const played = (m: Account, ago: number[]) =>
      ago.map((k) => round(m.id, 100n + BigInt(k), 0n, daysAgo(k)))
    // a: gaps 1, 92, 1, 90, 2, 2, 1 (and none before day -189); b: 113, 94, 93; c: 92.
    const aRounds = played(a, [189, 188, 96, 95, 5, 3, 1, 0])
    const bRounds = played(b, [300, 187, 93, 0])
    await server.db.insert(betRecords).values([...aRounds, ...bRounds, ...played(c, [102, 10])])
    await expectActiveEqualsMembers('gaps of every length')
    // One statement that makes a new day of play (insert) and turns a day of deposits only
    // into one (update): the insert and the update trigger both fire for the same member.
    await post('DEPOSIT', a.id, 1_000n, daysAgo(50))
    await server.db.insert(betRecords).values(played(a, [50, 60, 97]))
    await expectActiveEqualsMembers('new days and a day of deposits played in one statement')
    // b's day -93 cancelled: day 0 now comes 187 days after the one before; a's day -96
    // re-settled on day -94 (gap 1 to 94, 1 after it); c's day -10 back to unsettled.
    await server.db
      .update(betRecords)
      .set({ status: 'CANCELLED' })
      .where(eq(betRecords.betNo, bRounds[2]?.betNo ?? ''))
    await server.db
      .update(betRecords)
      .set({ settledTime: daysAgo(94) })
      .where(eq(betRecords.betNo, aRounds[2]?.betNo ?? ''))
    await server.db.execute(
      sql`update bet_records set status = 'UNSETTLED' where member_id = ${c.id} and settled_time = ${daysAgo(10)}`,
    )
    const [cancelled] = await server.db
      .execute(
        sql`select count(*)::int as n from member_daily_stats where member_id = ${b.id} and day = ${dayAgo(93)}::date
            and bet_count = 0`,
      )
      .then((r) => (r as unknown as { rows?: { n: number }[] }).rows ?? (r as unknown as { n: number }[]))
    expect(cancelled?.n).toBe(1)
    await expectActiveEqualsMembers('days cancelled, re-settled and unsettled')
    // a moved under sub: its gaps leave agent's direct downline for the deeper levels.
    await server.db.update(members).set({ parentId: sub.id }).where(eq(members.id, a.id))
    await expectActiveEqualsMembers('a moved under sub')
    await expectKeptEqualsMembers('after the gaps')
  })

  it('are named by reconcile when they drift from the members figures, and made again by the rebuild', async () => {
    await server.db.execute(sql`
      update agent_team_daily_stats set deposits = deposits + 1
      where (agent_id, day, direct, shard) in (
        select agent_id, day, direct, shard from agent_team_daily_stats
        where agent_id = ${agent.id} and deposits > 0 order by day limit 1)`)
    const report = await reconcile(server.db)
    expect(report.ok).toBe(false)
    expect(report.statsDrift).toEqual([
      expect.objectContaining({
        memberId: agent.id,
        figure: expect.stringMatching(/^team deposits \(/) as string,
      }),
    ])
    expect(formatReconcile(report)).toContain(`team figures of member ${agent.id}: team deposits (`)
    // The repair: the agents' figures made again from the members'.
    await server.db.execute(sql`select agent_team_rebuild()`)
    expect((await reconcile(server.db)).ok).toBe(true)
    // A member's kept gap and an agent's count of a gap drifting are named too.
    await server.db.execute(sql`
      update member_active_gaps set gap = case when gap = 1 then 2 else 1 end
      where (member_id, day) in (select member_id, day from member_active_gaps where member_id = ${deep2.id} limit 1)`)
    await server.db.execute(sql`
      update agent_team_active_gaps set members = members + 1
      where (agent_id, day, direct, shard, gap) in (
        select agent_id, day, direct, shard, gap from agent_team_active_gaps where agent_id = ${top.id} limit 1)`)
    const gapReport = await reconcile(server.db)
    expect(gapReport.statsDrift).toHaveLength(2)
    expect(gapReport.statsDrift).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          memberId: deep2.id,
          figure: expect.stringMatching(/^days since the previous day of play \(/) as string,
        }),
        expect.objectContaining({
          memberId: top.id,
          figure: expect.stringMatching(
            /^team active members \d+ days after their previous day of play \(/,
          ) as string,
        }),
      ]),
    )
    await server.db.execute(sql`select agent_team_rebuild()`)
    expect((await reconcile(server.db)).ok).toBe(true)
    await expectActiveEqualsMembers('rebuilt')
  })
})
