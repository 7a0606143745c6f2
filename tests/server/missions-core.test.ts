/**
 * Missions through their endpoints and service (decision 030, section 4): the sign-in's
 * streak in a zone with daylight saving, 20 check-ins at once, claims refused before done and
 * twice, each newbie goal read from its fact, the rescue on yesterday's loss, the milestone
 * tiers, the leaderboard, and the books reconciled after points and bonus rewards. Runs on
 * PostgreSQL too (TEST_DATABASE_URL).
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import {
  LeaderboardSchema,
  MilestonesSchema,
  MissionClaimedSchema,
  MissionSummarySchema,
  missionEndpoints as ep,
  type MissionKind,
  type NewbieGoal,
} from '#contract/missions'
import { promotionEndpoints } from '#contract/promotions'
import {
  bankCards,
  fundNotices,
  memberProfiles,
  members,
  missions,
  pushSubscriptions,
} from '#server/db/schema'
import { missionClaims } from '#server/db/schema/missions'
import { reconcile } from '#server/money/ledger-reconcile'
import { maskUsername } from '#server/play/winners'
import { reconcilePromotions } from '#server/promotions/reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, plainCall, tokenOf } from '../identity-helpers'
import { mainMinor, moneyCall, moneyMember, type MoneyMember } from '../money-helpers'

let server: TestServer
let clock: number | null = null
const code = () => server.config.MERCHANT_CODE
/** Members whose daily figures the tests write by hand (the stats check leaves them out). */
const handStats = new Set<number>()

beforeAll(async () => {
  server = await build({ now: () => (clock === null ? new Date() : new Date(clock)) })
})
afterAll(async () => {
  await server.close()
})

async function missionId(kind: MissionKind, goal?: NewbieGoal): Promise<number> {
  const rows = await server.db
    .select({ id: missions.id, goal: missions.goal })
    .from(missions)
    .where(and(eq(missions.merchantCode, code()), eq(missions.kind, kind)))
  const row = rows.find((r) => goal === undefined || r.goal === goal)
  if (!row) throw new Error(`no demo mission ${kind} ${goal ?? ''}`)
  return row.id
}

async function summary(token: string) {
  const res = await plainCall(server, 'GET', ep.summary.path, { token })
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(MissionSummarySchema).parse(res.json()).value
}

const claim = (m: MoneyMember, body: { missionId: number; step?: number; installed?: boolean }) =>
  moneyCall(server, m.token, ep.claim.path, body)

function claimed(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(MissionClaimedSchema).parse(res.json()).value
}

/** A day's figures of settled bets, as the bets' triggers keep them, written by hand. */
async function figures(memberId: number, day: string, stake: bigint, payout: bigint) {
  handStats.add(memberId)
  await server.db.execute(sql`
    insert into member_daily_stats (member_id, merchant_code, day, bet_count, bet_amount, valid_bet, payout)
    values (${memberId}, ${code()}, ${day}, 1, ${stake}, ${stake}, ${payout})
    on conflict (member_id, day) do update set bet_count = member_daily_stats.bet_count + 1,
      bet_amount = member_daily_stats.bet_amount + ${stake}, valid_bet = member_daily_stats.valid_bet + ${stake},
      payout = member_daily_stats.payout + ${payout}`)
}

const brandDay = (offsetDays = 0) =>
  new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Phnom_Penh' })

