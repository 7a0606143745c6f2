/**
 * The monthly VIP evaluation (decision 030 section 5) of a hand-computed month, October 2026
 * in America/New_York: the month ends at 00:00 EDT on 1 November (04:00 UTC), the night
 * daylight saving ends, so an upgrade at 00:30 EDT is after the month's end and one at 23:30
 * EDT on 31 October before it. Two runs at once change each member once; a rerun and the
 * operator's command change nobody again.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberDailyStats, memberVip, memberVipChanges, vipEvaluations } from '#server/db/schema'
import { monthPeriod } from '#server/loyalty/vip/evaluate'
import { vipServicesOf } from '#server/loyalty/vip/service-of'
import type { MerchantRow } from '#server/money/common'
import { merchantByCode } from '#server/system/brands-repository'
import { build, runOps, type TestServer } from '../build-server'
import { createMember } from '../identity-helpers'

let server: TestServer
let m: MerchantRow
const tz = 'America/New_York'
const clock = () => new Date('2026-11-02T12:00:00Z')
const ids: Record<string, number> = {}

/**
 * The demo's levels (server/loyalty/vip/seed.ts), whole dollars: keep Silver 2,000, Gold
 * 8,000, Platinum 30,000; total Silver 50,000 + 5,000 deposits, Gold 200,000 + 20,000.
 *
 *   name   rank at end (change)           Oct bets  other days              → new rank
 *   kept   Gold (Sep 20)                  9,000                                Gold (3)
 *   drop   Gold (Sep 20)                  3,000     Nov 1: 10,000 (not Oct)    Silver (2)
 *   base   Silver (Oct 5)                   500                                Bronze (1)
 *   held   Platinum (Aug 1)               1,000     Sep: 250,000 + 25,000 dep  Gold (3, by total)
 *   after  Silver (Oct 5), Gold Nov 1 00:30 EDT  0                             Gold (3, upgraded after)
 *   late   Gold Oct 31 23:30 EDT            500                                Bronze (1)
 *   penal  Platinum (Aug 1), operator      9,000     Sep: 250,000 + 25,000 dep  Silver (2: the total
 *          → Silver Oct 20                                                     counts after Oct 20)
 */
interface Fixture {
  rank: number
  changes: [at: string, from: number, to: number, reason: 'upgrade' | 'operator'][]
  stats: [day: string, validBet: number, deposits: number][]
  expected: number
}

const table: Record<string, Fixture> = {
  kept: {
    rank: 3,
    changes: [['2026-09-20T12:00:00Z', 1, 3, 'upgrade']],
    stats: [['2026-10-10', 9_000, 0]],
    expected: 3,
  },
  drop: {
    rank: 3,
    changes: [['2026-09-20T12:00:00Z', 1, 3, 'upgrade']],
    stats: [
      ['2026-10-31', 3_000, 0],
      ['2026-11-01', 10_000, 0],
    ],
    expected: 2,
  },
  base: {
    rank: 2,
    changes: [['2026-10-05T12:00:00Z', 1, 2, 'upgrade']],
    stats: [['2026-10-06', 500, 0]],
    expected: 1,
  },
  held: {
    rank: 4,
    changes: [['2026-08-01T12:00:00Z', 1, 4, 'upgrade']],
    stats: [
      ['2026-09-15', 250_000, 25_000],
      ['2026-10-15', 1_000, 0],
    ],
    expected: 3,
  },
  after: {
    rank: 3,
    changes: [
      ['2026-10-05T12:00:00Z', 1, 2, 'upgrade'],
      ['2026-11-01T04:30:00Z', 2, 3, 'upgrade'],
    ],
    stats: [],
    expected: 3,
  },
  penal: {
    rank: 2,
    changes: [
      ['2026-08-01T12:00:00Z', 1, 4, 'upgrade'],
      ['2026-10-20T12:00:00Z', 4, 2, 'operator'],
    ],
    stats: [
      ['2026-09-15', 250_000, 25_000],
      ['2026-10-25', 9_000, 0],
    ],
    expected: 2,
  },
  late: {
    rank: 3,
    changes: [['2026-11-01T03:30:00Z', 1, 3, 'upgrade']],
    stats: [['2026-10-31', 500, 0]],
    expected: 1,
  },
}

beforeAll(async () => {
  server = await build()
  const brand = await merchantByCode(server.db, server.config.MERCHANT_CODE)
  if (!brand) throw new Error('no brand')
  m = { ...brand, timeZone: tz }
  for (const [name, f] of Object.entries(table)) {
    const row = await createMember(server, {
      username: `vipm${name}${process.pid % 1000}`,
      password: 'lotus123',
    })
    ids[name] = row.id
    await server.db.insert(memberVip).values({
      memberId: row.id,
      merchantCode: m.code,
      rank: f.rank,
      since: new Date('2026-08-01T00:00:00Z'),
    })
    for (const [at, from, to, reason] of f.changes) {
      await server.db.insert(memberVipChanges).values({
        memberId: row.id,
        merchantCode: m.code,
        fromRank: from,
        toRank: to,
        reason,
        at: new Date(at),
        by: 'test',
      })
    }
    for (const [day, bet, dep] of f.stats) {
      await server.db.insert(memberDailyStats).values({
        memberId: row.id,
        merchantCode: m.code,
        day,
        validBet: BigInt(bet) * 100n,
        deposits: BigInt(dep) * 100n,
      })
    }
  }
})

