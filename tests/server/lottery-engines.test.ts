/**
 * Two draw engines on one database (two servers: on PostgreSQL each with its own pool):
 * racing the catch-up and the same issue's draw, every issue is drawn once and every
 * winner credited once; and the draw jobs: each new issue's draw is queued once for its
 * close, however many times it is offered.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { z } from 'zod'
import { lotteryBets, lotteryGames, lotteryIssues } from '#server/db/schema'
import { jobsSchema } from '#server/jobs/define-job'
import { createJobs, type Jobs } from '#server/jobs/jobs'
import { lotteryDraw, lotteryDrawJob, sendDrawsOf } from '#server/jobs/lottery-draws'
import { createLotteryEngine, type LotteryEngine } from '#server/lottery/engine'
import { reconcileLottery } from '#server/lottery/reconcile'
import { defaultBetTypeRules, defaultMaxPayout } from '#server/lottery/rules'
import { pointsEarnerOf } from '#server/loyalty/points/earn'
import { createLedger } from '#server/money/ledger'
import { reconcile } from '#server/money/ledger-reconcile'
import { openDatabase, type Database } from '#server/plugins/external/db'
import { build, type TestServer } from '../build-server'
import { createClock, day, minute } from '../identity-helpers'
import { near, orderOf, place } from '../lottery-helpers'
import { moneyMember } from '../money-helpers'
import { withDatabase } from '../setup/server-global-setup'

const clock = createClock(Date.UTC(2026, 10, 23, 5, 0, 10))
let server: TestServer
let other: { database: Database; close(): Promise<void> }
let a: LotteryEngine
let b: LotteryEngine

/** The second server's own connection to the same database (PGlite is one per process). */
async function sameDatabaseAgain() {
  if (server.database.kind === 'pglite') return { database: server.database, close: async () => undefined }
  const res = (await server.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: unknown
  }
  const [row] = z.array(z.object({ name: z.string() })).parse(res.rows)
  const database = await openDatabase({
    databaseUrl: withDatabase(inject('pgAdminUrl'), row!.name),
    poolMax: 6,
  })
  return { database, close: () => database.close() }
}

beforeAll(async () => {
  server = await build({ now: clock.now, poolMax: 8 })
  await server.db.update(lotteryGames).set({ createdAt: new Date(clock.now().getTime() - minute) })
  other = await sameDatabaseAgain()
  a = server.services.lottery
  b = createLotteryEngine({
    db: other.database.db,
    ledger: createLedger(other.database.db),
    points: pointsEarnerOf(other.database.db),
    now: clock.now,
  })
})
afterAll(async () => {
  await other?.close()
  await server?.close()
})

