/**
 * The payment history of each contract kind (decision 024) from the outside: an agent reads
 * what was paid to it (`mine`) and to its direct downline agents on the contracts it pays
 * (`downline`), newest period first, a page at a time with the sum of every match, narrowed
 * by the periods' start; never another tree's payments; members, guests and visitors are
 * refused; a kind switched off answers feature_disabled.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ContractPaymentHistorySchema,
  contractEndpointsByKind,
  contractKindFlags,
  contractKinds,
  contractPaymentScopes,
  type ContractKind,
  type ContractPaymentHistory,
  type ContractTerms,
} from '#contract/contracts'
import { periodAt } from '#server/contracts/periods'
import { agentContracts, betRecords, merchants } from '#server/db/schema'
import { build, resetAccessToSeed, runOps, type TestServer } from '../build-server'
import { createMember, failureOf, plainCall, tokenOf, valueOf } from '../identity-helpers'

let server: TestServer
/** After the three days paid; still the clock when they are settled and read. */
const clock = new Date('2026-11-13T00:00:00Z')
let code: string
const zone = 'Asia/Phnom_Penh'
const dayMs = 86_400_000

interface Account {
  id: number
  username: string
  token: string
}

let n = 0
async function account(type: number, parentId?: number): Promise<Account> {
  n += 1
  const username = `cp${type}x${n}${process.pid % 1000}`
  const row = await createMember(server, { username, password: 'lotus123', type, parentId })
  return { id: row.id, username: row.username, token: await tokenOf(server, username, 'lotus123') }
}

const daily = (rate: number): ContractTerms => ({ kind: 'dailySalary', tiers: [{ from: 0, rate }] })