afterAll(async () => {
  await server?.close()
})

async function ranks() {
  const out: Record<string, number> = {}
  for (const [name, id] of Object.entries(ids)) {
    const [r] = await server.db.select().from(memberVip).where(eq(memberVip.memberId, id))
    out[name] = r?.rank ?? 1
  }
  return out
}

async function monthlyChanges() {
  const rows = await server.db
    .select()
    .from(memberVipChanges)
    .where(
      and(
        eq(memberVipChanges.reason, 'monthly'),
        sql`${memberVipChanges.memberId} = any(${`{${Object.values(ids).join(',')}}`}::int[])`,
      ),
    )
  return rows
}

describe('the monthly evaluation', () => {
  it('ends October at 00:00 EDT on 1 November (04:00 UTC)', () => {
    const p = monthPeriod(tz, '2026-10')
    expect(p?.start.toISOString()).toBe('2026-10-01T04:00:00.000Z')
    expect(p?.end.toISOString()).toBe('2026-11-01T04:00:00.000Z')
    expect(monthPeriod(tz, '2026-13')).toBeNull()
  })

  it('a dry run lists the hand-computed changes and writes nothing', async () => {
    // Two members a chunk: the dry run pages through them all.
    const { evaluation } = vipServicesOf(server.db, { now: clock, chunkSize: 2 })
    const p = monthPeriod(tz, '2026-10')
    if (!p) throw new Error('no month')
    const dry = await evaluation.month(m, p, true)
    const changed = Object.fromEntries(
      dry.changes.filter((c) => Object.values(ids).includes(c.memberId)).map((c) => [c.memberId, c.toRank]),
    )
    for (const [name, f] of Object.entries(table)) {
      const id = ids[name] ?? 0
      expect([name, changed[id] ?? f.rank]).toEqual([name, f.expected])
    }
    expect(await monthlyChanges()).toHaveLength(0)
    expect(await server.db.select().from(vipEvaluations)).toHaveLength(0)
  })

  it('two runs at once change each member once, as the table says', async () => {
    const p = monthPeriod(tz, '2026-10')
    if (!p) throw new Error('no month')
    const a = vipServicesOf(server.db, { now: clock, chunkSize: 2 }).evaluation
    const b = vipServicesOf(server.db, { now: clock, chunkSize: 2 }).evaluation
    await Promise.all([a.month(m, p), b.month(m, p)])
    const expected = Object.fromEntries(Object.entries(table).map(([n, f]) => [n, f.expected]))
    expect(await ranks()).toEqual(expected)
    const changes = await monthlyChanges()
    const changedNames = Object.entries(table).filter(([, f]) => f.expected !== f.rank)
    expect(changes).toHaveLength(changedNames.length)
    for (const [name, f] of changedNames) {
      expect(changes.filter((c) => c.memberId === ids[name])).toEqual([
        expect.objectContaining({ fromRank: f.rank, toRank: f.expected, period: '2026-10', by: 'system' }),
      ])
    }
    const marked = await server.db
      .select()
      .from(memberVip)
      .where(sql`${memberVip.memberId} = any(${`{${Object.values(ids).join(',')}}`}::int[])`)
    expect(marked.every((r) => r.evaluatedPeriod === '2026-10')).toBe(true)
    expect(
      await server.db.select().from(vipEvaluations).where(eq(vipEvaluations.period, '2026-10')),
    ).toHaveLength(1)
  })

  it('a rerun changes nobody, and the due months skip the done one', async () => {
    const { evaluation } = vipServicesOf(server.db, { now: clock })
    const p = monthPeriod(tz, '2026-10')
    if (!p) throw new Error('no month')
    const again = await evaluation.month(m, p)
    expect(again.changes).toHaveLength(0)
    expect(await monthlyChanges()).toHaveLength(
      Object.values(table).filter((f) => f.expected !== f.rank).length,
    )
    const due = (await evaluation.dueMonths(m)).map((q) => q.start.toISOString())
    expect(due).not.toContain(p.start.toISOString())
    expect(due).toHaveLength(2)
  })

  it('the operator’s command answers a done month, an open month and a bad one', async () => {
    expect(await runOps(server, 'vip', 'evaluate', '2026-10')).toMatch(/^2026-10 was evaluated already/)
    await expect(runOps(server, 'vip', 'evaluate', '2099-01')).rejects.toThrow(/has not closed yet/)
    await expect(runOps(server, 'vip', 'evaluate', 'October')).rejects.toThrow(/the month is YYYY-MM/)
  })
})