describe('two engines on one database', () => {
  it('draw each issue once and credit each winner once', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => moneyMember(server, '100.00', 'le')))
    const placed: string[] = []
    // Bets on two issues of the 1-minute game, then both engines race past the closes.
    for (let round = 0; round < 2; round++) {
      const n = await near(server, 'E5D1')
      const numero = n.current?.numero ?? ''
      placed.push(numero)
      for (const p of players) {
        orderOf(
          await place(server, p.token, {
            lottoGameCode: 'E5D1',
            numero,
            bets: [
              { betType: 'BIG_SMALL', pick: 'BIG', stake: '1' },
              { betType: 'BIG_SMALL', pick: 'SMALL', stake: '1' },
              { betType: 'POS_DIGIT', position: 3, digits: [0, 1, 2, 3, 4], stake: '1' },
            ],
          }),
        )
      }
      clock.advance(minute)
    }
    clock.advance(3 * minute)
    const game = await a.games.byCode(server.config.MERCHANT_CODE, 'E5D1')
    const issues = await Promise.all(placed.map((numero) => a.keeper.issues.byNumero(game!.row.id, numero)))
    const ids = issues.map((i) => i!.id)
    const results = await Promise.all([
      a.catchUp(),
      b.catchUp(),
      ...ids.flatMap((id) => [a.settlement.draw(id), b.settlement.draw(id)]),
    ])
    const drawOutcomes = results.slice(2) as { state: string }[]
    const catchUps = results.slice(0, 2) as { drawn: number }[]
    // Each issue of the bets: drawn exactly once across both engines' runs.
    const drawnHere = drawOutcomes.filter((r) => r.state === 'drawn').length
    expect(drawnHere + catchUps.reduce((s, r) => s + r.drawn, 0)).toBeGreaterThanOrEqual(ids.length)
    for (const id of ids) {
      const credits = await server.db.execute(
        sql`select reference, count(*)::int as n from ledger_transactions
            where reference like ${`lottery:${id}:%`} group by reference having count(*) > 1`,
      )
      expect((credits as unknown as { rows: unknown[] }).rows).toEqual([])
      const [row] = await server.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, id))
      expect(row?.status).toBe('DRAWN')
    }
    // Every player: 200 debited in stakes (2 rounds × 3 lines: 1 + 1 + 5 units), paid once.
    const paid = await server.db
      .select({ payout: sql<string>`coalesce(sum(${lotteryBets.payout}), 0)::text` })
      .from(lotteryBets)
      .where(and(eq(lotteryBets.gameId, game!.row.id), eq(lotteryBets.status, 'WON')))
    const house = await reconcileLottery(server.db, server.config.MERCHANT_CODE, clock.now())
    expect(house.mismatches).toEqual([])
    expect(house.ledger.paid).toBe(BigInt(paid[0]?.payout ?? '0').toString())
    expect((await reconcile(server.db)).ok).toBe(true)
    const pending = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lotteryIssues)
      .where(
        and(
          eq(lotteryIssues.status, 'OPEN'),
          sql`${lotteryIssues.closeAt} <= ${clock.now().toISOString()}::timestamptz`,
        ),
      )
    expect(pending[0]?.n).toBe(0)
  })
})

describe('draw jobs', () => {
  it('queue each new issue’s draw once, to start at its close', async () => {
    // A day ahead of the database's clock, so the queued draws wait for their close.
    const later = () => new Date(Date.now() + day)
    const c = createLotteryEngine({
      db: server.db,
      ledger: server.services.ledger,
      points: pointsEarnerOf(server.db),
      now: later,
    })
    await c.games.insert({
      merchantCode: server.config.MERCHANT_CODE,
      code: 'JOBS1',
      names: { en: 'Jobs 1 min' },
      prizeMode: 'ELOTT',
      kind: 'D5',
      groupCode: 'ELOTT',
      schedule: { type: 'interval', seconds: 60, timeZone: 'UTC' },
      rules: defaultBetTypeRules('D5', 2),
      maxPayout: defaultMaxPayout(2),
      createdAt: later(),
    })
    const jobs: Jobs = createJobs({
      database: server.database,
      jobs: [lotteryDrawJob(c)],
      log: server.app.log,
    })
    sendDrawsOf(c, () => jobs)
    await jobs.start()
    try {
      const game = await c.games.byCode(server.config.MERCHANT_CODE, 'JOBS1')
      const rows = await c.keeper.keepAhead(game!, later())
      expect(rows.length).toBeGreaterThanOrEqual(3)
      // Offered again (another server made the same issue): still one job per issue.
      for (const row of rows) {
        await jobs.send(
          lotteryDraw,
          { issueId: row.id },
          { startAfter: row.closeAt, singletonKey: `${row.merchantCode}:${row.gameId}:${row.numero}` },
        )
      }
      const res = await server.db.execute(
        sql.raw(
          `select singleton_key, start_after from ${jobsSchema}.job where name = 'lottery.draw' and singleton_key like '%:${game!.row.id}:%'`,
        ),
      )
      const queued = z
        .array(z.object({ singleton_key: z.string(), start_after: z.coerce.date() }))
        .parse((res as unknown as { rows: unknown }).rows)
      expect(queued).toHaveLength(rows.length)
      for (const row of rows) {
        const mine = queued.filter(
          (q) => q.singleton_key === `${row.merchantCode}:${row.gameId}:${row.numero}`,
        )
        expect(mine).toHaveLength(1)
        expect(mine[0]?.start_after.getTime()).toBe(row.closeAt.getTime())
      }
    } finally {
      await jobs.stop()
    }
  })
})

