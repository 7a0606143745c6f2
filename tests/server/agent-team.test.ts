/**
 * The agent centre's server side: who may call it (the authorization matrix), the team's
 * figures against a direct computation over the ledger and the bets, and transfers down
 * to one member or shared as a red envelope, under parallel duplicates.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentEndpoints } from '#contract/agent'
import { moneyToMinor } from '#contract/money'
import { betRecords, fundNotices, memberTree } from '#server/db/schema'
import { seedDemoTeam } from '#server/db/seed'
import { formatReconcile, reconcile } from '#server/money/ledger-reconcile'
import { reconcileGames } from '#server/vendors/reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { createMember, failureOf, plainCall, tokenOf, valueOf } from '../identity-helpers'
import { mainMinor, newKey, sealedMoneyCall, testPaymentPassword } from '../money-helpers'

let server: TestServer

interface Account {
  id: number
  username: string
  token: string
}

let n = 0
async function account(type: number, parentId?: number, credit?: string): Promise<Account> {
  n += 1
  const username = `at${type}x${n}${process.pid % 1000}`
  const row = await createMember(server, { username, password: 'lotus123', type, parentId })
  const token = await tokenOf(server, username, 'lotus123')
  if (credit) await runOps(server, 'adjust', username, credit, 'test credit')
  return { id: row.id, username: row.username, token }
}

async function setPaymentPassword(a: Account): Promise<void> {
  const res = await sealedMoneyCall(
    server,
    a.token,
    '/wps/relay/setWithdrawPassword',
    {
      loginPassword: 'lotus123',
      paymentPassword: testPaymentPassword,
      confirmPaymentPassword: testPaymentPassword,
    },
    null,
  )
  expect(res.statusCode, res.body).toBe(200)
}

function transfer(a: Account, shares: { memberId: number; amount: string }[], key: string = newKey()) {
  return sealedMoneyCall(
    server,
    a.token,
    agentEndpoints.downlineTransfer.path,
    { shares, paymentPassword: testPaymentPassword },
    key,
  )
}

const overviewUrl = `${agentEndpoints.teamOverview.path}?period=today`
const downlineUrl = (q = '') => `${agentEndpoints.downline.path}${q}`

// agent ─┬─ sub (agent) ─┬─ deep1 (member)
//        │               └─ deep2 (member)
//        └─ direct (member)
// other agent ── stranger (member)
let agent: Account
let sub: Account
let direct: Account
let deep1: Account
let deep2: Account
let other: Account
let stranger: Account
let plain: Account

beforeAll(async () => {
  server = await build()
  agent = await account(1, undefined, '1000.00')
  sub = await account(2, agent.id, '50.00')
  direct = await account(0, agent.id)
  deep1 = await account(0, sub.id)
  deep2 = await account(0, sub.id)
  other = await account(1, undefined, '10.00')
  stranger = await account(0, other.id)
  plain = await account(0)
  await setPaymentPassword(agent)
  await setPaymentPassword(sub)
  await setPaymentPassword(other)
})

afterAll(async () => {
  await server.close()
})

describe('the downline tree', () => {
  it('links every member to each of its uplines, at its depth', async () => {
    const rows = await server.db.select().from(memberTree).where(eq(memberTree.descendantId, deep1.id))
    const depths = Object.fromEntries(rows.map((r) => [r.ancestorId, r.depth]))
    expect(depths).toEqual({ [deep1.id]: 0, [sub.id]: 1, [agent.id]: 2 })
  })
})

describe('who may call the agent centre', () => {
  const calls = [
    { name: 'team overview', run: (token?: string) => plainCall(server, 'GET', overviewUrl, { token }) },
    { name: 'downline', run: (token?: string) => plainCall(server, 'GET', downlineUrl(), { token }) },
    ...[agentEndpoints.teamBets, agentEndpoints.teamProfitLoss, agentEndpoints.teamMovements].map((def) => ({
      name: def.name,
      run: (token?: string) => plainCall(server, 'GET', def.path, { token }),
    })),
    {
      name: 'downline transfer',
      run: (token?: string) =>
        plainCall(server, 'POST', agentEndpoints.downlineTransfer.path, {
          token,
          body: {},
          headers: { 'idempotency-key': newKey() },
        }),
    },
  ]

  it.each(calls)('$name: a visitor, a guest and a member are refused; an agent is let in', async (c) => {
    const visitor = await c.run(undefined)
    expect(visitor.statusCode).toBe(401)
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const guestToken = (guest.json() as { value: { token: string } }).value.token
    const asGuest = await c.run(guestToken)
    expect(asGuest.statusCode).toBe(403)
    expect(failureOf(asGuest).errorCode).toBe('in_need_true_account')
    const asMember = await c.run(plain.token)
    expect(asMember.statusCode).toBe(403)
    expect(failureOf(asMember).errorCode).toBe('error_not_agent')
    const asAgent = await c.run(agent.token)
    expect(asAgent.statusCode).not.toBe(401)
    expect(asAgent.statusCode).not.toBe(403)
  })

  it("answers another team's member, an upline and a missing id alike: not in your team", async () => {
    for (const [who, id] of [
      [agent, stranger.id],
      [sub, agent.id],
      [sub, direct.id],
      [agent, 2_000_000_000],
    ] as const) {
      const res = await plainCall(server, 'GET', downlineUrl(`?parentId=${id}`), { token: who.token })
      expect(res.statusCode).toBe(404)
      expect(failureOf(res).errorCode).toBe('downline_not_found')
      expect(res.body).not.toContain(String(id === 2_000_000_000 ? 'x' : ((await nameOf(id)) ?? 'x')))
    }
  })

  it("finds only the agent's own team by account name", async () => {
    const res = await plainCall(server, 'GET', downlineUrl(`?account=${stranger.username}`), {
      token: agent.token,
    })
    expect(res.statusCode).toBe(200)
    expect((res.json() as { value: { total: number } }).value.total).toBe(0)
    const mine = await plainCall(server, 'GET', downlineUrl(`?account=${deep2.username}`), {
      token: agent.token,
    })
    const found = (mine.json() as { value: { list: { id: number; level: number }[] } }).value.list
    expect(found).toEqual([expect.objectContaining({ id: deep2.id, level: 2 })])
  })
})

async function nameOf(id: number): Promise<string | undefined> {
  const rows = await server.db.execute(sql`select username from members where id = ${id}`)
  const list =
    (rows as unknown as { rows?: { username: string }[] }).rows ?? (rows as unknown as { username: string }[])
  return list[0]?.username
}

describe('the downline page', () => {
  it("shows the agent's direct downline, then a sub-agent's with the way back up", async () => {
    const top = await plainCall(server, 'GET', downlineUrl(), { token: agent.token })
    const v = (
      top.json() as { value: { list: { id: number; downlineCount: number }[]; path: { id: number }[] } }
    ).value
    expect(v.list.map((r) => r.id).sort()).toEqual([sub.id, direct.id].sort())
    expect(v.list.find((r) => r.id === sub.id)?.downlineCount).toBe(2)
    expect(v.path.map((s) => s.id)).toEqual([agent.id])

    const down = await plainCall(server, 'GET', downlineUrl(`?parentId=${sub.id}`), { token: agent.token })
    const d = (down.json() as { value: { list: { id: number; level: number }[]; path: { id: number }[] } })
      .value
    expect(d.list.map((r) => r.id).sort()).toEqual([deep1.id, deep2.id].sort())
    expect(d.list.every((r) => r.level === 2)).toBe(true)
    expect(d.path.map((s) => s.id)).toEqual([agent.id, sub.id])
  })
})

describe('transfers down', () => {
  it('sends a red envelope to two members in one movement, each with a notice', async () => {
    const before = await mainMinor(server, agent.token)
    const res = await transfer(agent, [
      { memberId: deep1.id, amount: '3.00' },
      { memberId: deep2.id, amount: '7.50' },
    ])
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as { value: { recipients: number; total: string } }).value).toMatchObject({
      recipients: 2,
      total: '10.50',
    })
    expect(await mainMinor(server, agent.token)).toBe(before - 1050n)
    expect(await mainMinor(server, deep1.token)).toBe(300n)
    expect(await mainMinor(server, deep2.token)).toBe(750n)
    const notices = await server.db.select().from(fundNotices).where(eq(fundNotices.memberId, deep2.id))
    expect(notices).toEqual([expect.objectContaining({ kind: 'transfer_from_upline', amount: 750n })])
  })

  it('refuses, moving nothing: a foreign member, the agent itself, duplicates, bad amounts, over the balance', async () => {
    const before = await mainMinor(server, agent.token)
    const cases: [{ memberId: number; amount: string }[], string][] = [
      [[{ memberId: stranger.id, amount: '1.00' }], 'downline_not_found'],
      [[{ memberId: agent.id, amount: '1.00' }], 'downline_not_found'],
      [
        [
          { memberId: direct.id, amount: '1.00' },
          { memberId: stranger.id, amount: '1.00' },
        ],
        'downline_not_found',
      ],
      [
        [
          { memberId: direct.id, amount: '1.00' },
          { memberId: direct.id, amount: '2.00' },
        ],
        'transfer_recipients_invalid',
      ],
      [[{ memberId: direct.id, amount: '0' }], 'amount_invalid'],
      [[{ memberId: direct.id, amount: '-1.00' }], 'amount_invalid'],
      [[{ memberId: direct.id, amount: '1.001' }], 'amount_invalid'],
      [[{ memberId: direct.id, amount: '4000.00' }], 'insufficient_balance'],
    ]
    for (const [shares, code] of cases) {
      const res = await transfer(agent, shares)
      expect(failureOf(res).errorCode, JSON.stringify(shares)).toBe(code)
    }
    expect(await mainMinor(server, agent.token)).toBe(before)
    expect(await mainMinor(server, stranger.token)).toBe(0n)
    // A sub-agent cannot send to its upline's other members.
    const up = await transfer(sub, [{ memberId: direct.id, amount: '1.00' }])
    expect(failureOf(up).errorCode).toBe('downline_not_found')
  })

  it('moves once for 20 identical requests, and never overdraws for 20 different ones', async () => {
    const before = await mainMinor(server, other.token)
    const key = newKey()
    const same = await Promise.all(
      Array.from({ length: 20 }, () => transfer(other, [{ memberId: stranger.id, amount: '1.00' }], key)),
    )
    expect(same.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0)
    expect(await mainMinor(server, other.token)).toBe(before - 100n)

    const many = await Promise.all(
      Array.from({ length: 20 }, () => transfer(other, [{ memberId: stranger.id, amount: '2.00' }])),
    )
    const ok = many.filter((r) => r.statusCode === 200).length
    const left = before - 100n - BigInt(ok) * 200n
    expect(left).toBeGreaterThanOrEqual(0n)
    expect(ok).toBe(4)
    expect(await mainMinor(server, other.token)).toBe(left)
    expect(
      many
        .filter((r) => r.statusCode !== 200)
        .every((r) => failureOf(r).errorCode === 'insufficient_balance'),
    ).toBe(true)
  })
})

describe('the team overview', () => {
  it('equals a direct computation over the ledger and the bets, the direct downline apart from the team', async () => {
    // Settled rounds for two members of the team, one of them later cancelled, and one unsettled.
    const at = new Date()
    await server.db
      .insert(betRecords)
      .values([
        bet(deep1.id, 'r1', 1_000n, 1_500n, 'SETTLED', at),
        bet(direct.id, 'r2', 2_000n, 0n, 'SETTLED', at),
        bet(direct.id, 'r3', 500n, 0n, 'UNSETTLED', at),
        bet(deep2.id, 'r4', 700n, 0n, 'SETTLED', at),
      ])
    await server.db.update(betRecords).set({ status: 'CANCELLED' }).where(eq(betRecords.betNo, 'r4'))
    await runOps(server, 'adjust', direct.username, '5.00', 'test credit')

    const res = await plainCall(server, 'GET', overviewUrl, { token: agent.token })
    expect(res.statusCode, res.body).toBe(200)
    const v = (res.json() as { value: Record<'direct' | 'team', Record<string, string | number>> }).value

    const expected = async (maxDepth: number) => {
      const rows = await server.db.execute(sql`
        with team as (
          select descendant_id as id from member_tree where ancestor_id = ${agent.id} and depth between 1 and ${maxDepth}
        )
        select
          (select count(*) from team)::int as members,
          (select coalesce(sum(valid_bet), 0) from bet_records where status = 'SETTLED' and member_id in (select id from team))::text as valid,
          (select coalesce(sum(payout - bet_amount), 0) from bet_records where status = 'SETTLED' and member_id in (select id from team))::text as pl,
          (select count(distinct member_id) from bet_records where status = 'SETTLED' and member_id in (select id from team))::int as active,
          (select coalesce(sum(p.amount), 0) from ledger_postings p join ledger_accounts a on a.id = p.account_id
             join ledger_transactions t on t.id = p.transaction_id
             where t.type = 'DEPOSIT' and a.member_id in (select id from team))::text as deposits`)
      const list =
        (rows as unknown as { rows?: Record<string, unknown>[] }).rows ??
        (rows as unknown as Record<string, unknown>[])
      return list[0] as { members: number; valid: string; pl: string; active: number; deposits: string }
    }
    for (const [part, depth] of [
      ['direct', 1],
      ['team', 99],
    ] as const) {
      const e = await expected(depth)
      const got = v[part]
      const minor = (m: unknown) => moneyToMinor(String(m), { decimals: 2 })
      expect(got.members, part).toBe(e.members)
      expect(got.activeMembers, part).toBe(e.active)
      expect(minor(got.validBets), part).toBe(BigInt(e.valid))
      expect(minor(got.profitLoss), part).toBe(BigInt(e.pl))
      expect(minor(got.deposits), part).toBe(BigInt(e.deposits))
    }
    expect(v.team.members).toBe(4)
    expect(v.direct.members).toBe(2)
    expect(v.team.validBets).toBe('30.00')
  })

  it('refuses a range backwards or longer than 93 days', async () => {
    for (const q of [
      'from=2026-03-10&to=2026-03-01',
      'from=2026-01-01&to=2026-06-01',
      'from=2026-02-30&to=2026-03-01',
    ]) {
      const res = await plainCall(server, 'GET', `${agentEndpoints.teamOverview.path}?period=range&${q}`, {
        token: agent.token,
      })
      expect(res.statusCode, q).toBe(400)
      expect(failureOf(res).errorCode).toBe('team_range_invalid')
    }
  })
})

function bet(
  memberId: number,
  betNo: string,
  stake: bigint,
  payout: bigint,
  status: 'SETTLED' | 'UNSETTLED',
  at: Date,
) {
  return {
    merchantCode: server.config.MERCHANT_CODE,
    memberId,
    betNo,
    productType: 'RNG',
    accountTypeId: 2,
    vendorName: 'test',
    gameName: 'test',
    betAmount: stake,
    validBet: stake,
    payout,
    status,
    betTime: at,
    settledTime: status === 'SETTLED' ? at : null,
  }
}

describe('reconcile', () => {
  it('finds the team figures equal to the postings and bets, and names a figure that drifts', async () => {
    expect((await reconcile(server.db)).statsDrift).toEqual([])
    await server.db.execute(
      sql`update member_daily_stats set valid_bet = valid_bet + 1 where member_id = ${direct.id}`,
    )
    const report = await reconcile(server.db)
    expect(report.ok).toBe(false)
    expect(report.statsDrift).toEqual([
      expect.objectContaining({ memberId: direct.id, figure: 'valid bets' }),
    ])
    expect(formatReconcile(report)).toContain(`team figures of member ${direct.id}: valid bets`)
    await server.db.execute(
      sql`update member_daily_stats set valid_bet = valid_bet - 1 where member_id = ${direct.id}`,
    )
  })
})

describe('the demo team', () => {
  it('gives agent01 two levels of members with three weeks of real figures that reconcile', async () => {
    const now = new Date()
    await seedDemoTeam(server.db, server.config.MERCHANT_CODE, now, server.services.passwords.hash)
    const token = await tokenOf(server, 'agent01', 'lotus123')
    const day = (ms: number) => new Date(now.getTime() + ms).toISOString().slice(0, 10)
    const url = `${agentEndpoints.teamOverview.path}?period=range&from=${day(-30 * 86_400_000)}&to=${day(86_400_000)}`
    const res = await plainCall(server, 'GET', url, { token })
    const v = valueOf(res, (x) => agentEndpoints.teamOverview.response.parse(x))
    expect(v.team.members).toBeGreaterThan(v.direct.members)
    expect(v.team.activeMembers).toBeGreaterThanOrEqual(5)
    expect(Number(v.team.validBets)).toBeGreaterThan(0)
    expect(Number(v.team.deposits)).toBeGreaterThan(0)
    expect(v.team.firstDeposits).toBeGreaterThanOrEqual(5)
    expect((await reconcile(server.db)).ok).toBe(true)
    // History brought in, not our vendors' rounds: the games' reconcile is untouched by it.
    expect((await reconcileGames(server.db, server.config.MERCHANT_CODE)).mismatches).toEqual([])
  })
})
