/**
 * Contract settlement of every kind and period kind against hand-computed tables (decision
 * 024; the hourly salary across New York's clock change is contracts-settlement-dst.test.ts):
 * dividends
 * by month (February's end), half-month and week with a winning sub-team's shortfall, the
 * real-time salary's 5-minute window by stake tier and outcome, and the operator's settle
 * command (its dry run, a period not closed yet, `--now` outside a demo).
 */
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractTerms } from '#contract/contracts'
import { agentContracts, contractPayments, merchants } from '#server/db/schema'
import { OpsError } from '#server/ops/commands'
import { build, runOps, type TestServer } from '../build-server'
import { settlementKit } from './contracts-settlement-kit'

let server: TestServer
let clock = new Date('2026-01-01T00:00:00Z')
let code: string

const { member, contract, round, table, zone, settleDue } = settlementKit(() => server)

beforeAll(async () => {
  server = await build({ now: () => clock })
  code = server.config.MERCHANT_CODE
  // The brand's zone is named at go-live and never changes: the kept figures count by it.
  await zone('Asia/Phnom_Penh')
})

afterAll(async () => {
  await server.close()
})

describe('dividends by month, half-month and week', () => {
  let monthly: number[]
  let half: number[]
  let weekly: number[]

  beforeAll(async () => {
    const since = '2026-01-20T00:00:00Z'
    // A month: top pays 10 %, 20 % from a loss of 10,000.00 with 2 active members; a 5 %,
    // 15 % from 5,000.00 with 1.
    const top = await member(1)
    const a = await member(2, top)
    const mA = await member(0, a)
    const mTop = await member(0, top)
    monthly = [
      await contract(
        null,
        top,
        {
          kind: 'dividend',
          period: 'monthly',
          tiers: [
            { from: 0, activeMembers: 0, rate: 100_000 },
            { from: 1_000_000, activeMembers: 2, rate: 200_000 },
          ],
        },
        since,
      ),
      await contract(
        top,
        a,
        {
          kind: 'dividend',
          period: 'monthly',
          tiers: [
            { from: 0, activeMembers: 0, rate: 50_000 },
            { from: 500_000, activeMembers: 1, rate: 150_000 },
          ],
        },
        since,
      ),
    ]
    // February in Phnom Penh: 01-31 17:00Z to 02-28 17:00Z. a's member loses 20,000.00 on
    // its last evening; top's own member wins 15,000.00 net; March's first hour is not February.
    await round(mA, 2_000_000n, 0n, '2026-02-28T16:00:00Z')
    await round(mTop, 1_000_000n, 2_500_000n, '2026-02-10T05:00:00Z')
    await round(mA, 5_000_000n, 0n, '2026-02-28T17:00:00Z')

    const top2 = await member(1)
    const m2 = await member(0, top2)
    half = [
      await contract(
        null,
        top2,
        { kind: 'dividend', period: 'semimonthly', tiers: [{ from: 0, activeMembers: 0, rate: 100_000 }] },
        since,
      ),
    ]
    // The 15th's last minute and the 16th's first.
    await round(m2, 1_000_000n, 0n, '2026-02-15T16:59:00Z')
    await round(m2, 3_000_000n, 0n, '2026-02-15T17:00:00Z')

    const top3 = await member(1)
    const m3 = await member(0, top3)
    weekly = [
      await contract(
        null,
        top3,
        { kind: 'dividend', period: 'weekly', tiers: [{ from: 0, activeMembers: 0, rate: 100_000 }] },
        since,
      ),
    ]
    // Sunday 02-22 23:30 and Monday 02-23 00:10 in Phnom Penh.
    await round(m3, 1_000_000n, 0n, '2026-02-22T16:30:00Z')
    await round(m3, 2_000_000n, 0n, '2026-02-22T17:10:00Z')

    clock = new Date('2026-02-28T17:02:00Z')
    await settleDue(['dividend'])
  })

  it('pays a month; a winning sub-team leaves the top agent nothing and the house the shortfall', async () => {
    const [top, a] = [monthly[0], monthly[1]]
    expect(top && a).toBeTruthy()
    const rows = await table(monthly)
    expect(rows.map((r) => r.slice(1))).toEqual(
      [
        // a: loss 20,000.00, 1 active → 15 % = 3,000.00.
        ['2026-01-31T17:00:00.000Z', '2026-02-28T17:00:00.000Z', 2_000_000n, 1, 300_000n, 0n, 300_000n, 0n],
        // top: loss 5,000.00 (20,000.00 less 15,000.00), 2 active, below 10,000.00 → 10 % = 500.00,
        // less a's 3,000.00: nothing, and 2,500.00 short.
        [
          '2026-01-31T17:00:00.000Z',
          '2026-02-28T17:00:00.000Z',
          500_000n,
          2,
          50_000n,
          300_000n,
          0n,
          250_000n,
        ],
      ].sort((x, y) => Number(x[4]) - Number(y[4])),
    )
    expect(await runOps(server, 'reconcile')).toMatch(/contract money reconciles/)
  })

  it('pays each half-month from the 1st to the 15th and the 16th to the month end', async () => {
    expect((await table(half)).map((r) => r.slice(1, 4))).toEqual([
      ['2026-01-31T17:00:00.000Z', '2026-02-15T17:00:00.000Z', 1_000_000n],
      ['2026-02-15T17:00:00.000Z', '2026-02-28T17:00:00.000Z', 3_000_000n],
    ])
  })

  it('pays weeks from Monday, and not the week still open', async () => {
    expect((await table(weekly)).map((r) => r.slice(1, 4))).toEqual([
      ['2026-02-15T17:00:00.000Z', '2026-02-22T17:00:00.000Z', 1_000_000n],
    ])
  })
})

