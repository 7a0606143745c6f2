/**
 * The monthly VIP evaluation (decision 030 section 5), exactly once per brand month: for a
 * closed month P of the brand's zone (periodAt('month'), so its end follows daylight
 * saving), every member of rank 2 or more whose row has not evaluated P is decided, read in
 * chunks. Members who keep their level or drop are written in one short transaction per
 * chunk, each raise (which pays a bonus) in a short transaction of its own; each locks the
 * rows and sets `rank = new, evaluated_period = P where evaluated_period < P`: a rerun, a second instance
 * or a crash midway changes nobody twice, and the next run finishes what a stopped one left.
 * P is marked done once no member is left. A raise pays each level's level-up bonus once
 * ever with its notice, in the member's transaction (the upgrade's `rewardChanges`).
 *
 * The new rank is max(total rank, min(rank at P's end, highest level whose keep_turnover ≤
 * P's valid bets), any rank an upgrade reached after P's end); an operator's `vip set` after
 * P's end stands, and the total rank counts only the days after a member's last operator
 * change. Figures are P's days (and every day up to P's end for the total).
 */
import { periodAt, wallDate, type Period } from '../../contracts/periods'
import type { MerchantRow } from '../../money/common'
import type { Db, Tx } from '../../plugins/external/db'
import { evaluatedRank } from './rules'
import { noFigures, type Change, type Figures, type LevelRow, type VipRepository } from './vip-repository'

/** How long after a month's end it is evaluated: bets settled just before its end have committed. */
export const evaluateGraceMs = 60_000

/** How many closed months back a run looks for ones not evaluated. */
export const evaluateLookBack = 3

export interface EvaluationDeps {
  db: Db
  repo: VipRepository
  now: () => Date
  /** Pays the level-up bonus of each level a raise gained, with its notice (the upgrade's). */
  reward: (tx: Tx, m: MerchantRow, levels: readonly LevelRow[], changes: readonly Change[]) => Promise<void>
  chunkSize?: number
  /** Called inside each member's transaction after its writes (the tests' fault). */
  onMember?: (memberId: number) => Promise<void> | void
}

export interface MonthEvaluation {
  period: string
  /** Members decided by this run (0 when another run had done them). */
  decided: number
  changes: Change[]
  /** On a dry run: what would change, nothing written. */
  dryRun: boolean
}

/** The brand month (YYYY-MM) of a period. */
export const monthKey = (tz: string, p: Period) => wallDate(tz, p.start).slice(0, 7)

/** The month YYYY-MM in the brand's zone, or null when not such a month. */
export function monthPeriod(tz: string, key: string): Period | null {
  const m = /^(\d{4})-(\d{2})$/.exec(key)
  if (!m) return null
  const month = Number(m[2])
  if (month < 1 || month > 12) return null
  // Mid-month noon UTC lies inside the zone's month whatever its offset.
  return periodAt('month', tz, new Date(Date.UTC(Number(m[1]), month - 1, 15, 12)))
}

