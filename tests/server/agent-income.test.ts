/**
 * My income: the rebate difference of an agent's team for a period equals a direct
 * computation from fixed bets and rates; the salaries and dividends its contracts paid for
 * the period's days; who may read it; the valid bets per day and game type kept by
 * triggers, and their place in the reconcile.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentEndpoints, rebateRateScale } from '#contract/agent'
import type { ContractTerms } from '#contract/contracts'
import { minorToMoney, moneyToMinor } from '#contract/money'
import { periodAt, unitOf } from '#server/contracts/periods'
import {
  agentContracts,
  betRecords,
  contractPayments,
  memberDailyGameStats,
  memberRebateRates,
  merchants,
} from '#server/db/schema'
import { seedDemoTeam } from '#server/db/seed'
import { formatReconcile, reconcile } from '#server/money/ledger-reconcile'
import { build, resetAccessToSeed, runOps, type TestServer } from '../build-server'
import { createMember, failureOf, plainCall, tokenOf, valueOf } from '../identity-helpers'

let server: TestServer

interface Account {
  id: number
  username: string
  token: string
}

let n = 0
async function account(type: number, parentId?: number): Promise<Account> {
  n += 1
  const username = `in${type}x${n}${process.pid % 1000}`
  const row = await createMember(server, { username, password: 'lotus123', type, parentId })
  return { id: row.id, username: row.username, token: await tokenOf(server, username, 'lotus123') }
}

function bet(
  memberId: number,
  productType: string,
  validBet: bigint,
  status: 'SETTLED' | 'UNSETTLED' = 'SETTLED',
  at: Date = new Date(),
) {
  n += 1
  return {
    merchantCode: server.config.MERCHANT_CODE,
    memberId,
    betNo: `inc-${process.pid}-${n}`,
    productType,
    accountTypeId: 2,
    vendorName: 'test',
    gameName: 'test',
    betAmount: validBet + 7n,
    validBet,
    payout: 0n,
    status,
    betTime: at,
    settledTime: status === 'SETTLED' ? at : null,
  }
}

const incomeUrl = `${agentEndpoints.income.path}?period=today`

async function incomeOf(who: Account) {
  const res = await plainCall(server, 'GET', incomeUrl, { token: who.token })
  return valueOf(res, (v) => agentEndpoints.income.response.parse(v))
}

// agent (RNG 1.00%, LIVE 0.80%) ─┬─ sub (agent; RNG 0.60%) ── deep (RNG 0.10%)
//                                └─ direct (RNG 0.20%)
// other agent (RNG 1.00%) ── stranger
let agent: Account
let sub: Account
let direct: Account
let deep: Account
let other: Account
let stranger: Account
let plain: Account

beforeAll(async () => {
  server = await build()
  agent = await account(1)
  other = await account(1)
  plain = await account(0)
  sub = await account(2, agent.id)
  direct = await account(0, agent.id)
  deep = await account(0, sub.id)
  stranger = await account(0, other.id)
  for (const [who, type, rate] of [
    [agent, 'RNG', '1'],
    [agent, 'LIVE', '0.8'],
    [sub, 'RNG', '0.6'],
    [direct, 'RNG', '0.2'],
    [deep, 'RNG', '0.1'],
    [other, 'RNG', '1'],
  ] as const) {
    await runOps(server, 'rebate', 'set', who.username, type, rate)
  }
  await server.db
    .insert(betRecords)
    .values([
      bet(direct.id, 'RNG', 10_001n),
      bet(deep.id, 'RNG', 5_003n),
      bet(sub.id, 'RNG', 777n),
      bet(direct.id, 'LIVE', 3_333n),
      bet(deep.id, 'LIVE', 1_111n),
      bet(direct.id, 'RNG', 9_999n, 'UNSETTLED'),
      bet(stranger.id, 'RNG', 50_000n),
      bet(direct.id, 'FISH', 2_000n),
    ])
  // A settled bet later cancelled counts nothing.
  const [cancelled] = await server.db
    .insert(betRecords)
    .values(bet(deep.id, 'RNG', 4_000n))
    .returning()
  await server.db
    .update(betRecords)
    .set({ status: 'CANCELLED' })
    .where(eq(betRecords.id, cancelled?.id ?? 0))
})

afterAll(async () => {
  await server?.close()
})

/**
 * The expected income straight from the settled bets and the rates: each bet of the team
 * weighted by the agent's rate less that of its direct downline on the way to the bettor.
 */