describe('the real-time salary', () => {
  it('pays each bet of the window at the rate of its stake tier and outcome', async () => {
    const top = await member(1)
    const a = await member(2, top)
    const mA = await member(0, a)
    const ids = [
      await contract(
        null,
        top,
        {
          kind: 'realTimeSalary',
          tiers: [
            { from: 0, winRate: 1_000, lossRate: 5_000 },
            { from: 1_000_000, winRate: 2_000, lossRate: 10_000 },
          ],
        },
        '2026-11-20T09:58:00Z',
      ),
      await contract(
        top,
        a,
        { kind: 'realTimeSalary', tiers: [{ from: 0, winRate: 500, lossRate: 2_000 }] },
        '2026-11-20T09:58:00Z',
      ),
    ]
    await round(mA, 500_000n, 0n, '2026-11-20T10:00:00Z')
    await round(mA, 2_000_000n, 3_000_000n, '2026-11-20T10:02:00Z')
    // A bet paid back its stake: not lost.
    await round(mA, 1_000_000n, 1_000_000n, '2026-11-20T10:04:59Z')
    await round(mA, 8_000_000n, 0n, '2026-11-20T10:05:00Z')
    clock = new Date('2026-11-20T10:06:30Z')
    await settleDue(['realTimeSalary'])
    // a: lost 5,000.00 × 0.2 % + won 30,000.00 × 0.05 % = 10.00 + 15.00.
    // top: 5,000.00 × 0.5 % + 20,000.00 × 0.2 % + 10,000.00 × 0.2 % = 85.00, less a's 25.00.
    expect(await table(ids)).toEqual(
      [
        [
          top,
          '2026-11-20T10:00:00.000Z',
          '2026-11-20T10:05:00.000Z',
          3_500_000n,
          1,
          8_500n,
          2_500n,
          6_000n,
          0n,
        ],
        [a, '2026-11-20T10:00:00.000Z', '2026-11-20T10:05:00.000Z', 3_500_000n, 1, 2_500n, 0n, 2_500n, 0n],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    )
    const [row] = await server.db
      .select()
      .from(contractPayments)
      .where(eq(contractPayments.contractId, ids[0] ?? 0))
    expect([row?.wonStakes, row?.lostStakes, row?.rate]).toEqual([3_000_000n, 500_000n, null])
  })
})

describe('the operator settles', () => {
  it('shows a dry run of a period, refuses one still open and --now outside a demo', async () => {
    const top = await member(1)
    const m = await member(0, top)
    await contract(
      null,
      top,
      { kind: 'dailySalary', tiers: [{ from: 0, rate: 10_000 }] },
      '2026-12-01T00:00:00Z',
    )
    await round(m, 1_234_500n, 0n, '2026-12-02T03:00:00Z')
    const [who] = await server.db.select().from(merchants).where(eq(merchants.code, code))
    expect(who).toBeTruthy()
    const dry = await runOps(server, 'contract', 'settle', 'dailySalary', '2026-12-02', '--dry-run')
    expect(dry).toMatch(/would pay 1 contracts .*123\.45.*nothing paid/)
    expect(dry).toMatch(/12,345\.00/)
    await expect(runOps(server, 'contract', 'settle', 'dailySalary', '2026-12-02')).rejects.toThrow(
      /settled after it closes/,
    )
    await expect(
      runOps(server, 'contract', 'settle', 'dailySalary', 'due', '--now', '2026-12-03'),
    ).rejects.toThrow(OpsError)
    await expect(
      runOps(server, 'contract', 'settle', 'dailySalary', '2026-13-02', '--dry-run'),
    ).rejects.toThrow(/not a time/)
  })
})

describe('what time closes', () => {
  it('marks offers past their expiry expired and contracts past their end terminated, with their history', async () => {
    const top = await member(1)
    const a = await member(2, top)
    const b = await member(2, top)
    const terms: ContractTerms = { kind: 'dailySalary', tiers: [{ from: 0, rate: 1_000 }] }
    const [offer] = await server.db
      .insert(agentContracts)
      .values({
        merchantCode: code,
        kind: 'dailySalary',
        uplineId: top,
        downlineId: a,
        terms,
        status: 'offered',
        offeredAt: new Date('2026-12-01T00:00:00Z'),
        expiresAt: new Date('2026-12-08T00:00:00Z'),
        createdBy: 'test',
      })
      .returning({ id: agentContracts.id })
    const ending = await contract(top, b, terms, '2026-12-01T00:00:00Z')
    await server.db
      .update(agentContracts)
      .set({ endsAt: new Date('2026-12-05T17:00:00Z') })
      .where(eq(agentContracts.id, ending))
    clock = new Date('2026-12-05T17:00:00Z')
    expect(await server.app.contracts.life.sweep()).toEqual({ expired: 0, ended: 1 })
    clock = new Date('2026-12-08T00:00:00Z')
    expect(await server.app.contracts.life.sweep()).toEqual({ expired: 1, ended: 0 })
    const rows = await server.db
      .select({ id: agentContracts.id, status: agentContracts.status })
      .from(agentContracts)
      .where(inArray(agentContracts.id, [offer?.id ?? 0, ending]))
      .orderBy(agentContracts.id)
    expect(rows.map((r) => r.status)).toEqual(['expired', 'terminated'])
  })
})
