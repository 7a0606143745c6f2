/**
 * Seamless-wallet rounds per second: the platform app (bench/servers/wallet.ts, its own
 * process on a fresh database, on loopback) takes signed POST /vendor-api/bench/wallet/debit then
 * /credit calls over HTTP from concurrent vendor clients, each a round of one of 20 members
 * playing from the main wallet (single-wallet mode), for a fixed time. Then the game money
 * is reconciled three ways (ledger, vendor transactions, rounds) and the ledger as a whole.
 *
 * Budget: at least 100 rounds/s on PGlite, reconciling. A round is two committed
 * transactions (the debit's and the credit's, each a ledger movement with its vendor
 * transaction and bet record) and PGlite commits one at a time: 100 rounds/s is 200 wallet
 * calls/s, what the ledger's own transfers reach over HTTP on this 2-core machine when it is
 * quiet (docs/ARCHITECTURE.md "Figures"). BENCH_WALLET_SECONDS sets the run (default 3);
 * BENCH_WALLET_ENGINES=pglite,postgresql adds PostgreSQL at BENCH_DATABASE_URL.
 *
 * Points on settlement (decision 030): each engine runs interleaved without and with point
 * settings (off, on, off, on), then once with rounds alternating between the slot, which
 * earns, and a fish game with no rate (the same path without the earn's write). The goal
 * (≤ 1.1×) is held against that run's mean time of a round that earns over one that does
 * not: side by side, the host's noise falls on both alike. Each run reconciles money and
 * points.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { z } from 'zod'
import { signedWalletHeaders, walletPath, WalletAnswerSchema } from '#server/vendors/adapter'
import { formatGameReconcile, type GameReconcileReport } from '#server/vendors/reconcile'
import { startChild } from '../lib/child'
import { num, table } from '../lib/format'
import { benchAdminUrl, pgReachable, withTempPg } from '../lib/pg'
import { stats } from '../lib/stats'
import type { BenchSection, Json, SectionResult, SummaryRow } from '../lib/types'

const durationS = Number(process.env.BENCH_WALLET_SECONDS ?? 3)
const engines = (process.env.BENCH_WALLET_ENGINES ?? 'pglite').split(',').map((e) => e.trim())
const budgetPerS = 100
const memberCount = 20
const clients = 10
/** As bench/servers/wallet.ts registers and launches them. */
const vendorId = 'bench'
const game = 'DSL-0002'

/** off: no point settings; on: every round earns; split: rounds alternate, earning and not. */
type Mode = 'off' | 'on' | 'split'

interface Run {
  [key: string]: Json
  engine: string
  points: boolean
  mode: Mode
  /** Split runs: mean time of the rounds that earned and of the control rounds, ms. */
  earnMeanMs: number
  controlMeanMs: number
  rounds: number
  perS: number
  callsPerS: number
  p50Ms: number
  p99Ms: number
  refused: number
  failed: number
  reconciles: boolean
  gameMoney: string
}

const InfoSchema = z.object({
  tokens: z.array(z.string()).min(1),
  controlTokens: z.array(z.string()).min(1),
  controlGame: z.string(),
  secret: z.string(),
})
const ResultSchema = z.object({ games: z.custom<GameReconcileReport>(), ledgerOk: z.boolean() })