export function createEvaluation(deps: EvaluationDeps) {
  const { db, repo, now } = deps
  const chunkSize = deps.chunkSize ?? 1000

  /** Evaluates month P of the brand (or, dryRun, lists what would change). */
  async function month(m: MerchantRow, p: Period, dryRun = false): Promise<MonthEvaluation> {
    const period = monthKey(m.timeZone, p)
    const from = wallDate(m.timeZone, p.start)
    const to = wallDate(m.timeZone, new Date(p.end.getTime() - 1))
    const levels = await repo.levels(m.code)
    const out: MonthEvaluation = { period, decided: 0, changes: [], dryRun }
    /**
     * The chunk's figures, read once: keeping a level counts the whole month; the total path
     * (a raise) counts the days after a member's last operator change only, as the upgrade does.
     */
    async function figuresOf(ex: Db | Tx, ids: number[]) {
      const all = await repo.figures(ids, from, to, ex)
      const counted = await repo.figures(ids, from, to, ex, m.timeZone)
      return (id: number): Figures => {
        const a = all.get(id) ?? noFigures
        const c = counted.get(id) ?? noFigures
        return { ...a, totalTurnover: c.totalTurnover, totalDeposit: c.totalDeposit }
      }
    }
    /** Members decided from their figures and history (nothing written). */
    async function decide(
      ex: Db | Tx,
      rows: { memberId: number; rank: number }[],
      f: (id: number) => Figures,
    ) {
      const history = await repo.history(
        rows.map((r) => r.memberId),
        p.end,
        ex,
      )
      return rows.map((r) => {
        const h = history.get(r.memberId) ?? { atEnd: 1, upgraded: 0, operator: false }
        const toRank = h.operator ? r.rank : evaluatedRank(levels, f(r.memberId), h.atEnd, h.upgraded)
        return { memberId: r.memberId, fromRank: r.rank, toRank }
      })
    }
    if (dryRun) {
      for (let after = 0; ;) {
        const rows = await repo.toEvaluate(db, m.code, period, chunkSize, after, false)
        if (rows.length === 0) break
        const decided = await decide(
          db,
          rows,
          await figuresOf(
            db,
            rows.map((r) => r.memberId),
          ),
        )
        out.changes.push(...decided.filter((d) => d.toRank !== d.fromRank))
        out.decided += decided.length
        after = rows.at(-1)?.memberId ?? after
      }
      return out
    }
    // A chunk's members read (not locked) with their figures and decided. Those who keep
    // their level or drop (nearly all, in a month) are written in one short transaction for
    // the chunk: their rows locked in member order, their history read and each decided again
    // under the lock, and one guarded statement. Each raise pays a level-up bonus through the
    // ledger, so each is written in a short transaction of its own (its row locked, its
    // history read under the lock, the month marked by a guarded update, the bonus paid): a
    // long month never holds many members' wallets and the house's bonus accounts at once, a
    // second run or a rerun after a crash changes nobody twice, and a rerun finishes the rest.
    for (let after = 0; ;) {
      const rows = await repo.toEvaluate(db, m.code, period, chunkSize, after, false)
      if (rows.length === 0) break
      const f = await figuresOf(
        db,
        rows.map((r) => r.memberId),
      )
      const first = await decide(db, rows, f)
      const raises = new Set(first.filter((d) => d.toRank > d.fromRank).map((d) => d.memberId))
      const rest = await db.transaction(async (tx) => {
        const ranks = await repo.lockUnevaluated(
          tx,
          period,
          rows.filter((r) => !raises.has(r.memberId)).map((r) => r.memberId),
        )
        const locked = [...ranks].map(([memberId, rank]) => ({ memberId, rank }))
        const decided = await decide(tx, locked, f)
        // One that the lock shows raised after all (an upgrade since the read) goes the raise's way.
        for (const d of decided) if (d.toRank > d.fromRank) raises.add(d.memberId)
        return repo.evaluate(
          tx,
          m.code,
          period,
          decided.filter((d) => d.toRank <= d.fromRank),
          now(),
        )
      })
      out.changes.push(...rest.changes)
      out.decided += rest.marked
      for (const memberId of raises) {
        const changes = await db.transaction(async (tx) => {
          const rank = (await repo.lockRanks(tx, [memberId])).get(memberId) ?? 1
          const decided = await decide(tx, [{ memberId, rank }], f)
          const written = await repo.evaluate(tx, m.code, period, decided, now())
          // Each level a raise gained pays its bonus once ever, with its notice, as an upgrade's.
          await deps.reward(
            tx,
            m,
            levels,
            written.changes.filter((c) => c.toRank > c.fromRank),
          )
          await deps.onMember?.(memberId)
          return written
        })
        out.changes.push(...changes.changes)
        out.decided += changes.marked
      }
      after = rows.at(-1)?.memberId ?? after
    }
    await repo.markEvaluated(m.code, period, out.changes.length, now())
    return out
  }

  /** The closed months within the look-back not marked done, oldest first. */
  async function dueMonths(m: MerchantRow): Promise<Period[]> {
    const done = await repo.evaluated(m.code)
    let q = periodAt('month', m.timeZone, new Date(now().getTime() - evaluateGraceMs))
    const out: Period[] = []
    for (let n = 0; n < evaluateLookBack; n++) {
      q = periodAt('month', m.timeZone, new Date(q.start.getTime() - 1))
      if (!done.has(monthKey(m.timeZone, q))) out.unshift(q)
    }
    return out
  }

  return {
    month,
    dueMonths,

    /**
     * One month YYYY-MM for the operator: refused when not closed yet (`open`), answered
     * `done` when evaluated already (a dry run still lists what it would do).
     */
    async forOperator(m: MerchantRow, key: string, dryRun: boolean) {
      const p = monthPeriod(m.timeZone, key)
      if (!p) return { error: 'bad_month' as const }
      if (p.end.getTime() > now().getTime() - evaluateGraceMs) return { error: 'open' as const, period: p }
      if (!dryRun && (await repo.evaluated(m.code)).has(key)) return { error: 'done' as const }
      return { result: await month(m, p, dryRun) }
    },

    /** Every brand's due months (the job). */
    async evaluateDue(merchants: readonly MerchantRow[], signal?: AbortSignal): Promise<MonthEvaluation[]> {
      const out: MonthEvaluation[] = []
      for (const m of merchants) {
        for (const p of await dueMonths(m)) {
          if (signal?.aborted) return out
          out.push(await month(m, p))
        }
      }
      return out
    },
  }
}

export type Evaluation = ReturnType<typeof createEvaluation>