describe('two job runners', () => {
  it('race the same issue’s draw jobs and settle it once', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => moneyMember(server, '50.00', 'lj')))
    const n = await near(server, 'E5D5')
    const numero = n.current?.numero ?? ''
    for (const p of players) {
      orderOf(
        await place(server, p.token, {
          lottoGameCode: 'E5D5',
          numero,
          bets: [
            { betType: 'ODD_EVEN', pick: 'ODD', stake: '2' },
            { betType: 'ODD_EVEN', pick: 'EVEN', stake: '2' },
          ],
        }),
      )
    }
    const game = await a.games.byCode(server.config.MERCHANT_CODE, 'E5D5')
    const issue = await a.keeper.issues.byNumero(game!.row.id, numero)
    // Each runner's engine sees the issue closed; the jobs run at once.
    const closed = () => new Date((n.current?.closeAt ?? 0) + minute)
    const engineA = createLotteryEngine({
      db: server.db,
      ledger: server.services.ledger,
      points: pointsEarnerOf(server.db),
      now: closed,
    })
    const engineB = createLotteryEngine({
      db: other.database.db,
      ledger: createLedger(other.database.db),
      points: pointsEarnerOf(other.database.db),
      now: closed,
    })
    const runner = (database: Database, engine: LotteryEngine) =>
      createJobs({
        database,
        jobs: [lotteryDrawJob(engine)],
        log: server.app.log,
        pollingIntervalSeconds: 0.5,
      })
    const ra = runner(server.database, engineA)
    const rb = runner(other.database, engineB)
    await Promise.all([ra.start(), rb.start()])
    try {
      // Offered by both (dropped as one per key) and, as if keys had differed, once more each.
      const key = `${issue!.merchantCode}:${issue!.gameId}:${issue!.numero}`
      await Promise.all([
        ra.send(lotteryDraw, { issueId: issue!.id }, { singletonKey: key }),
        rb.send(lotteryDraw, { issueId: issue!.id }, { singletonKey: key }),
        ra.send(lotteryDraw, { issueId: issue!.id }, { singletonKey: `${key}:a` }),
        rb.send(lotteryDraw, { issueId: issue!.id }, { singletonKey: `${key}:b` }),
      ])
      const end = Date.now() + 20_000
      for (;;) {
        const [row] = await server.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issue!.id))
        const res = await server.db.execute(
          sql.raw(
            `select count(*)::int as n from ${jobsSchema}.job where name = 'lottery.draw' and state in ('created', 'retry', 'active') and data->>'issueId' = '${issue!.id}'`,
          ),
        )
        const left = z
          .array(z.object({ n: z.number() }))
          .parse((res as unknown as { rows: unknown }).rows)[0]?.n
        if (row?.status === 'DRAWN' && left === 0) break
        if (Date.now() > end) throw new Error('the draw jobs did not finish')
        await new Promise((r) => setTimeout(r, 100))
      }
    } finally {
      await Promise.all([ra.stop(), rb.stop()])
    }
    const credits = await server.db.execute(
      sql`select count(*)::int as n from ledger_transactions where reference like ${`lottery:${issue!.id}:%`}`,
    )
    // Every player wins exactly one of ODD and EVEN: one credit each, 2 × 1.96.
    expect(
      z.array(z.object({ n: z.number() })).parse((credits as unknown as { rows: unknown }).rows)[0]?.n,
    ).toBe(4)
    const ledger = server.services.ledger
    for (const p of players) {
      const wallet = await ledger.memberAccount(server.config.MERCHANT_CODE, p.id)
      expect(await ledger.balance(server.db, wallet)).toBe(5000n - 400n + 392n)
    }
    expect((await reconcileLottery(server.db, server.config.MERCHANT_CODE, closed())).mismatches).toEqual([])
  })
})