/** Runs the rounds against the wallet server (its own process) on one engine. */
async function measure(root: string, engine: string, mode: Mode, env: Record<string, string>): Promise<Run> {
  const points = mode !== 'off'
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-wallet-'))
  const infoFile = path.join(dir, 'info.json')
  const resultFile = path.join(dir, 'result.json')
  try {
    const server = await startChild({
      name: 'wallet server',
      cwd: root,
      entry: 'bench/servers/wallet.ts',
      env: {
        ...env,
        WALLET_DATA_DIR: path.join(dir, 'pglite'),
        WALLET_INFO_FILE: infoFile,
        WALLET_RESULT_FILE: resultFile,
        WALLET_MEMBERS: String(memberCount),
        WALLET_POINTS: points ? 'on' : 'off',
      },
      ready: /Wallet ready at (\S+)/,
      timeoutMs: 120_000,
    })
    const { tokens, controlTokens, controlGame, secret } = InfoSchema.parse(
      JSON.parse(readFileSync(infoFile, 'utf8')),
    )
    async function call(kind: 'debit' | 'credit', body: object): Promise<boolean> {
      const raw = JSON.stringify(body)
      const res = await fetch(`${server.url}${walletPath(vendorId, kind)}`, {
        method: 'POST',
        headers: signedWalletHeaders(secret, raw, Date.now()),
        body: raw,
        signal: AbortSignal.timeout(10_000),
      })
      if (res.status !== 200) throw new Error(`${kind} answered ${res.status}`)
      return WalletAnswerSchema.parse(await res.json()).ok
    }
    const samples: number[] = []
    const earning: number[] = []
    const control: number[] = []
    let refused = 0
    let failed = 0
    const end = performance.now() + durationS * 1000
    const client = async (c: number) => {
      for (let i = 0; performance.now() < end; i++) {
        // Split: every other round of each client is a control round (half the clients start
        // with one), so both kinds run side by side under the same load.
        const isControl = mode === 'split' && (c + i) % 2 === 1
        const player = (isControl ? controlTokens : tokens)[(c + i * clients) % tokens.length] ?? ''
        const gameId = isControl ? controlGame : game
        const roundId = `r-${randomBytes(8).toString('hex')}`
        const t0 = performance.now()
        try {
          const debit = {
            player,
            txId: `d-${roundId}`,
            roundId,
            gameId,
            amount: String(randomInt(1, 500)),
          }
          if (!(await call('debit', debit))) {
            refused++
            continue
          }
          const credit = {
            player,
            txId: `c-${roundId}`,
            roundId,
            gameId,
            amount: String(randomInt(0, 900)),
          }
          if (!(await call('credit', credit))) {
            refused++
            continue
          }
          const took = performance.now() - t0
          samples.push(took)
          if (mode === 'split') (isControl ? control : earning).push(took)
        } catch {
          failed++
        }
      }
    }
    const started = performance.now()
    await Promise.all(Array.from({ length: clients }, (_, c) => client(c)))
    const seconds = (performance.now() - started) / 1000
    const stopped = await server.stop(60_000)
    if (stopped.code !== 0) throw new Error(`the wallet server ended with ${stopped.code ?? stopped.signal}`)
    const result = ResultSchema.parse(JSON.parse(readFileSync(resultFile, 'utf8')))
    const s = stats(samples)
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0)
    return {
      engine,
      points,
      mode,
      earnMeanMs: Math.round(mean(earning) * 100) / 100,
      controlMeanMs: Math.round(mean(control) * 100) / 100,
      rounds: samples.length,
      perS: Math.round(samples.length / seconds),
      callsPerS: Math.round((2 * samples.length) / seconds),
      p50Ms: s.p50Ms,
      p99Ms: s.p99Ms,
      refused,
      failed,
      reconciles: result.games.ok && result.ledgerOk,
      gameMoney: formatGameReconcile(result.games),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function onEngine(root: string, engine: string, mode: Mode): Promise<Run | null> {
  if (engine === 'postgresql') {
    if (!(await pgReachable())) return null
    return withTempPg((url) => measure(root, engine, mode, { WALLET_DATABASE_URL: url }), benchAdminUrl)
  }
  return measure(root, 'pglite', mode, {})
}

/**
 * Interleaved: without and with points, twice; then one run whose rounds alternate between
 * earning and not, which holds the goal: separate runs of one mode differ by more than the
 * points on this host, rounds side by side in one run do not.
 */
const order: Mode[] = ['off', 'on', 'off', 'on', 'split']
/** The goal for the time per round with points over without. */
const pointsGoal = 1.1

export const section: BenchSection = {
  name: 'wallet',
  title: 'Seamless wallet: signed debit+credit rounds per second over HTTP, with the reconcile',
  order: 27,
  async run(ctx): Promise<SectionResult> {
    const runs: Run[] = []
    for (const engine of engines) {
      for (const mode of order) {
        ctx.log(
          `${engine}, points ${mode}: ${clients} vendor clients, ${memberCount} members, ${durationS} s of rounds …`,
        )
        const run = await onEngine(ctx.root, engine, mode)
        if (!run) {
          ctx.log(`${engine}: not reachable, skipped`)
          break
        }
        runs.push(run)
        ctx.log(run.gameMoney)
      }
    }
    if (runs.length === 0) throw new Error('no engine could be measured')
    ctx.log()
    ctx.log(
      table(
        ['engine', 'points', 'rounds/s', 'calls/s', 'p50 ms', 'p99 ms', 'refused', 'failed', 'reconciles'],
        runs.map((r) => [
          r.engine,
          r.mode,
          num(r.perS),
          num(r.callsPerS),
          `${r.p50Ms}`,
          `${r.p99Ms}`,
          `${r.refused}`,
          `${r.failed}`,
          r.reconciles ? 'yes' : 'NO',
        ]),
      ),
    )
    // Per engine: rounds/s of each mode summed over its runs, and the time per round with
    // points over the time without.
    const engineNames = [...new Set(runs.map((r) => r.engine))]
    const ratios = engineNames.map((engine) => {
      const rate = (mode: Mode) => {
        const of = runs.filter((r) => r.engine === engine && r.mode === mode)
        return of.reduce((sum, r) => sum + r.perS, 0) / Math.max(1, of.length)
      }
      const off = rate('off')
      const on = rate('on')
      const split = runs.find((r) => r.engine === engine && r.mode === 'split')
      return {
        engine,
        offPerS: Math.round(off),
        onPerS: Math.round(on),
        ratio: on > 0 ? off / on : 0,
        earnMeanMs: split?.earnMeanMs ?? 0,
        controlMeanMs: split?.controlMeanMs ?? 0,
        splitRatio: split && split.controlMeanMs > 0 ? split.earnMeanMs / split.controlMeanMs : 0,
      }
    })
    for (const r of ratios) {
      ctx.log(
        `${r.engine}: ${num(r.offPerS)} rounds/s without points, ${num(r.onPerS)} with: time per round ×${r.ratio.toFixed(2)}; ` +
          `side by side ${r.earnMeanMs} ms a round that earns, ${r.controlMeanMs} ms one that does not: ×${r.splitRatio.toFixed(2)} (goal ≤ ${pointsGoal}×)`,
      )
    }
    const summary: SummaryRow[] = [
      ...engineNames.map((engine) => {
        const of = runs.filter((r) => r.engine === engine && r.mode === 'off')
        const perS = Math.round(of.reduce((sum, r) => sum + r.perS, 0) / Math.max(1, of.length))
        const p99 = Math.max(...of.map((r) => r.p99Ms))
        const ok = runs.filter((r) => r.engine === engine).every((r) => r.reconciles)
        return {
          metric: `seamless rounds/s (${engine})`,
          value: num(perS),
          note: `p99 ${p99} ms; ${ok ? 'reconciles' : 'DOES NOT RECONCILE'}${engine === 'pglite' ? `; budget ≥ ${budgetPerS}/s: ${perS >= budgetPerS && ok ? 'PASS' : 'OVER'}` : ''}`,
        }
      }),
      ...ratios.flatMap((r) => [
        {
          metric: `points on settlement, a round that earns / one that does not, side by side (${r.engine})`,
          value: `×${r.splitRatio.toFixed(2)}`,
          note: `${r.earnMeanMs} ms vs ${r.controlMeanMs} ms mean, one run; goal ≤ ${pointsGoal}×: ${r.splitRatio > 0 && r.splitRatio <= pointsGoal ? 'PASS' : 'OVER'}`,
        },
        {
          metric: `points on settlement, time per round with / without, separate runs (${r.engine})`,
          value: `×${r.ratio.toFixed(2)}`,
          note: `${num(r.onPerS)} vs ${num(r.offPerS)} rounds/s, interleaved runs; carries the host's noise`,
        },
      ]),
    ]
    return {
      figures: {
        runs,
        ratios,
        budget: { roundsPerS: budgetPerS, engine: 'pglite', pointsRatio: pointsGoal },
        durationS,
        clients,
      },
      summary,
    }
  },
}
