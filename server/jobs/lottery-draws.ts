/**
 * The lottery's jobs. Each issue's draw is a job sent when the issue is made, to start at
 * its close, one per brand, game and numero (an exclusive queue keyed by them); the draw
 * itself is guarded by the issue's status, so a retry, a late run or another server's run
 * changes nothing twice. The catch-up job (every minute, and once at start) keeps the
 * issues ahead, makes the ones missed while no server ran and draws every issue past its
 * close still open, so an outage delays draws but skips none.
 */
import { z } from 'zod'
import type { LotteryEngine } from '../lottery/engine'
import { defineJob } from './define-job'
import type { Jobs } from './jobs'

export const lotteryDraw = {
  name: 'lottery.draw',
  payload: z.object({ issueId: z.number().int().positive() }),
}

export const lotteryCatchUp = {
  name: 'lottery.catch-up',
  payload: z.object({}),
}

export function lotteryDrawJob(engine: Pick<LotteryEngine, 'settlement'>) {
  return defineJob({
    ...lotteryDraw,
    policy: 'exclusive',
    // An early run (this server's clock behind the database's) is retried within seconds.
    retry: { limit: 8, delaySeconds: 2, backoff: true, maxDelaySeconds: 120 },
    timeoutSeconds: 300,
    async handler({ issueId }, { log }) {
      const r = await engine.settlement.draw(issueId)
      if (r.state === 'early') throw new Error(`issue ${issueId} is not closed yet`)
      if (r.state === 'drawn') {
        log.info(
          { issueId, numero: r.numero, bets: r.bets, winners: r.winners, paid: r.paid.toString() },
          'lottery issue drawn',
        )
      }
    },
  })
}

export function lotteryCatchUpJob(engine: Pick<LotteryEngine, 'catchUp'>) {
  return defineJob({
    ...lotteryCatchUp,
    schedule: { everySeconds: 60 },
    retry: { limit: 2, delaySeconds: 5, backoff: true, maxDelaySeconds: 60 },
    timeoutSeconds: 900,
    async handler(_payload, { log, signal }) {
      const r = await engine.catchUp(signal)
      if (r.missed > 0 || r.drawn > 0) log.info(r, 'lottery caught up')
    },
  })
}

/** Sends each new issue's draw job, to start at its close (issues already closed are the catch-up's). */
export function sendDrawsOf(engine: Pick<LotteryEngine, 'keeper' | 'now'>, jobs: () => Jobs): void {
  engine.keeper.onIssuesMade(async (rows) => {
    const at = engine.now().getTime()
    for (const row of rows) {
      if (row.closeAt.getTime() <= at) continue
      await jobs()
        .send(
          lotteryDraw,
          { issueId: row.id },
          { startAfter: row.closeAt, singletonKey: `${row.merchantCode}:${row.gameId}:${row.numero}` },
        )
        // Not started yet (a lobby read before the queue runs): the catch-up draws it.
        .catch(() => undefined)
    }
  })
}