describe('the sign-in streak in a zone with daylight saving', () => {
  /** Checks in through the service at `iso`, with the brand's zone set to London. */
  async function checkInAt(memberId: number, iso: string) {
    clock = Date.parse(iso)
    try {
      const m = { ...(await server.app.money.settings.merchant(code())), timeZone: 'Europe/London' }
      const r = await server.app.missions.claim(
        m,
        memberId,
        { missionId: await missionId('signIn') },
        (work) => server.db.transaction(work),
      )
      return { day: r.claim.streakDay, points: r.claim.reward.amount }
    } finally {
      clock = null
    }
  }

  it('counts brand days by the calendar across the 23-hour day, 23:59 and 00:01 apart', async () => {
    const m = await moneyMember(server)
    // 27 March 23:59 GMT, 28 March 00:01 GMT, 29 March (23 hours) 23:59 BST, 30 March 00:01 BST.
    expect(await checkInAt(m.id, '2026-03-27T23:59:00Z')).toEqual({ day: 1, points: '10' })
    expect(await checkInAt(m.id, '2026-03-28T00:01:00Z')).toEqual({ day: 2, points: '10' })
    expect(await checkInAt(m.id, '2026-03-29T22:59:00Z')).toEqual({ day: 3, points: '15' })
    expect(await checkInAt(m.id, '2026-03-29T23:01:00Z')).toEqual({ day: 4, points: '15' })
    // 31 March missed: 1 April starts again.
    expect(await checkInAt(m.id, '2026-04-01T09:00:00Z')).toEqual({ day: 1, points: '10' })
  })

  it('counts the 25-hour day once, pays day 7 its bigger reward and starts day 8 at 1', async () => {
    const m = await moneyMember(server)
    // 24 October 23:59 BST; 25 October (25 hours) 23:59 GMT; 26 October 00:01 GMT.
    expect(await checkInAt(m.id, '2026-10-24T22:59:00Z')).toEqual({ day: 1, points: '10' })
    expect(await checkInAt(m.id, '2026-10-25T23:59:00Z')).toEqual({ day: 2, points: '10' })
    expect(await checkInAt(m.id, '2026-10-26T00:01:00Z')).toEqual({ day: 3, points: '15' })
    expect(await checkInAt(m.id, '2026-10-27T12:00:00Z')).toEqual({ day: 4, points: '15' })
    expect(await checkInAt(m.id, '2026-10-28T12:00:00Z')).toEqual({ day: 5, points: '20' })
    expect(await checkInAt(m.id, '2026-10-29T12:00:00Z')).toEqual({ day: 6, points: '20' })
    expect(await checkInAt(m.id, '2026-10-30T12:00:00Z')).toEqual({ day: 7, points: '100' })
    expect(await checkInAt(m.id, '2026-10-31T12:00:00Z')).toEqual({ day: 1, points: '10' })
    // Two check-ins on one brand day are one: 31 October 23:30 GMT is still the 31st.
    await expect(checkInAt(m.id, '2026-10-31T23:30:00Z')).rejects.toMatchObject({
      errorCode: 'mission_already_claimed',
    })
  })
})

describe('checking in', () => {
  it('shows player01 on day 4 after the demo’s three check-ins, with the badge counting it', async () => {
    const token = await tokenOf(server, 'player01', 'lotus123')
    const s = await summary(token)
    expect(s.signIn?.today).toBe(4)
    expect(s.signIn?.checkedInToday).toBe(false)
    expect(s.signIn?.days.filter((d) => d.checkedIn).map((d) => d.day)).toEqual([1, 2, 3])
    expect(s.list.find((x) => x.kind === 'signIn')?.state).toBe('claim')
    expect(s.claimable).toBeGreaterThanOrEqual(1)
  })

  it('pays one of 20 check-ins sent at once; the rest answer mission_already_claimed', async () => {
    const m = await moneyMember(server)
    const id = await missionId('signIn')
    const before = (await summary(m.token)).claimable
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(m, { missionId: id })))
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1)
    const refused = answers.filter((r) => r.statusCode !== 200)
    expect(refused).toHaveLength(19)
    for (const r of refused) {
      expect(r.statusCode).toBe(409)
      expect(failureOf(r).errorCode).toBe('mission_already_claimed')
    }
    const rows = await server.db.select().from(missionClaims).where(eq(missionClaims.memberId, m.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.points).toBe(1000n)
    const after = await summary(m.token)
    expect(after.signIn?.checkedInToday).toBe(true)
    expect(after.claimable).toBe(before - 1)
  })
})

