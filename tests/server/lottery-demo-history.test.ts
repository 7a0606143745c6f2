/**
 * A demo brand's first start gives its lottery games their recent results: a week of the
 * Vietnamese daily draws and an hour of the rest, each dated at its close and verifiable
 * from its published seed, while the issue open now stays open for bets.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DrawResultSchema } from '#contract/lottery'
import { lotteryIssues } from '#server/db/schema'
import { seedDemoHistory } from '#server/db/seed'
import { commitmentOf, drawFromSeed } from '#server/lottery/rng'
import { build, type TestServer } from '../build-server'
import { createClock, plainCall, valueOf } from '../identity-helpers'
import { near } from '../lottery-helpers'

// Monday 23 November 2026, 10:00:20 in Phnom Penh and Hanoi.
const clock = createClock(Date.UTC(2026, 10, 23, 3, 0, 20))
const day = 86_400_000
let server: TestServer

const Results = z.object({ list: z.array(DrawResultSchema) })

beforeAll(async () => {
  server = await build({ now: clock.now })
  await seedDemoHistory(server.db, server.config.MERCHANT_CODE, clock.now())
})
afterAll(async () => {
  await server?.close()
})

async function results(code: string, pageSize: number) {
  const res = await plainCall(
    server,
    'GET',
    `/lotto/lgw/games/opened/numero?lottoGameCode=${code}&pageSize=${pageSize}`,
  )
  return valueOf(res, (v) => Results.parse(v)).list
}

async function issueCount(): Promise<number> {
  return (await server.db.select({ id: lotteryIssues.id }).from(lotteryIssues)).length
}

describe('the demo lottery history', () => {
  it('shows the last week of the northern draw, each at 18:15 Hanoi time and verifiable from its seed', async () => {
    const north = await results('VN_MB', 20)
    expect(north).toHaveLength(7)
    const now = clock.now().getTime()
    for (const [i, r] of north.entries()) {
      expect(r.status).toBe('DRAWN')
      expect(r.closeAt).toBeLessThanOrEqual(now)
      expect(r.closeAt).toBeGreaterThan(now - 7 * day)
      // 18:15 in Hanoi is 11:15 UTC; newest first, a day apart.
      expect(new Date(r.closeAt).toISOString().slice(11, 16)).toBe('11:15')
      if (i > 0) expect(north[i - 1]!.closeAt - r.closeAt).toBe(day)
      expect(r.drawnAt).toBe(r.closeAt)
      const seed = r.seed ?? ''
      expect(commitmentOf(seed)).toBe(r.commitment)
      const drawn = drawFromSeed('VN_NORTH', seed, 'VN_MB', r.numero)
      expect(r.main).toBe(drawn.main)
      expect(r.prizes.reduce((n, p) => n + p.numbers.length, 0)).toBe(27)
    }

    // The region's page shows yesterday's draw as its latest.
    const vn = await plainCall(server, 'GET', '/lgw/vn/numeros/opened/game?gameGroupCode=NORTH')
    const latest = valueOf(vn, (v) => Results.parse(v)).list
    expect(latest.map((r) => [r.lottoGameCode, r.numero])).toEqual([['VN_MB', north[0]!.numero]])
  })

  it('gives the minute draw its last hour, and leaves the issue open now open for bets', async () => {
    const speed = await results('E5D1', 100)
    expect(speed).toHaveLength(60)
    expect(speed.every((r) => r.status === 'DRAWN' && /^\d{5}$/.test(r.main ?? ''))).toBe(true)
    expect(speed[0]!.closeAt).toBe(Date.UTC(2026, 10, 23, 3, 0, 0))

    const { current } = await near(server, 'E5D1')
    expect(current?.status).toBe('OPEN')
    expect(current?.closeAt).toBe(Date.UTC(2026, 10, 23, 3, 1, 0))
    const vn = await near(server, 'VN_MB')
    expect(vn.current?.status).toBe('OPEN')
    expect(vn.current?.closeAt).toBe(Date.UTC(2026, 10, 23, 11, 15, 0))
  })

  it('is made once: a second start adds nothing and redraws nothing', async () => {
    const before = await issueCount()
    const [first] = await results('VN_MB', 1)
    await seedDemoHistory(server.db, server.config.MERCHANT_CODE, new Date(clock.now().getTime() + day))
    expect(await issueCount()).toBe(before)
    const [row] = await server.db.select().from(lotteryIssues).where(eq(lotteryIssues.numero, first!.numero))
    expect(row?.seed).toBe(first!.seed)
  })
})
