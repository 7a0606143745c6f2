/**
 * The lottery's draw engine as one service: its games, the issue keeper, settlement and
 * the catch-up run. The server makes one; two servers on one database each make their
 * own and still draw each issue once (settle.ts guards the issue row).
 */
import type { PointsEarner } from '../loyalty/points/earn'
import type { Ledger } from '../money/ledger'
import type { Db } from '../plugins/external/db'
import { createLotteryGamesRepository } from './games-repository'
import { createIssueKeeper } from './issues'
import { createSettlement } from './settle'

export interface CatchUpReport {
  /** Issues of slots that closed while no server ran, made now. */
  missed: number
  /** Issues drawn by this run. */
  drawn: number
}

export function createLotteryEngine(deps: { db: Db; ledger: Ledger; points: PointsEarner; now: () => Date }) {
  const games = createLotteryGamesRepository(deps.db)
  const keeper = createIssueKeeper({ db: deps.db, games, now: deps.now })
  const settlement = createSettlement({
    db: deps.db,
    ledger: deps.ledger,
    points: deps.points,
    games,
    now: deps.now,
  })

  return {
    games,
    keeper,
    settlement,
    now: deps.now,

    /**
     * Makes the issues missed while no server ran and those ahead, then draws every issue
     * past its close still open, oldest first. Safe beside another server doing the same.
     */
    async catchUp(signal?: AbortSignal): Promise<CatchUpReport> {
      const at = deps.now()
      const missed = await keeper.makeMissed(at)
      let drawn = 0
      const tried = new Set<number>()
      for (;;) {
        const due = (await keeper.issues.due(at, 200)).filter((d) => !tried.has(d.id))
        if (due.length === 0 || signal?.aborted) break
        for (const d of due) {
          tried.add(d.id)
          const r = await settlement.draw(d.id, at)
          if (r.state === 'drawn') drawn += 1
        }
      }
      return { missed, drawn }
    },
  }
}

export type LotteryEngine = ReturnType<typeof createLotteryEngine>