describe('newbie tasks', () => {
  it('refuses a claim before done, reads each goal from its fact, and refuses a second claim', async () => {
    const m = await moneyMember(server)
    const goals: NewbieGoal[] = [
      'profile',
      'bankCard',
      'firstDeposit',
      'firstBet',
      'appInstalled',
      'notifications',
    ]
    for (const goal of goals) {
      const res = await claim(m, { missionId: await missionId('newbie', goal) })
      expect(res.statusCode, `${goal}: ${res.body}`).toBe(422)
      expect(failureOf(res).errorCode).toBe('mission_not_done')
    }
    const states = async () =>
      Object.fromEntries((await summary(m.token)).list.filter((x) => x.goal).map((x) => [x.goal, x.state]))
    expect(Object.values(await states())).toEqual(goals.map(() => 'inProgress'))

    await server.db
      .update(members)
      .set({
        payeeName: 'Sok Dara',
        mobile: '012345678',
        email: 'dara@example.com',
        firstDepositAt: new Date(),
      })
      .where(eq(members.id, m.id))
    // The profile counts once every field the brand asks for was filled (tests/server/profile.test.ts).
    await server.db
      .insert(memberProfiles)
      .values({ memberId: m.id, completedAt: new Date(), updatedAt: new Date() })
    await server.db.insert(bankCards).values({
      memberId: m.id,
      bankCode: 'ABA',
      bankName: 'ABA Bank',
      accountName: 'Sok Dara',
      accountNumber: '000123456',
      createdAt: new Date(),
    })
    await figures(m.id, brandDay(), 100n, 0n)
    await server.db.insert(pushSubscriptions).values({
      merchantCode: code(),
      memberId: m.id,
      endpoint: `https://push.example/${m.id}`,
      p256dh: 'p',
      auth: 'a',
      language: 'en',
      createdAt: new Date(),
    })
    expect(await states()).toEqual({
      profile: 'claim',
      bankCard: 'claim',
      firstDeposit: 'claim',
      firstBet: 'claim',
      appInstalled: 'inProgress',
      notifications: 'claim',
    })

    const wallet = await mainMinor(server, m.token)
    for (const goal of goals) {
      const body = {
        missionId: await missionId('newbie', goal),
        ...(goal === 'appInstalled' ? { installed: true } : {}),
      }
      const r = claimed(await claim(m, body))
      expect(r.claim.reward).toEqual(
        goal === 'firstDeposit' ? { kind: 'bonus', amount: '5.00' } : { kind: 'points', amount: '50' },
      )
      const again = await claim(m, body)
      expect(again.statusCode).toBe(409)
      expect(failureOf(again).errorCode).toBe('mission_already_claimed')
    }
    expect(await mainMinor(server, m.token)).toBe(wallet + 500n)
    expect(Object.values(await states())).toEqual(goals.map(() => 'claimed'))
  })
})

describe('the rescue task', () => {
  it('pays 5 % of yesterday’s net loss as a bonus, and nothing without a loss', async () => {
    const m = await moneyMember(server)
    const id = await missionId('rescue')
    const none = await claim(m, { missionId: id })
    expect(failureOf(none).errorCode).toBe('mission_closed')
    const closed = (await summary(m.token)).list.find((x) => x.id === id)
    expect([closed?.state, closed?.reason]).toEqual(['closed', 'nothingToClaim'])
    // Yesterday: staked 300.00, won back 100.00: a loss of 200.00 pays 10.00. Today's play does not count.
    await figures(m.id, brandDay(-1), 30_000n, 10_000n)
    await figures(m.id, brandDay(), 90_000n, 0n)
    const ready = (await summary(m.token)).list.find((x) => x.id === id)
    expect([ready?.state, ready?.reward.amount]).toEqual(['claim', '10.00'])
    const wallet = await mainMinor(server, m.token)
    expect(claimed(await claim(m, { missionId: id })).claim.reward).toEqual({
      kind: 'bonus',
      amount: '10.00',
    })
    expect(await mainMinor(server, m.token)).toBe(wallet + 1000n)
    // The member just tapped: the bonus is credited without an inbox notice.
    const told = await server.db.select().from(fundNotices).where(eq(fundNotices.memberId, m.id))
    expect(told).toEqual([])
    expect(failureOf(await claim(m, { missionId: id })).errorCode).toBe('mission_already_claimed')
  })
})

describe('milestones', () => {
  it('opens each tier at its valid bets and pays each once', async () => {
    const m = await moneyMember(server)
    const id = await missionId('milestone')
    await figures(m.id, brandDay(), 600_000n, 0n)
    const read = async () => {
      const res = await plainCall(server, 'GET', ep.milestones.path, { token: m.token })
      return successEnvelope(MilestonesSchema)
        .parse(res.json())
        .value.list.find((x) => x.missionId === id)
    }
    const before = await read()
    expect(before?.validBets).toBe('6000.00')
    expect(before?.tiers.map((t) => [t.turnover, t.reward.amount, t.state])).toEqual([
      ['1000.00', '100', 'claim'],
      ['5000.00', '500', 'claim'],
      ['20000.00', '2500', 'inProgress'],
    ])
    const far = await claim(m, { missionId: id, step: 2 })
    expect(failureOf(far).errorCode).toBe('mission_not_done')
    expect(failureOf(far).value).toEqual({ done: '6000.00', target: '20000.00' })
    expect(claimed(await claim(m, { missionId: id, step: 0 })).points).toBe('100')
    expect(claimed(await claim(m, { missionId: id, step: 1 })).points).toBe('600')
    expect(failureOf(await claim(m, { missionId: id, step: 0 })).errorCode).toBe('mission_already_claimed')
    expect((await read())?.tiers.map((t) => t.state)).toEqual(['claimed', 'claimed', 'inProgress'])
  })
})

