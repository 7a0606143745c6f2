/**
 * Keeping issues: each enabled game has its current issue and the next few made ahead,
 * each with its seed and the seed's commitment, and every issue made gets its draw job
 * (sent by whoever made it: the schedule job, a bet or a lobby read). The catch-up run
 * (at start and every minute) makes the issues of slots that closed while no server ran
 * and draws every issue past its close still open, so no draw is skipped.
 */
import type { LotterySchedule } from '#contract/lottery'
import type { Db } from '../plugins/external/db'
import { type LotteryGame, type LotteryGamesRepository } from './games-repository'
import { createIssuesRepository, type IssueRow, type SlotTimes } from './issues-repository'
import { currentSlot, slotOf, slotsClosingBetween, slotsFrom, type IssueSlot } from './schedule'

/** How far back a catch-up run makes missed issues (a longer outage starts from here). */
export const catchUpDays = 7
/** Issues made ahead cover at least this long, so a late schedule run never leaves a gap. */
const aheadMs = 4 * 60_000

/** The schedule's slot open at `at` (the next one to close after it). */
export function slotAt(schedule: LotterySchedule, at: Date): SlotTimes {
  return times(currentSlot(schedule, at))
}

/** The slot named by a numero, when the schedule has one. */
export function slotNamed(schedule: LotterySchedule, numero: string): SlotTimes | undefined {
  const s = slotOf(schedule, numero)
  return s ? times(s) : undefined
}

/** The slot open at `at` and the `count - 1` after it. */
export function slotsAhead(schedule: LotterySchedule, at: Date, count: number): SlotTimes[] {
  return slotsFrom(schedule, at, count).map(times)
}

/** Slots whose close is after `from` and not after `to`, oldest first (every one of them). */
export function slotsClosing(schedule: LotterySchedule, from: Date, to: Date): SlotTimes[] {
  const out: SlotTimes[] = []
  let after = from
  for (;;) {
    const page = slotsClosingBetween(schedule, after, to, 1000).map(times)
    out.push(...page)
    const last = page[page.length - 1]
    if (page.length < 1000 || !last) return out
    after = new Date(last.closeAt)
  }
}

function times(s: IssueSlot): SlotTimes {
  return { numero: s.numero, openAt: s.openAt.getTime(), closeAt: s.closeAt.getTime() }
}

/** How many issues to keep made ahead for a schedule. */
export function aheadCount(schedule: LotterySchedule): number {
  if (schedule.type === 'daily') return 2
  return Math.min(60, Math.max(3, Math.ceil(aheadMs / (schedule.seconds * 1000)) + 1))
}

export interface IssueKeeperDeps {
  db: Db
  games: LotteryGamesRepository
  now: () => Date
}

export function createIssueKeeper({ db, games }: IssueKeeperDeps) {
  const issues = createIssuesRepository(db)
  /** Sends the draw job of each issue made (the jobs set it once they start). */
  let onMade: (rows: IssueRow[]) => Promise<void> = async () => undefined

  async function made(rows: IssueRow[]): Promise<IssueRow[]> {
    if (rows.length > 0) await onMade(rows)
    return rows
  }

  return {
    issues,

    /** Who sends the draw jobs of new issues (set by the lottery's jobs once started). */
    onIssuesMade(f: (rows: IssueRow[]) => Promise<void>) {
      onMade = f
    },

    /** Makes the game's current issue and the next few when missing; answers the current one. */
    async keepAhead(game: LotteryGame, at: Date): Promise<IssueRow[]> {
      const slots = slotsAhead(game.schedule, at, aheadCount(game.schedule))
      await made(await issues.ensure(game.row, slots))
      return issues.byNumeros(
        game.row.id,
        slots.map((s) => s.numero),
      )
    },

    /** The issue of a slot, made when missing. */
    async issueOf(game: LotteryGame, slot: SlotTimes): Promise<IssueRow | undefined> {
      const found = await issues.byNumero(game.row.id, slot.numero)
      if (found) return found
      await made(await issues.ensure(game.row, [slot]))
      return issues.byNumero(game.row.id, slot.numero)
    },

    /**
     * The current and next issue of a game (made when missing): what the lobby counts down
     * to. Answers undefined for a schedule that never draws.
     */
    async near(game: LotteryGame, at: Date): Promise<{ current?: IssueRow; next?: IssueRow }> {
      const slots = slotsAhead(game.schedule, at, 2)
      if (slots.length === 0) return {}
      const numeros = slots.map((s) => s.numero)
      let rows = await issues.byNumeros(game.row.id, numeros)
      if (rows.length < slots.length) {
        await made(await issues.ensure(game.row, slots))
        rows = await issues.byNumeros(game.row.id, numeros)
      }
      const by = new Map(rows.map((r) => [r.numero, r]))
      return { current: by.get(slots[0]?.numero ?? ''), next: by.get(slots[1]?.numero ?? '') }
    },

    /** The current issue of each game (made when missing), read in one statement. */
    async currentOf(list: readonly LotteryGame[], at: Date): Promise<Map<number, IssueRow>> {
      const wanted = list.map((g) => ({ game: g, slot: slotAt(g.schedule, at) }))
      const read = async () =>
        new Map(
          (
            await issues.byGameNumeros(wanted.map((w) => ({ gameId: w.game.row.id, numero: w.slot.numero })))
          ).map((r) => [r.gameId, r] as const),
        )
      let found = await read()
      const missing = wanted.filter((w) => !found.has(w.game.row.id))
      if (missing.length > 0) {
        for (const w of missing) await made(await issues.ensure(w.game.row, [w.slot]))
        found = await read()
      }
      return found
    },

    /**
     * Makes the issues of every enabled game's slots that closed since its latest issue
     * (bounded by the game's creation and catchUpDays), already drawn: an issue that did not
     * exist took no bet (placing makes the issue first, and only while it is open). Then the
     * ones ahead. Answers how many missed issues were made and drawn.
     */
    async makeMissed(at: Date): Promise<number> {
      let missed = 0
      for (const game of await games.allEnabled()) {
        const latest = await issues.latestClose(game.row.id)
        const floor = Math.max(game.row.createdAt.getTime(), at.getTime() - catchUpDays * 86_400_000)
        const from = new Date(Math.max(latest?.getTime() ?? floor, floor))
        if (from < at) {
          const slots = slotsClosing(game.schedule, from, at).filter((s) => s.closeAt > floor)
          // Never made, so never bet on: written drawn at once, a thousand per statement.
          missed += (await issues.ensureDrawn(game.row, slots, at)).length
        }
        await made(await issues.ensure(game.row, slotsAhead(game.schedule, at, aheadCount(game.schedule))))
      }
      return missed
    },
  }
}

export type IssueKeeper = ReturnType<typeof createIssueKeeper>