async function expected(a: Account): Promise<Map<string, { valid: bigint; income: bigint }>> {
  const rows = await server.db.execute(sql`
    select b.product_type, b.valid_bet::text as valid, d.descendant_id as child
    from bet_records b
    join member_tree d on d.ancestor_id = ${a.id} and d.depth = 1
    join member_tree path on path.ancestor_id = d.descendant_id and path.descendant_id = b.member_id
    where b.status = 'SETTLED'`)
  const list =
    (rows as unknown as { rows?: { product_type: string; valid: string; child: number }[] }).rows ??
    (rows as unknown as { product_type: string; valid: string; child: number }[])
  const rates = await server.db.select().from(memberRebateRates)
  const rateOf = (id: number, t: string) =>
    BigInt(rates.find((r) => r.memberId === id && r.productType === t)?.rate ?? 0)
  const weighted = new Map<string, { valid: bigint; weighted: bigint }>()
  for (const r of list) {
    const diff = rateOf(a.id, r.product_type) - rateOf(Number(r.child), r.product_type)
    const w = weighted.get(r.product_type) ?? { valid: 0n, weighted: 0n }
    w.valid += BigInt(r.valid)
    w.weighted += BigInt(r.valid) * (diff > 0n ? diff : 0n)
    weighted.set(r.product_type, w)
  }
  return new Map(
    [...weighted].map(([t, w]) => [t, { valid: w.valid, income: w.weighted / BigInt(rebateRateScale) }]),
  )
}

const minor = (m: string) => moneyToMinor(m, { decimals: 2 })

describe('my income', () => {
  it('equals a direct computation from the bets and the rates, per game type and in total', async () => {
    const v = await incomeOf(agent)
    const e = await expected(agent)
    for (const line of v.lines) {
      expect(minor(line.validBets), line.productType).toBe(e.get(line.productType)?.valid ?? 0n)
      expect(minor(line.income), line.productType).toBe(e.get(line.productType)?.income ?? 0n)
    }
    // By hand: RNG (100-20)×10001 + (100-60)×5003 + (100-60)×777 = 1,031,280 → 103;
    // LIVE (80-0)×3333 + (80-0)×1111 = 355,520 → 35; FISH has no rate → 0.
    expect(v.lines.map((l) => [l.productType, l.rate, l.validBets, l.income])).toEqual([
      ['LIVE', 80, '44.44', '0.35'],
      ['RNG', 100, '157.81', '1.03'],
      ['FISH', 0, '20.00', '0.00'],
    ])
    expect(v.totals).toEqual({ validBets: '222.25', income: '1.38' })
  })

  it('gives a sub-agent its own difference over its own team only', async () => {
    const v = await incomeOf(sub)
    // RNG (60-10)×5003 = 250,150 → 25, LIVE 1111 at no rate; its own bets are its upline's to count.
    expect(v.totals).toEqual({ validBets: '61.14', income: '0.25' })
    const e = await expected(sub)
    expect(minor(v.totals.income)).toBe(e.get('RNG')?.income)
  })

  it('is empty for another period and for an agent whose team did not play', async () => {
    const yesterday = await plainCall(server, 'GET', `${agentEndpoints.income.path}?period=yesterday`, {
      token: agent.token,
    })
    const y = valueOf(yesterday, (x) => agentEndpoints.income.response.parse(x))
    expect(y.totals).toEqual({ validBets: '0.00', income: '0.00' })
    const fresh = await account(1)
    expect((await incomeOf(fresh)).lines).toEqual([])
  })

  it('refuses a bad range', async () => {
    const res = await plainCall(
      server,
      'GET',
      `${agentEndpoints.income.path}?period=range&from=2026-03-10&to=2026-03-01`,
      { token: agent.token },
    )
    expect(res.statusCode).toBe(400)
    expect(failureOf(res).errorCode).toBe('team_range_invalid')
  })
})