describe('the leaderboard', () => {
  it('ranks the week’s scores highest first, masks the accounts, and tells the caller its own', async () => {
    // The board masks to the first and last two characters: distinct first two keep the rows apart.
    const a = await moneyMember(server, undefined, 'qa')
    const b = await moneyMember(server, undefined, 'qb')
    const c = await moneyMember(server, undefined, 'qc')
    await figures(b.id, brandDay(), 2_000_000n, 0n)
    const milestone = await missionId('milestone')
    claimed(await claim(a, { missionId: await missionId('signIn') }))
    for (const step of [0, 1, 2]) claimed(await claim(b, { missionId: milestone, step }))
    const res = await plainCall(server, 'GET', ep.leaderboard.path, { token: a.token })
    const board = successEnvelope(LeaderboardSchema).parse(res.json()).value
    const scores = board.list.map((r) => r.score)
    expect(scores).toEqual([...scores].sort((x, y) => y - x))
    expect(board.list.map((r) => r.rank)).toEqual(board.list.map((_, i) => i + 1))
    const rowOf = (u: string) => board.list.find((r) => r.account === maskUsername(u))
    expect(rowOf(b.username)?.score).toBe(30)
    expect(rowOf(a.username)?.score).toBe(1)
    expect(rowOf(b.username)?.rank).toBeLessThan(rowOf(a.username)?.rank ?? 0)
    expect(board.list.some((r) => r.account === a.username || r.account === b.username)).toBe(false)
    expect(board.me).toEqual({ rank: rowOf(a.username)?.rank ?? null, score: 1 })
    const mine = successEnvelope(LeaderboardSchema).parse(
      (await plainCall(server, 'GET', ep.leaderboard.path, { token: c.token })).json(),
    ).value.me
    expect(mine).toEqual({ rank: null, score: 0 })
  })
})

describe('the operator', () => {
  it('makes a mission from a template with an unlisted backing promotion, pauses and resumes it', async () => {
    const made = await runOps(server, 'mission', 'create', 'rescue')
    const id = Number(/^made #(\d+) running rescue daily/.exec(made)?.[1])
    expect(id).toBeGreaterThan(0)
    const [row] = await server.db.select().from(missions).where(eq(missions.id, id))
    expect(row?.promotionId).not.toBeNull()
    const listed = await plainCall(server, 'GET', promotionEndpoints.merchantAvailable.path)
    const ids = (listed.json() as { value: { list: { id: number }[] } }).value.list.map((p) => p.id)
    expect(ids).not.toContain(row?.promotionId)
    const m = await moneyMember(server)
    await runOps(server, 'mission', 'pause', String(id))
    const paused = (await summary(m.token)).list.find((x) => x.id === id)
    expect([paused?.state, paused?.reason]).toEqual(['closed', 'paused'])
    expect(failureOf(await claim(m, { missionId: id })).errorCode).toBe('mission_closed')
    await runOps(server, 'mission', 'resume', String(id))
    expect((await summary(m.token)).list.find((x) => x.id === id)?.reason).toBe('nothingToClaim')
    expect(await runOps(server, 'mission', 'edit', String(id), 'score', '7')).toMatch(/score 7/)
    expect(await runOps(server, 'mission', 'list')).toContain(`#${id} running rescue`)
  })
})

describe('the books', () => {
  it('reconcile after points and bonus rewards: the ledger with the points book, and the promotions', async () => {
    const r = await reconcile(server.db)
    expect(r.balanceDrift).toEqual([])
    expect(r.unbalancedTransactions).toEqual([])
    expect(r.negativeWallets).toEqual([])
    expect(r.brandTotals.every((t) => BigInt(t.total) === 0n)).toBe(true)
    expect(r.points.ok, JSON.stringify(r.points)).toBe(true)
    expect(r.statsDrift.filter((d) => !handStats.has(d.memberId))).toEqual([])
    const p = await reconcilePromotions(server.db, code())
    expect(p.ok, JSON.stringify(p)).toBe(true)
    const [n] = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(missionClaims)
      .where(sql`${missionClaims.points} > 0 and ${missionClaims.pointTransactionId} is null`)
    expect(n?.n).toBe(0)
  })
})
