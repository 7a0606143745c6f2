/**
 * Contract settlement (decision 024) over a three-level tree of agents with fixed rounds: each
 * kind pays exactly the hand-computed table (pay by differences: the house pays the top
 * agent's own contract on its whole team, once), through the ledger, with a notice per
 * payment; a rerun and two runs at once pay each contract's period once; reconcile is clean.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractTerms } from '#contract/contracts'
import { periodAt } from '#server/contracts/periods'
import { agentContracts, betRecords, contractPayments, fundNotices, merchants } from '#server/db/schema'
import { seedDemoTeam } from '#server/db/seed'
import { rowsOf } from '#server/plugins/external/db'
import { build, runOps, type TestServer } from '../build-server'
import { createMember } from '../identity-helpers'

let server: TestServer
let clock = new Date('2026-11-01T00:00:00Z')
let code: string
const zone = 'Asia/Phnom_Penh'

let n = 0
async function member(type: number, parentId?: number): Promise<number> {
  n += 1
  const row = await createMember(server, {
    username: `st${type}x${n}${process.pid % 1000}`,
    password: 'lotus123',
    type,
    parentId,
  })
  return row.id
}

/** A contract accepted at `at` (the life of a contract is the lifecycle test's). */
async function contract(uplineId: number | null, downlineId: number, terms: ContractTerms, at: Date) {
  const [row] = await server.db
    .insert(agentContracts)
    .values({
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
    .returning({ id: agentContracts.id })
  if (!row) throw new Error('contract not written')
  return row.id
}

let bet = 0
/** A settled round (history: no vendor session), counted by the kept figures' triggers. */
async function round(memberId: number, stake: bigint, payout: bigint, settled: string, valid = stake) {
  bet += 1
  await server.db.insert(betRecords).values({
    merchantCode: code,
    memberId,
    betNo: `ST-${process.pid}-${bet}`,
    productType: 'RNG',
    accountTypeId: 2,
    vendorName: 'History',
    gameName: 'Slot',
    betAmount: stake,
    validBet: valid,
    payout,
    status: 'SETTLED',
    betTime: new Date(new Date(settled).getTime() - 30_000),
    settledTime: new Date(settled),
  })
}

async function paymentsOf(contractIds: number[]) {
  const rows = await server.db
    .select()
    .from(contractPayments)
    .where(inArray(contractPayments.contractId, contractIds))
    .orderBy(contractPayments.periodStart, contractPayments.id)
  return rows
}

const settlement = () => server.app.contracts.settlement
const merchant = async () => {
  const [m] = await server.db.select().from(merchants).where(eq(merchants.code, code))
  if (!m) throw new Error('no brand')
  return m
}

beforeAll(async () => {
  server = await build({ now: () => clock })
  code = server.config.MERCHANT_CODE
  await server.db.update(merchants).set({ timeZone: zone }).where(eq(merchants.code, code))
})

afterAll(async () => {
  await server.close()
})

// top ─┬─ a (agent) ─┬─ b (agent) ── mB
//      │             └─ mA
//      └─ mTop
describe('a daily salary over three levels', () => {
  let top: number, a: number, b: number, mTop: number, mA: number, mB: number
  let ids: number[]

  beforeAll(async () => {
    top = await member(1)
    a = await member(2, top)
    b = await member(2, a)
    mTop = await member(0, top)
    mA = await member(0, a)
    mB = await member(0, b)
    const since = new Date('2026-11-05T00:00:00Z')
    ids = [
      await contract(
        null,
        top,
        {
          kind: 'dailySalary',
          tiers: [
            { from: 0, rate: 5_000 },
            { from: 10_000_000, rate: 8_000 },
          ],
        },
        since,
      ),
      await contract(
        top,
        a,
        {
          kind: 'dailySalary',
          tiers: [
            { from: 0, rate: 3_000 },
            { from: 10_000_000, rate: 6_000 },
          ],
        },
        since,
      ),
      await contract(a, b, { kind: 'dailySalary', tiers: [{ from: 0, rate: 2_000 }] }, since),
    ]
    // 2026-11-10 in Phnom Penh (UTC+7) runs from 11-09 17:00 to 11-10 17:00 UTC.
    await round(mB, 5_000_000n, 0n, '2026-11-09T17:00:00Z')
    await round(mA, 5_000_000n, 9_000_000n, '2026-11-10T08:00:00Z')
    await round(mTop, 5_000_000n, 1_000_000n, '2026-11-10T16:59:59Z')
    // b's own round counts in a's and top's teams, not in b's own.
    await round(b, 1_000_000n, 0n, '2026-11-10T12:00:00Z')
    // The next day's round is not this day's.
    await round(mB, 7_000_000n, 0n, '2026-11-10T17:00:00Z')
    // A round settled as cancelled counts nothing.
    await server.db.execute(
      sql`update bet_records set status = 'CANCELLED' where bet_no = ${`ST-${process.pid}-${bet}`}`,
    )
  })

  it('pays each agent its own rate on its team less what its downline agents take', async () => {
    const m = await merchant()
    const period = periodAt('day', zone, new Date('2026-11-10T05:00:00Z'))
    expect(period.start.toISOString()).toBe('2026-11-09T17:00:00.000Z')
    const dry = await settlement().settlePeriod(m, 'dailySalary', 'day', period, { dryRun: true })
    expect(dry.written).toBe(0)
    expect(await paymentsOf(ids)).toEqual([])

    clock = new Date('2026-11-11T00:00:00Z')
    const r = await settlement().settlePeriod(m, 'dailySalary', 'day', period)
    const table = (await paymentsOf(ids)).map((p) => [
      p.agentId,
      p.measure,
      p.rate,
      p.pay,
      p.downlinePay,
      p.amount,
    ])
    // b: 50,000.00 × 0.2 % = 100.00; a: 110,000.00 × 0.6 % = 660.00 less 100.00;
    // top: 160,000.00 × 0.8 % = 1,280.00 less a's 660.00. The house pays 1,280.00 in all.
    expect(table).toEqual(
      [
        [top, 16_000_000n, 8_000, 128_000n, 66_000n, 62_000n],
        [a, 11_000_000n, 6_000, 66_000n, 10_000n, 56_000n],
        [b, 5_000_000n, 2_000, 10_000n, 0n, 10_000n],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    )
    expect(dry.payments.map((p) => p.amount).sort()).toEqual(r.payments.map((p) => p.amount).sort())
    expect(r.paid).toBe(128_000n)

    // Each payment is a ledger movement into the agent's main wallet, with its notice.
    const moved = await server.db.execute(sql`
      select t.type, t.member_id, p.amount from ledger_transactions t
      join ledger_postings p on p.transaction_id = t.id
      join ledger_accounts a on a.id = p.account_id and a.member_id is not null
      join contract_payments c on c.transaction_id = t.id
      where c.contract_id = any(${`{${ids.join(',')}}`}::int[]) order by t.member_id`)
    expect(
      rowsOf<Record<string, unknown>>(moved).map((x) => [
        x.type,
        Number(x.member_id),
        BigInt(String(x.amount)),
      ]),
    ).toEqual(
      [
        ['SALARY', top, 62_000n],
        ['SALARY', a, 56_000n],
        ['SALARY', b, 10_000n],
      ].sort((x, y) => Number(x[1]) - Number(y[1])),
    )
    const notices = await server.db
      .select({ memberId: fundNotices.memberId, amount: fundNotices.amount, reason: fundNotices.reason })
      .from(fundNotices)
      .where(and(eq(fundNotices.kind, 'contract_paid'), inArray(fundNotices.memberId, [top, a, b])))
    expect(notices.map((x) => [x.memberId, x.amount, x.reason]).sort()).toEqual(
      [
        [top, 62_000n, 'dailySalary'],
        [a, 56_000n, 'dailySalary'],
        [b, 10_000n, 'dailySalary'],
      ].sort(),
    )
  })

  it('pays nothing twice: a rerun and twenty runs at once leave the one payment each', async () => {
    const m = await merchant()
    const period = periodAt('day', zone, new Date('2026-11-10T05:00:00Z'))
    const again = await Promise.all(
      Array.from({ length: 20 }, () => settlement().settlePeriod(m, 'dailySalary', 'day', period)),
    )
    expect(again.reduce((s, r) => s + r.written, 0)).toBe(0)
    expect((await paymentsOf(ids)).length).toBe(3)
    expect(await runOps(server, 'reconcile')).toMatch(
      /contract money reconciles for \w+: 3 payments, paid 128000/,
    )
  })

  it('catches up every closed day since the first contract, and only closed ones', async () => {
    // On 11-12 at 00:30 local the 11th closed half an hour ago: settled, with every day before.
    clock = new Date('2026-11-11T17:30:00Z')
    await settlement().settleDue(['dailySalary'])
    const marks = await server.db.execute(sql`
      select period_start from contract_settlements
      where merchant_code = ${code} and kind = 'dailySalary' order by period_start`)
    // From the day the first contract was accepted (11-05 local) to the 11th.
    expect(
      rowsOf<Record<string, unknown>>(marks).map((r) => new Date(String(r.period_start)).toISOString()),
    ).toEqual(Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 4 + i, 17)).toISOString()))
    // Days without rounds (the 11th's round was cancelled) pay nothing and write no payment.
    expect(new Set((await paymentsOf(ids)).map((p) => p.periodStart.toISOString()))).toEqual(
      new Set(['2026-11-09T17:00:00.000Z']),
    )
    // The 12th is not closed yet.
    clock = new Date('2026-11-12T16:59:00Z')
    expect(await settlement().settleDue(['dailySalary'])).toEqual([])
  })
})

describe('the demo', () => {
  it('shows real payment history: every house contract of agent01 and agent02’s daily salary are paid', async () => {
    clock = new Date('2026-11-20T05:00:00Z')
    await seedDemoTeam(server.db, code, clock, server.services.passwords.hash)
    clock = new Date('2026-11-20T06:00:00Z')
    await settlement().settleDue()
    const rows = await server.db.execute(sql`
      select m.username, p.kind, count(*)::int as n, sum(p.amount)::text as paid
      from contract_payments p join members m on m.id = p.agent_id
      where m.username in ('agent01', 'agent02') group by 1, 2 order by 1, 2`)
    const paid = rowsOf<{ username: string; kind: string; n: number; paid: string }>(rows)
    expect(paid.map((r) => `${r.username} ${r.kind}`)).toEqual([
      'agent01 dailySalary',
      'agent01 dividend',
      'agent01 hourlySalary',
      'agent01 realTimeSalary',
      'agent02 dailySalary',
    ])
    expect(paid.every((r) => r.n > 0)).toBe(true)
    expect(await runOps(server, 'reconcile')).toMatch(/contract money reconciles/)
  })
})