describe('salaries and dividends in my income', () => {
  /** A contract accepted now (the life of a contract is the lifecycle test's). */
  async function contract(uplineId: number | null, downlineId: number, terms: ContractTerms) {
    const at = new Date(Date.now() - 60_000)
    await server.db.insert(agentContracts).values({
      merchantCode: server.config.MERCHANT_CODE,
      kind: terms.kind,
      uplineId,
      downlineId,
      terms,
      status: 'accepted',
      offeredAt: at,
      answeredAt: at,
      createdBy: 'test',
    })
  }

  /** Settles today's period of each contract of the agent's tree, as the job does after it closes. */
  async function settleToday(terms: ContractTerms) {
    const [m] = await server.db
      .select()
      .from(merchants)
      .where(eq(merchants.code, server.config.MERCHANT_CODE))
    if (!m) throw new Error('no brand')
    const unit = unitOf(terms)
    return server.app.contracts.settlement.settlePeriod(
      m,
      terms.kind,
      unit,
      periodAt(unit, m.timeZone, new Date()),
    )
  }

  const daily = (rate: number): ContractTerms => ({ kind: 'dailySalary', tiers: [{ from: 0, rate }] })
  const dividend: ContractTerms = {
    kind: 'dividend',
    period: 'daily',
    tiers: [{ from: 0, activeMembers: 0, rate: 100_000 }],
  }

  beforeAll(async () => {
    await contract(null, agent.id, daily(10_000))
    await contract(agent.id, sub.id, daily(5_000))
    await contract(null, agent.id, dividend)
    expect((await settleToday(daily(0))).written).toBe(2)
    expect((await settleToday(dividend)).written).toBe(1)
  })

  it('shows what each kind paid the agent for the days, beside the rebate difference', async () => {
    const v = await incomeOf(agent)
    // Daily salary: the team's 222.25 of valid bets at 1 % is 2.22, less sub's 61.14 at 0.5 % (0.30).
    // Dividend: the team's stakes less payouts today, 10 %, none paid below it.
    const [paid] = await server.db
      .select({ measure: contractPayments.measure, amount: contractPayments.amount })
      .from(contractPayments)
      .where(and(eq(contractPayments.agentId, agent.id), eq(contractPayments.kind, 'dividend')))
    expect(paid?.amount).toBe((paid?.measure ?? 0n) / 10n)
    const dividendPaid = minorToMoney(paid?.amount ?? 0n, { decimals: 2 })
    expect(v.contracts.lines).toEqual([
      { kind: 'dividend', payments: 1, amount: dividendPaid },
      { kind: 'dailySalary', payments: 1, amount: '1.92' },
      { kind: 'hourlySalary', payments: 0, amount: '0.00' },
      { kind: 'realTimeSalary', payments: 0, amount: '0.00' },
    ])
    expect(minor(v.contracts.total)).toBe(192n + (paid?.amount ?? 0n))
    // The rebate difference is the same as without contracts.
    expect(v.totals).toEqual({ validBets: '222.25', income: '1.38' })
    expect((await incomeOf(sub)).contracts.lines.find((l) => l.kind === 'dailySalary')?.amount).toBe('0.30')
  })

  it('counts a payment in the days its period starts in, and only the agent’s own', async () => {
    const yesterday = await plainCall(server, 'GET', `${agentEndpoints.income.path}?period=yesterday`, {
      token: agent.token,
    })
    const y = valueOf(yesterday, (x) => agentEndpoints.income.response.parse(x))
    expect(y.contracts.total).toBe('0.00')
    expect(y.contracts.lines.every((l) => l.payments === 0)).toBe(true)
    const week = await plainCall(server, 'GET', `${agentEndpoints.income.path}?period=thisWeek`, {
      token: agent.token,
    })
    expect(valueOf(week, (x) => agentEndpoints.income.response.parse(x)).contracts.total).toBe(
      (await incomeOf(agent)).contracts.total,
    )
    expect((await incomeOf(other)).contracts.total).toBe('0.00')
    expect((await reconcile(server.db)).ok).toBe(true)
  })
})