async function contract(uplineId: number | null, downlineId: number, terms: ContractTerms) {
  const at = new Date('2026-11-05T00:00:00Z')
  await server.db.insert(agentContracts).values({
    merchantCode: code,
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

let bet = 0
async function round(memberId: number, stake: bigint, settled: Date) {
  bet += 1
  await server.db.insert(betRecords).values({
    merchantCode: code,
    memberId,
    betNo: `CP-${process.pid}-${bet}`,
    productType: 'RNG',
    accountTypeId: 2,
    vendorName: 'History',
    gameName: 'Slot',
    betAmount: stake,
    validBet: stake,
    payout: 0n,
    status: 'SETTLED',
    betTime: new Date(settled.getTime() - 30_000),
    settledTime: settled,
  })
}

function history(token: string | undefined, kind: ContractKind, query = '') {
  return plainCall(server, 'GET', `${contractEndpointsByKind[kind].payments.path}${query}`, { token })
}

async function read(
  who: Account,
  query: string,
  kind: ContractKind = 'dailySalary',
): Promise<ContractPaymentHistory> {
  return valueOf(await history(who.token, kind, query), (v) => ContractPaymentHistorySchema.parse(v))
}

// top ─┬─ a (agent) ─┬─ b (agent) ── mB
//      │             └─ mA
//      └─ member
// other (top agent) ── oA (agent) ── mO
let top: Account, a: Account, b: Account, member: Account, other: Account, oA: Account
let guestToken: string
/** The three days paid, 11-10 to 11-12 in Phnom Penh: each day's start. */
const days = [0, 1, 2].map((i) => new Date(Date.UTC(2026, 10, 9 + i, 17)))

beforeAll(async () => {
  server = await build({ now: () => clock })
  code = server.config.MERCHANT_CODE
  await server.db.update(merchants).set({ timeZone: zone }).where(eq(merchants.code, code))
  top = await account(1)
  a = await account(2, top.id)
  b = await account(2, a.id)
  member = await account(0, top.id)
  const mA = await account(0, a.id)
  const mB = await account(0, b.id)
  other = await account(1)
  oA = await account(2, other.id)
  const mO = await account(0, oA.id)
  const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
  guestToken = (guest.json() as { value: { token: string } }).value.token

  await contract(null, top.id, daily(8_000))
  await contract(top.id, a.id, daily(6_000))
  await contract(a.id, b.id, daily(2_000))
  await contract(null, other.id, daily(8_000))
  await contract(other.id, oA.id, daily(5_000))
  // Day i: b's member bets 10,000.00 × (i + 1), a's member 20,000.00, the other tree's 50,000.00.
  for (const [i, start] of days.entries()) {
    const noon = new Date(start.getTime() + 5 * 3_600_000)
    await round(mB.id, 1_000_000n * BigInt(i + 1), noon)
    await round(mA.id, 2_000_000n, noon)
    await round(mO.id, 5_000_000n, noon)
  }
  const [m] = await server.db.select().from(merchants).where(eq(merchants.code, code))
  if (!m) throw new Error('no brand')
  for (const start of days) {
    await server.app.contracts.settlement.settlePeriod(m, 'dailySalary', 'day', periodAt('day', zone, start))
  }
})

afterAll(async () => {
  await server?.close()
})

const figures = (p: ContractPaymentHistory) =>
  p.payments.list.map((x) => [
    x.agentAccount,
    x.periodStart,
    x.measure,
    x.rate,
    x.pay,
    x.downlinePay,
    x.amount,
  ])

describe('the payment history', () => {
  it('gives an agent its own payments, newest first, each with what it was counted from, and their sum', async () => {
    const v = await read(a, '?scope=mine')
    // a's team: b's member and a's own, (10,000.00 × (i + 1) + 20,000.00) at 0.6 %, less b's 0.2 % of its part.
    expect(figures(v)).toEqual([
      [a.username, days[2]?.getTime(), '50000.00', 6_000, '300.00', '60.00', '240.00'],
      [a.username, days[1]?.getTime(), '40000.00', 6_000, '240.00', '40.00', '200.00'],
      [a.username, days[0]?.getTime(), '30000.00', 6_000, '180.00', '20.00', '160.00'],
    ])
    expect(
      v.payments.list.every((p) => p.kind === 'dailySalary' && p.unit === 'day' && p.shortfall === '0.00'),
    ).toBe(true)
    expect(v.payments.list[0]?.periodEnd).toBe((days[2]?.getTime() ?? 0) + dayMs)
    expect([v.payments.total, v.sum, v.timeZone]).toEqual([3, '600.00', zone])
    // mine is the default scope.
    expect(await read(a, '')).toEqual(v)
  })

  it("gives an agent its direct downline agents' payments on the contracts it pays, and no one else's", async () => {
    const ofA = await read(a, '?scope=downline')
    expect(ofA.payments.list.map((p) => [p.agentAccount, p.amount])).toEqual([
      [b.username, '60.00'],
      [b.username, '40.00'],
      [b.username, '20.00'],
    ])
    expect(ofA.sum).toBe('120.00')
    // top pays a's contract: a's payments, not b's (which a pays).
    const ofTop = await read(top, '?scope=downline')
    expect(new Set(ofTop.payments.list.map((p) => p.agentId))).toEqual(new Set([a.id]))
    expect(ofTop.sum).toBe('600.00')
    // top's own: 0.8 % of the whole team less a's pay.
    expect((await read(top, '?scope=mine')).payments.list.map((p) => p.amount)).toEqual([
      '100.00',
      '80.00',
      '60.00',
    ])
    // b pays no one.
    expect(await read(b, '?scope=downline')).toEqual({
      payments: { list: [], total: 0, pageNo: 1, pageSize: 20 },
      sum: '0.00',
      timeZone: zone,
    })
    // Another kind's history holds none of these.
    expect((await read(a, '?scope=mine', 'dividend')).payments.total).toBe(0)
  })

  it('pages, with the count and the sum of every match on each page, even past the end', async () => {
    const first = await read(a, '?scope=mine&pageSize=2&pageNo=1')
    const second = await read(a, '?scope=mine&pageSize=2&pageNo=2')
    const past = await read(a, '?scope=mine&pageSize=2&pageNo=5')
    expect([first, second, past].map((p) => [p.payments.list.length, p.payments.total, p.sum])).toEqual([
      [2, 3, '600.00'],
      [1, 3, '600.00'],
      [0, 3, '600.00'],
    ])
    expect([...first.payments.list, ...second.payments.list].map((p) => p.id)).toEqual(
      (await read(a, '?scope=mine')).payments.list.map((p) => p.id),
    )
  })

  it('narrows to the periods starting in [startTime, endTime), and sums only those', async () => {
    const [d0, d1, d2] = days.map((d) => d.getTime()) as [number, number, number]
    const one = await read(a, `?scope=mine&startTime=${d1}&endTime=${d2}`)
    expect(figures(one).map((f) => f[1])).toEqual([d1])
    expect(one.sum).toBe('200.00')
    const from = await read(a, `?scope=downline&startTime=${d1}`)
    expect([from.payments.total, from.sum]).toEqual([2, '100.00'])
    const until = await read(top, `?scope=mine&endTime=${d1}`)
    expect(figures(until).map((f) => f[1])).toEqual([d0])
    expect((await read(a, `?scope=mine&startTime=${d2 + dayMs}`)).sum).toBe('0.00')
  })

  it("never shows another tree's payments, in either scope", async () => {
    const ours = new Set<number>()
    for (const who of [top, a, b]) {
      for (const scope of contractPaymentScopes) {
        for (const p of (await read(who, `?scope=${scope}`)).payments.list) ours.add(p.id)
      }
    }
    const theirs = new Set<number>()
    for (const who of [other, oA]) {
      for (const scope of contractPaymentScopes) {
        const v = await read(who, `?scope=${scope}`)
        // oA pays no one: its downline's history is empty.
        expect(v.payments.total, `${who.username} ${scope}`).toBe(who === oA && scope === 'downline' ? 0 : 3)
        for (const p of v.payments.list) {
          theirs.add(p.id)
          expect([other.id, oA.id]).toContain(p.agentId)
        }
      }
    }
    expect([...ours].filter((id) => theirs.has(id))).toEqual([])
    // A sub-agent does not see what its upline is paid, nor the upline's other payees.
    expect((await read(b, '?scope=mine')).payments.list.every((p) => p.agentId === b.id)).toBe(true)
  })
})

describe('who may read the payment history', () => {
  it.each(contractKinds)('%s: a visitor, a guest and a member are refused', async (kind) => {
    await runOps(server, 'flag', 'set', contractKindFlags[kind], 'on')
    try {
      expect((await history(undefined, kind)).statusCode).toBe(401)
      expect(failureOf(await history(guestToken, kind)).errorCode).toBe('in_need_true_account')
      expect(failureOf(await history(member.token, kind, '?scope=downline')).errorCode).toBe(
        'error_not_agent',
      )
      expect((await history(top.token, kind)).statusCode).toBe(200)
    } finally {
      await resetAccessToSeed(server)
    }
  })

  it.each(contractKinds)('%s: switched off, the history answers feature_disabled', async (kind) => {
    await runOps(server, 'flag', 'set', contractKindFlags[kind], 'off')
    try {
      const res = await history(top.token, kind, '?scope=mine')
      expect(failureOf(res).errorCode).toBe('feature_disabled')
    } finally {
      await resetAccessToSeed(server)
    }
  })
})
