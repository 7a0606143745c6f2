/**
 * Loyalty (issue 36's figures, decision 030 section 10). Each part on a database of its own:
 * PostgreSQL in a scratch database made from BENCH_DATABASE_URL's server and dropped
 * afterwards, and (the mall and the draw, where it is cheap) an in-memory PGlite.
 *
 * 1. Point-mall catalogue read: `MCS2_getPointReward` by 50 members against the demo's
 *    catalogue, cached (bench/lib/loyalty-mall.ts): their reads paced at BENCH_MALL_RATE a
 *    second between them (default 100). Goal: p99 ≤ 25 ms (PostgreSQL). Also the closed
 *    loop's reads a second (each member reading back to back), without a budget.
 * 2. 20 parallel redemptions of the last item: p99 and that exactly one won (no budget).
 * 3. The VIP monthly job for BENCH_VIP_MEMBERS members (default 100,000) at rank ≥ 2 with a
 *    month of day rows each: the evaluation's wall time, and a second run's, which must write
 *    nothing (bench/lib/loyalty-vip.ts; PostgreSQL only). Goal: under 2 minutes.
 * 4. A lottery draw of BENCH_DRAW_BETS bets (default 10,000) without and with points,
 *    BENCH_DRAW_PAIRS pairs (default 3) interleaved off, on, … on fresh databases: the medians'
 *    ratio, and the in-draw ratio (each draw with points over itself less the time spent in
 *    the points earner), which the goal is held against: the separate draws differ by the
 *    host's noise more than by the points (bench/lib/loyalty-draw.ts).
 *
 * BENCH_LOYALTY_ENGINES (default pglite,postgresql) names the engines of parts 1, 2 and 4;
 * BENCH_LOYALTY_PARTS (default mall,vip,draw) the parts run.
 * Budgets are reported (PASS/OVER), never a failing exit; every part reconciles the books.
 */
import os from 'node:os'
import { PGlite } from '@electric-sql/pglite'
import { embeddedStartParams, openDatabase, type Database } from '#server/plugins/external/db'
import { num, table } from '../lib/format'
import { measureDraw, type DrawRun } from '../lib/loyalty-draw'
import { measureMall, type MallFigures } from '../lib/loyalty-mall'
import { measureVip, type VipFigures } from '../lib/loyalty-vip'
import { maintenanceUrl, pgReachable, withScratchPg } from '../lib/pg'
import type { BenchSection, Json, SectionResult, SummaryRow } from '../lib/types'

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(v) || v < 1) throw new Error(`${name} must be a positive number`)
  return Math.floor(v)
}

const size = {
  vipMembers: envNumber('BENCH_VIP_MEMBERS', 100_000),
  drawBets: envNumber('BENCH_DRAW_BETS', 10_000),
  drawPairs: envNumber('BENCH_DRAW_PAIRS', 3),
  readers: 50,
  readsEach: envNumber('BENCH_MALL_READS', 20),
  racers: 20,
  pacedRate: envNumber('BENCH_MALL_RATE', 100),
}
const engines = (process.env.BENCH_LOYALTY_ENGINES ?? 'pglite,postgresql')
  .split(',')
  .map((e) => e.trim())
  .filter((e) => e === 'pglite' || e === 'postgresql')
/** BENCH_LOYALTY_PARTS (default mall,vip,draw): the parts to run. */
const parts = new Set((process.env.BENCH_LOYALTY_PARTS ?? 'mall,vip,draw').split(',').map((p) => p.trim()))
const budget = { catalogueP99Ms: 25, vipSeconds: 120, drawRatio: 1.1 }
const loadNow = () => os.loadavg()[0]?.toFixed(2) ?? '?'

/** Runs `use` on a fresh database of the engine; null when PostgreSQL is not reachable. */
async function onEngine<T>(
  engine: string,
  poolMax: number,
  use: (d: Database) => Promise<T>,
): Promise<T | null> {
  if (engine === 'postgresql') {
    if (!(await pgReachable(maintenanceUrl()))) return null
    return withScratchPg('bench_loyalty', async (url) => {
      const database = await openDatabase({ databaseUrl: url, poolMax })
      try {
        return await use(database)
      } finally {
        await database.close()
      }
    })
  }
  const database = await openDatabase({ pglite: await PGlite.create({ startParams: embeddedStartParams }) })
  try {
    return await use(database)
  } finally {
    await database.close()
  }
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'OVER')