describe('who may read my income', () => {
  it('refuses a visitor, a guest and a member; each agent reads only its own team', async () => {
    expect((await plainCall(server, 'GET', incomeUrl)).statusCode).toBe(401)
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const guestToken = (guest.json() as { value: { token: string } }).value.token
    const asGuest = await plainCall(server, 'GET', incomeUrl, { token: guestToken })
    expect(failureOf(asGuest).errorCode).toBe('in_need_true_account')
    const asMember = await plainCall(server, 'GET', incomeUrl, { token: plain.token })
    expect(failureOf(asMember).errorCode).toBe('error_not_agent')
    // The other agent's team played 500.00 of RNG at its full rate: 5.00, nothing of agent's.
    expect((await incomeOf(other)).totals).toEqual({ validBets: '500.00', income: '5.00' })
  })

  it('is switched off with AGEREV3', async () => {
    await runOps(server, 'flag', 'set', 'AGEREV3', 'off')
    try {
      const res = await plainCall(server, 'GET', incomeUrl, { token: agent.token })
      expect(failureOf(res).errorCode).toBe('feature_disabled')
    } finally {
      await resetAccessToSeed(server)
    }
  })
})

describe('valid bets per day and game type', () => {
  it('are kept by the database for each settled bet, and a drift shows in the reconcile', async () => {
    const rows = await server.db
      .select()
      .from(memberDailyGameStats)
      .where(eq(memberDailyGameStats.memberId, deep.id))
    expect(rows.map((r) => [r.productType, r.betCount, r.validBet])).toEqual(
      expect.arrayContaining([
        ['RNG', 1, 5_003n],
        ['LIVE', 1, 1_111n],
      ]),
    )
    expect((await reconcile(server.db)).statsDrift).toEqual([])
    await server.db.execute(
      sql`update member_daily_game_stats set valid_bet = valid_bet + 1 where member_id = ${deep.id} and product_type = 'LIVE'`,
    )
    const report = await reconcile(server.db)
    expect(report.ok).toBe(false)
    expect(report.statsDrift).toEqual([
      expect.objectContaining({ memberId: deep.id, figure: 'valid bets (LIVE)' }),
    ])
    expect(formatReconcile(report)).toContain(`team figures of member ${deep.id}: valid bets (LIVE)`)
    await server.db.execute(
      sql`update member_daily_game_stats set valid_bet = valid_bet - 1 where member_id = ${deep.id} and product_type = 'LIVE'`,
    )
    expect((await reconcile(server.db)).statsDrift).toEqual([])
  })
})

describe('the demo team', () => {
  it('gives agent01 and agent02 rates that make My income real figures in a fresh demo', async () => {
    const now = new Date()
    await seedDemoTeam(server.db, server.config.MERCHANT_CODE, now, server.services.passwords.hash)
    const day = (ms: number) => new Date(now.getTime() + ms).toISOString().slice(0, 10)
    const url = `${agentEndpoints.income.path}?period=range&from=${day(-30 * 86_400_000)}&to=${day(86_400_000)}`
    for (const username of ['agent01', 'agent02']) {
      const token = await tokenOf(server, username, 'lotus123')
      const v = valueOf(await plainCall(server, 'GET', url, { token }), (x) =>
        agentEndpoints.income.response.parse(x),
      )
      expect(minor(v.totals.income), username).toBeGreaterThan(0n)
      expect(
        v.lines.every((l) => l.rate > 0),
        username,
      ).toBe(true)
    }
    // Every rate of the team is at most its upline's.
    const over = await server.db.execute(sql`
      select c.username from members c
      join member_rebate_rates cr on cr.member_id = c.id
      left join member_rebate_rates pr on pr.member_id = c.parent_id and pr.product_type = cr.product_type
      where c.parent_id is not null and cr.rate > coalesce(pr.rate, 0)`)
    expect((over as unknown as { rows?: unknown[] }).rows ?? (over as unknown as unknown[])).toEqual([])
    expect((await reconcile(server.db)).ok).toBe(true)
  })
})
