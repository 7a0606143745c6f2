/**
 * Shared set-up of the server lottery suites: the app's clock in the test's hands (10:00:20
 * in Phnom Penh, so the 60-second game's issue closes at 10:01:00 local), the server built
 * on it, and the reads and moves the suites make on its issues and books.
 */
import { eq } from 'drizzle-orm'
import { lotteryGames, lotteryIssues } from '#server/db/schema'
import { reconcileLottery } from '#server/lottery/reconcile'
import { commitmentOf } from '#server/lottery/rng'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, type TestServer } from '../build-server'
import { createClock, minute, second } from '../identity-helpers'

export type Clock = ReturnType<typeof createClock>

/** 10:00:20 in Phnom Penh: the 60-second game's issue closes at 10:01:00 local. */
export function lotteryClock(): Clock {
  return createClock(Date.UTC(2026, 10, 23, 3, 0, 20))
}

/** The server on the clock, its demo games made a minute before it (as if seeded then). */
export async function buildLotteryServer(clock: Clock): Promise<TestServer> {
  const server = await build({ now: clock.now, poolMax: 8 })
  await server.db.update(lotteryGames).set({ createdAt: new Date(clock.now().getTime() - minute) })
  return server
}

/** The suites' helpers on the server the suite's beforeAll builds (read when called). */
export function lotteryTools(serverOf: () => TestServer, clock: Clock) {
  async function books() {
    const server = serverOf()
    const ledger = await reconcile(server.db)
    const lottery = await reconcileLottery(server.db, server.config.MERCHANT_CODE, clock.now())
    return { ledger: ledger.ok, lottery: lottery.ok, mismatches: lottery.mismatches }
  }

  async function issueRow(code: string, numero: string) {
    const server = serverOf()
    const game = await server.services.lottery.games.byCode(server.config.MERCHANT_CODE, code)
    const row = game && (await server.services.lottery.keeper.issues.byNumero(game.row.id, numero))
    if (!row) throw new Error(`no issue ${code} ${numero}`)
    return row
  }

  /** Fixes an open issue's seed (and its commitment), so its result and payouts are known. */
  async function fixSeed(code: string, numero: string, seed: string) {
    const issue = await issueRow(code, numero)
    await serverOf()
      .db.update(lotteryIssues)
      .set({ seed, commitment: commitmentOf(seed) })
      .where(eq(lotteryIssues.id, issue.id))
    return issue
  }

  /** Moves the clock past the issue's close and runs the catch-up (what the jobs do). */
  async function drawAfterClose(closeAt: number) {
    const now = clock.now().getTime()
    if (now <= closeAt) clock.advance(closeAt - now + second)
    return serverOf().services.lottery.catchUp()
  }

  return { books, issueRow, fixSeed, drawAfterClose }
}