export const section: BenchSection = {
  name: 'loyalty',
  title: `Loyalty: the point mall's catalogue and last item, the VIP month for ${num(size.vipMembers)} members, a draw of ${num(size.drawBets)} bets with and without points`,
  order: 68,
  async run(ctx): Promise<SectionResult> {
    const summary: SummaryRow[] = []
    const figures: { [key: string]: Json } = {
      size,
      engines,
      budget,
      cores: os.cpus().length,
      loadAverageAtStart: os.loadavg(),
    }

    // ── 1 and 2: the point mall ──
    const malls: MallFigures[] = []
    for (const engine of parts.has('mall') ? engines : []) {
      ctx.log(`point mall on ${engine} (load ${loadNow()}) …`)
      const f = await onEngine(engine, 60, (d) =>
        measureMall(engine, d, {
          readers: size.readers,
          readsEach: size.readsEach,
          racers: size.racers,
          pacedRate: size.pacedRate,
          log: ctx.log,
        }),
      )
      if (!f) {
        ctx.log(`  ${engine}: not reachable, skipped`)
        continue
      }
      malls.push(f)
      const c = f.catalogue
      summary.push(
        {
          metric: `point-mall catalogue p99, ${c.concurrent} members at ${c.paced.rate} reads/s (${engine})`,
          value: `${c.paced.p99Ms} ms`,
          note: `p50 ${c.paced.p50Ms} ms; alone p99 ${c.alone.p99Ms} ms; ${c.failed} failed; goal ≤ ${budget.catalogueP99Ms} ms: ${verdict(c.paced.p99Ms <= budget.catalogueP99Ms && c.failed === 0)}`,
        },
        {
          metric: `point-mall catalogue, ${c.concurrent} members reading back to back (${engine})`,
          value: `${num(c.readsPerSecond)} reads/s`,
          note: `p50 ${c.p50Ms} ms, p99 ${c.p99Ms} ms (the closed loop's queue: about ${c.concurrent} ÷ reads/s); no budget`,
        },
        {
          metric: `last item, ${f.lastItem.concurrent} redemptions at once (${engine})`,
          value: `${f.lastItem.won} won`,
          note: `p99 ${f.lastItem.p99Ms} ms; ${f.lastItem.won === 1 ? 'exactly one' : 'NOT EXACTLY ONE'}; books ${f.reconciles ? 'reconcile' : 'DO NOT RECONCILE'}`,
        },
      )
    }
    figures.mall = malls

    // ── 3: the VIP monthly job (PostgreSQL) ──
    if (parts.has('vip')) {
      ctx.log(`VIP monthly evaluation, ${num(size.vipMembers)} members, on postgresql (load ${loadNow()}) …`)
    }
    const vip: VipFigures | null = parts.has('vip')
      ? await onEngine('postgresql', 10, (d) => measureVip(d, size.vipMembers, ctx.log))
      : null
    if (vip) {
      const secondClean = vip.secondRunWrites === 0
      summary.push({
        metric: `VIP month, ${num(vip.decided)} members (postgresql)`,
        value: `${vip.seconds.toFixed(1)} s`,
        note:
          `${num(vip.membersPerSecond)} members/s; second run ${vip.secondRunSeconds.toFixed(1)} s, ` +
          `${secondClean ? 'wrote nothing' : `WROTE ${vip.secondRunWrites} rows`}; books ${vip.reconciles ? 'reconcile' : 'DO NOT RECONCILE'}; ` +
          (vip.members >= 100_000
            ? `goal < ${budget.vipSeconds} s: ${verdict(vip.seconds < budget.vipSeconds && secondClean)}`
            : `smoke size: the goal (< ${budget.vipSeconds} s) is for 100,000 members`),
      })
    } else if (parts.has('vip')) {
      ctx.log('  postgresql: not reachable, skipped')
    }
    figures.vip = vip

    // ── 4: the draw, without and with points, interleaved ──
    const draws: (DrawRun & { engine: string })[] = []
    for (const engine of parts.has('draw') ? engines : []) {
      const order = Array.from({ length: size.drawPairs }, () => [false, true]).flat()
      for (const points of order) {
        ctx.log(
          `draw of ${num(size.drawBets)} bets on ${engine}, points ${points ? 'on' : 'off'} (load ${loadNow()}) …`,
        )
        const run = await onEngine(engine, 4, (d) => measureDraw(d, points, size.drawBets))
        if (!run) {
          ctx.log(`  ${engine}: not reachable, skipped`)
          break
        }
        draws.push({ ...run, engine })
      }
    }
    if (draws.length > 0) {
      ctx.log(
        table(
          [
            'engine',
            'points',
            'bets',
            'winners',
            'draw s',
            'of it points s',
            'bets/s',
            'point txs',
            'reconciles',
          ],
          draws.map((r) => [
            r.engine,
            r.points ? 'on' : 'off',
            num(r.bets),
            num(r.winners),
            r.seconds.toFixed(3),
            r.points ? r.pointsSeconds.toFixed(3) : '-',
            num(r.betsPerSecond),
            num(r.pointTransactions),
            r.reconciles ? 'yes' : 'NO',
          ]),
        ),
      )
    }
    // Two readings of the same cost. The interleaved ratio compares medians of separate draws,
    // so it carries the host's run-to-run noise (on two busy cores the same statement varies by
    // half from one database to the next). The in-draw ratio times the earner inside each draw
    // with points: the draw's time over the same draw without the earner's share.
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b)
      const mid = Math.floor(sorted.length / 2)
      return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
    }
    const ratios = [...new Set(draws.map((r) => r.engine))].map((engine) => {
      const of = (points: boolean) => draws.filter((r) => r.engine === engine && r.points === points)
      const off = median(of(false).map((r) => r.seconds))
      const on = median(of(true).map((r) => r.seconds))
      const inDraw = median(of(true).map((r) => r.seconds / Math.max(1e-9, r.seconds - r.pointsSeconds)))
      const pointsSeconds = median(of(true).map((r) => r.pointsSeconds))
      const ok = draws.filter((r) => r.engine === engine).every((r) => r.reconciles)
      return {
        engine,
        offSeconds: off,
        onSeconds: on,
        ratio: off > 0 ? on / off : 0,
        pointsSeconds,
        inDrawRatio: inDraw,
        reconciles: ok,
      }
    })
    for (const r of ratios) {
      ctx.log(
        `${r.engine}: draw ${r.offSeconds.toFixed(3)} s without points, ${r.onSeconds.toFixed(3)} s with (medians): ×${r.ratio.toFixed(2)}; ` +
          `in the draws with points the earner took ${r.pointsSeconds.toFixed(3)} s: ×${r.inDrawRatio.toFixed(2)}`,
      )
      summary.push(
        {
          metric: `draw of ${num(size.drawBets)} bets, with / without points, in-draw (${r.engine})`,
          value: `×${r.inDrawRatio.toFixed(2)}`,
          note: `the earner's ${r.pointsSeconds.toFixed(3)} s of each draw with points (median of ${size.drawPairs}); books ${r.reconciles ? 'reconcile' : 'DO NOT RECONCILE'}; goal ≤ ${budget.drawRatio}×: ${verdict(r.inDrawRatio <= budget.drawRatio)}`,
        },
        {
          metric: `draw of ${num(size.drawBets)} bets, with / without points, interleaved (${r.engine})`,
          value: `×${r.ratio.toFixed(2)}`,
          note: `medians ${r.onSeconds.toFixed(2)} s vs ${r.offSeconds.toFixed(2)} s over ${size.drawPairs} pairs on fresh databases; carries the host's noise`,
        },
      )
    }
    figures.draws = draws
    figures.drawRatios = ratios
    figures.loadAverageAtEnd = os.loadavg()
    if (malls.length === 0 && !vip && draws.length === 0) throw new Error('no engine could be measured')
    return { figures, summary }
  },
}
