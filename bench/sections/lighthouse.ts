/**
 * Lighthouse on the home route /index of the real server: Lighthouse's default mobile
 * preset (Moto G Power emulation, simulated throttling), categories performance,
 * accessibility and best-practices, three runs, each in a fresh headless Chromium (the
 * first visit, announcement popup included, exactly as a new visitor sees it).
 *
 * Reports the median of each score and of LCP, TBT, CLS, FCP and Speed Index over the runs
 * without a runtime error, score budgets as PASS/BELOW and LCP, TBT and CLS budgets as
 * PASS/OVER (never a failure), and from the median run (Lighthouse's own choice: the run closest to the median FCP and TTI) the failing
 * accessibility and best-practices audits with a few of their items, the performance
 * diagnostics below 0.9, and what looked odd: failed, repeated or slow requests, console
 * errors. The median run's full HTML report goes to bench/results/ beside the figures.
 *
 * Beside each run's figures, its page's main thread by thread time (bench/lib/thread-time.ts):
 * the share of its tasks' wall time the thread ran, and TBT once more from the run's own
 * artifacts with each task shortened to that time. Where the host stalls the browser (a
 * shared or virtualized machine), Lighthouse's TBT grows with the stalls; that second
 * figure shows the page's own work. It is printed, never judged: the budget judges
 * Lighthouse's TBT.
 *
 * Only a production build is measured: dist/ is (re)built like `npm start` does; when what
 * is there is a development build, a production copy is built in a temp folder and served
 * instead (STATIC_DIR), and the report says so.
 */
import { spawn, type SpawnOptions } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Launcher } from 'chrome-launcher'
import lighthouse, { generateReport, type Flags, type Result } from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { chromiumArgs } from '../../e2e/chromium'
import { onExit } from '../lib/cleanup'
import { num, table } from '../lib/format'
import { startPortalAfterArt, type PortalServer } from '../lib/portal'
import { ensureBuild, findChromium } from '../lib/prod-build'
import {
  mainThreadOf,
  mainThreadTime,
  withoutStalls,
  type ThreadTime,
  type TraceEvent,
} from '../lib/thread-time'
import type { BenchSection, Json, SectionResult, SummaryRow } from '../lib/types'

const runCount = 3
/**
 * A new connection's first round trip: ten packets of 1,460 bytes (the initial congestion
 * window Lighthouse's simulation and most servers use). A page whose HTML, headers included,
 * is over it waits one more round trip (150 ms in the mobile preset) before the first paint.
 */
const firstRoundTripBytes = 14_600
/** The page measured: /index unless BENCH_LIGHTHOUSE_PATH names another (e.g. /rng). */
const routePath = lighthousePath(process.env.BENCH_LIGHTHOUSE_PATH)

function lighthousePath(given: string | undefined): string {
  if (given === undefined || given === '') return '/index'
  if (!/^\/[A-Za-z0-9/_.-]*(\?[A-Za-z0-9=&_.-]*)?$/.test(given)) {
    throw new Error(`BENCH_LIGHTHOUSE_PATH must be a path such as /rng, not ${JSON.stringify(given)}`)
  }
  return given
}
/** One Lighthouse run (load, trace, audits) must finish within this, or Chromium is killed. */
const runTimeoutMs = 150_000

const categories = ['performance', 'accessibility', 'best-practices'] as const
type CategoryId = (typeof categories)[number]
/**
 * Scores 0–100 (the performance issue's ≥ 0.97); a miss prints BELOW and the bench still
 * succeeds.
 */
const budgets: Record<CategoryId, number> = { performance: 97, accessibility: 95, 'best-practices': 95 }

/** `max`: the performance issue's budget for the median (a miss prints OVER); none for context rows. */
const metrics = [
  { id: 'largest-contentful-paint', key: 'lcpMs', label: 'LCP', unit: 'ms', max: 1800 },
  { id: 'total-blocking-time', key: 'tbtMs', label: 'TBT', unit: 'ms', max: 100 },
  { id: 'cumulative-layout-shift', key: 'cls', label: 'CLS', unit: '', max: 0.02 },
  { id: 'first-contentful-paint', key: 'fcpMs', label: 'FCP', unit: 'ms', max: null },
  { id: 'speed-index', key: 'speedIndexMs', label: 'Speed Index', unit: 'ms', max: null },
] as const
type MetricKey = (typeof metrics)[number]['key']

/** Lighthouse's own threshold: the report shows an audit below it as failed. */
const passThreshold = 0.9

interface RunFigures {
  [key: string]: Json
  run: number
  scores: { [K in CategoryId]: number | null }
  metrics: { [K in MetricKey]: number | null }
  runtimeError: string | null
  runWarnings: string[]
  benchmarkIndex: number | null
  /**
   * Main-thread tasks over 10, 25 and 50 ms as observed (unthrottled, Lighthouse's
   * diagnostics): the simulation multiplies each by the CPU slowdown (×4) into TBT, so a task
   * blocks nothing only under 12.5 ms. Steadier from run to run than TBT itself.
   */
  tasksOver: { ms10: number | null; ms25: number | null; ms50: number | null }
  /** Time to interactive as simulated: TBT counts only what blocks between FCP and it. */
  ttiMs: number | null
  /**
   * The long-tasks audit's tasks (start and duration in ms as simulated, and the script or
   * page they belong to). Those in the FCP-TTI window show where the run's TBT came from;
   * they do not add up to it, since TBT averages two simulations.
   */
  longTasks: { startMs: number; ms: number; source: string }[]
  /** The page's main thread by thread time; null when the trace did not show it. */
  mainThread: MainThreadFigures | null
  lighthouseMs: number
  wallMs: number
}

/**
 * How much of its tasks' wall time the page's main thread ran (observed, unthrottled), and
 * the run audited again with each task as long as the thread ran it (bench/lib/thread-time.ts).
 */
type MainThreadFigures = ThreadTime & {
  [key: string]: Json
  withoutStalls: { tbtMs: number | null; ttiMs: number | null; performance: number | null } | null
  withoutStallsError: string | null
}

interface FailedAudit {
  [key: string]: Json
  category: string
  id: string
  title: string
  score: number | null
  weight: number
  displayValue: string
  items: string[]
  itemCount: number
}

function median(values: (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b)
  if (xs.length === 0) return null
  const mid = Math.floor(xs.length / 2)
  return xs.length % 2 === 1 ? (xs[mid] as number) : ((xs[mid - 1] as number) + (xs[mid] as number)) / 2
}

const round = (n: number, d = 0) => Math.round(n * 10 ** d) / 10 ** d

function scoreOf(lhr: Result, id: CategoryId): number | null {
  const s = lhr.categories[id]?.score
  return typeof s === 'number' ? Math.round(s * 100) : null
}

function metricOf(lhr: Result, id: string, unit: string): number | null {
  const v = lhr.audits[id]?.numericValue
  if (typeof v !== 'number') return null
  return unit === 'ms' ? round(v) : round(v, 3)
}

function metricText(v: number | null, unit: string): string {
  if (v === null) return '-'
  return unit === 'ms' ? `${num(v)} ms` : v.toFixed(3)
}

function withTimeout<T>(p: Promise<T>, ms: number, onTimeout: () => void, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout()
      reject(new Error(`${what} did not finish within ${ms / 1000} s`))
    }, ms)
  })
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Kills Chromium's process group and removes its profile once the bench process is gone,
 * even when that process was SIGKILLed and its exit handlers never ran (tsx does that to a
 * child that is busy when Ctrl-C arrives; chrome-launcher starts Chromium in its own process
 * group, so the terminal's SIGINT never reaches it). A detached `sh` loop that also ends
 * by itself, within a second, once Chromium is gone.
 */
function guardChromium(chromePid: number, profileDir: string): void {
  if (process.platform === 'win32') return
  const script =
    'while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 1; done; ' +
    'kill -9 "-$2" 2>/dev/null; if [ -n "$3" ]; then rm -rf -- "$3"; fi'
  spawn(
    '/bin/sh',
    ['-c', script, 'bench-chromium-guard', String(process.pid), String(chromePid), profileDir],
    {
      detached: true,
      stdio: 'ignore',
    },
  ).unref()
}

/**
 * DevTools' CPU calibration references (its mobile-throttling panel): a mid-tier phone such
 * as a Pixel 5 scores about 1,000 on Lighthouse's benchmarkIndex, a low-tier one (a Moto G4
 * Power) about 264. The simulation divides the host's speed by its multiplier, so the same
 * ×4 stands for a mid-tier phone on a host scoring about 4,000 and for a low-tier one on a
 * host scoring about 1,050: TBT from a slow host reads like a slower phone's.
 */
const midTierPhoneIndex = 1000
const lowTierPhoneIndex = 264

/** What device class a run's simulated CPU stands for, from the host's benchmarkIndex. */
function simulatedDevice(
  hostIndex: number | null,
  multiplier: number,
): { index: number | null; text: string } {
  if (hostIndex === null || !(multiplier > 0)) return { index: null, text: 'host benchmarkIndex unknown' }
  const index = Math.round(hostIndex / multiplier)
  const tier =
    index >= midTierPhoneIndex
      ? 'a mid-tier phone or faster'
      : index >= lowTierPhoneIndex
        ? 'between a low-tier and a mid-tier phone'
        : 'below a low-tier phone'
  return {
    index,
    text: `host benchmarkIndex ${num(hostIndex, 0)} ÷ ${multiplier} ≈ ${num(index, 0)}: ${tier} (references: mid-tier ${num(midTierPhoneIndex, 0)}, low-tier ${lowTierPhoneIndex})`,
  }
}

/**
 * Chromium's flags for a Lighthouse run: chrome-launcher's defaults and the e2e tests' own,
 * with one more feature turned off in chrome-launcher's single `--disable-features` (Chromium
 * reads only the last of several, so a second one would turn its defaults back on).
 *
 * SpareRendererForSitePerProcess: Chromium keeps a renderer process started ahead of the
 * next navigation. When the page's navigation commits in that process, the renderer's
 * `navigationStart` sometimes misses the trace that Lighthouse began meanwhile, and the run
 * fails with NO_NAVSTART: on /index, 2 of 14 and 3 of 9 runs on one machine; 0 of 56 with the
 * spare process off. Without it Chromium starts the page's renderer when the navigation
 * begins, before any of the page's own work, so no figure Lighthouse simulates moves.
 */
function lighthouseChromiumFlags(): string[] {
  const extra = 'SpareRendererForSitePerProcess'
  const defaults = Launcher.defaultFlags()
  if (!defaults.some((f) => f.startsWith('--disable-features='))) defaults.push('--disable-features=')
  return [
    ...defaults.map((f) =>
      f.startsWith('--disable-features=') ? `${f}${f.endsWith('=') ? '' : ','}${extra}` : f,
    ),
    ...chromiumArgs,
  ]
}

/**
 * One Lighthouse run in its own Chromium with a fresh temp profile; Chromium (its whole
 * process group) is killed and the profile removed afterwards, whatever happened, also
 * when Chromium never opened its DevTools port (chrome-launcher's launch() leaks both then).
 */
async function runOnce(
  url: string,
  chromePath: string,
): Promise<{ lhr: Result; wallMs: number; mainThread: MainThreadFigures | null }> {
  const t0 = Date.now()
  // Lighthouse saves the run's artifacts here (gatherMode), so the run can be audited again
  // from a changed trace (auditMode) without a browser.
  const artifactsDir = mkdtempSync(path.join(tmpdir(), 'bench-lh-'))
  const launcher: Launcher = new Launcher(
    {
      chromePath,
      chromeFlags: lighthouseChromiumFlags(),
      ignoreDefaultFlags: true,
      // The bench's own SIGINT handler (lib/cleanup.ts) stops everything, Chromium included.
      handleSIGINT: false,
      logLevel: 'silent',
      maxConnectionRetries: 60,
    },
    {
      // chrome-launcher's own spawn, plus the guard as soon as Chromium has a pid.
      spawn: ((command: string, args: readonly string[], options: SpawnOptions) => {
        const child = spawn(command, args, options)
        if (child.pid) guardChromium(child.pid, launcher.userDataDir ?? '')
        return child
      }) as typeof spawn,
    },
  )
  const kill = () => {
    try {
      launcher.kill()
    } catch {
      // already gone
    }
    if (launcher.userDataDir) rmSync(launcher.userDataDir, { recursive: true, force: true, maxRetries: 5 })
  }
  const release = onExit(() => {
    kill()
    rmSync(artifactsDir, { recursive: true, force: true })
  })
  try {
    try {
      await launcher.launch()
    } catch (err) {
      const errLog = launcher.userDataDir ? path.join(launcher.userDataDir, 'chrome-err.log') : ''
      const tail =
        errLog && existsSync(errLog)
          ? readFileSync(errLog, 'utf8')
              .split('\n')
              .filter((l) => l.trim() && !/unexpected operator|dbus/i.test(l))
              .slice(-5)
          : []
      throw new Error(
        [
          `Chromium (${chromePath}) did not open its DevTools port: ${(err as Error).message}`,
          ...tail.map((l) => `  ${l}`),
        ].join('\n'),
        { cause: err },
      )
    }
    if (!launcher.port) throw new Error('Chromium started without a DevTools port')
    const flags: Flags = {
      port: launcher.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      // Defaults spelled out: the mobile preset with simulated throttling.
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      maxWaitForLoad: 45_000,
    }
    const result = await withTimeout(
      lighthouse(url, { ...flags, gatherMode: artifactsDir, auditMode: artifactsDir }),
      runTimeoutMs,
      kill,
      'Lighthouse',
    )
    if (!result) throw new Error('Lighthouse returned no result')
    const wallMs = Date.now() - t0
    kill()
    const mainThread = result.lhr.runtimeError
      ? null
      : await mainThreadFigures(url, flags, artifactsDir, result.artifacts.Trace.traceEvents)
    return { lhr: result.lhr, wallMs, mainThread }
  } finally {
    kill()
    release()
    rmSync(artifactsDir, { recursive: true, force: true })
  }
}

/**
 * The run's main thread by thread time (bench/lib/thread-time.ts): how much of its tasks'
 * wall time the thread ran, and the run audited again from its own artifacts with each
 * task shortened to that time (the host's stalls taken out), for TBT and TTI.
 */
async function mainThreadFigures(
  url: string,
  flags: Flags,
  artifactsDir: string,
  traceEvents: readonly unknown[],
): Promise<MainThreadFigures | null> {
  const events = traceEvents as TraceEvent[]
  // The document's URL as the trace names it (Lighthouse may have normalized the address).
  const thread = mainThreadOf(events, url) ?? mainThreadOf(events, new URL(url).href)
  if (!thread) return null
  const time = mainThreadTime(events, thread)
  let withoutStallsFigures: MainThreadFigures['withoutStalls'] = null
  let error: string | null = null
  try {
    writeFileSync(
      path.join(artifactsDir, 'defaultPass.trace.json'),
      JSON.stringify({ traceEvents: withoutStalls(events, thread) }),
    )
    const again = await withTimeout(
      lighthouse(undefined, { ...flags, port: undefined, auditMode: artifactsDir }),
      runTimeoutMs,
      () => undefined,
      'Lighthouse (audit again)',
    )
    const lhr = again?.lhr
    if (!lhr || lhr.runtimeError) throw new Error(lhr?.runtimeError?.message ?? 'no result')
    withoutStallsFigures = {
      tbtMs: metricOf(lhr, 'total-blocking-time', 'ms'),
      ttiMs: metricOf(lhr, 'interactive', 'ms'),
      performance: scoreOf(lhr, 'performance'),
    }
  } catch (err) {
    error = (err as Error).message.split('\n')[0] ?? 'failed'
  }
  return { ...time, withoutStalls: withoutStallsFigures, withoutStallsError: error }
}

function runFigures(
  run: number,
  lhr: Result,
  wallMs: number,
  mainThread: MainThreadFigures | null,
): RunFigures {
  const scores = {} as RunFigures['scores']
  for (const c of categories) scores[c] = scoreOf(lhr, c)
  const m = {} as RunFigures['metrics']
  for (const x of metrics) m[x.key] = metricOf(lhr, x.id, x.unit)
  return {
    run,
    scores,
    metrics: m,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    runWarnings: lhr.runWarnings.map(String),
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    tasksOver: tasksOver(lhr),
    ttiMs:
      lhr.audits.interactive?.numericValue === undefined ? null : round(lhr.audits.interactive.numericValue),
    longTasks: longTasksOf(lhr),
    mainThread,
    lighthouseMs: round(lhr.timing.total),
    wallMs,
  }
}

function longTasksOf(lhr: Result): RunFigures['longTasks'] {
  const details = lhr.audits['long-tasks']?.details
  if (!details || !('items' in details)) return []
  return (details.items as Record<string, unknown>[])
    .map((it) => ({
      startMs: typeof it.startTime === 'number' ? round(it.startTime) : 0,
      ms: typeof it.duration === 'number' ? round(it.duration) : 0,
      source: typeof it.url === 'string' ? (it.url.split('/').pop() ?? it.url) : '?',
    }))
    .sort((a, b) => a.startMs - b.startMs)
}

/**
 * The simulation's long tasks that reach into the run's FCP-TTI window, where TBT counts the
 * part of each past 50 ms. For orientation only: TBT itself averages two simulations, so
 * the list does not add up to it exactly.
 */
function blockingTasksText(figures: RunFigures): string {
  const fcp = figures.metrics.fcpMs
  const tti = figures.ttiMs
  if (fcp === null || tti === null) return 'FCP or TTI unknown'
  const inWindow = figures.longTasks.filter((t) => t.startMs + t.ms > fcp && t.startMs < tti)
  if (inWindow.length === 0) return 'none'
  return inWindow.map((t) => `${t.source} ${num(t.startMs, 0)}+${t.ms}`).join(', ')
}

/** The share of its tasks' wall time the main thread ran, in per cent. */
function ranShare(m: MainThreadFigures | null): number | null {
  return m && m.wallMs > 0 ? Math.round((100 * m.cpuMs) / m.wallMs) : null
}

function mainThreadText(m: MainThreadFigures | null): string {
  if (!m) return 'main thread: not found in the trace'
  const again = m.withoutStalls
    ? `audited again with each task as long as the thread ran it: TBT ${metricText(m.withoutStalls.tbtMs, 'ms')}, ` +
      `TTI ${metricText(m.withoutStalls.ttiMs, 'ms')}, performance ${m.withoutStalls.performance ?? '-'}`
    : `auditing again without the stalls failed: ${m.withoutStallsError ?? '?'}`
  return (
    `main thread (observed): ${m.tasks} tasks, the thread ran ${num(m.cpuMs)} ms of their ${num(m.wallMs)} ms (${ranShare(m)}%); ` +
    `the ${m.long.tasks} over 12.5 ms (over 50 ms ×4): ran ${num(m.long.cpuMs)} of ${num(m.long.wallMs)} ms; ${again}`
  )
}

function tasksOver(lhr: Result): RunFigures['tasksOver'] {
  const details = lhr.audits.diagnostics?.details
  const item =
    details && 'items' in details ? (details.items[0] as Record<string, unknown> | undefined) : undefined
  const count = (key: string) => (typeof item?.[key] === 'number' ? item[key] : null)
  return { ms10: count('numTasksOver10ms'), ms25: count('numTasksOver25ms'), ms50: count('numTasksOver50ms') }
}

/** A short, readable line for one item of an audit's details (tables nested in lists included). */
function describeItem(item: Record<string, unknown>): string {
  const clip = (t: string) => t.replace(/\s+/g, ' ').trim().slice(0, 220)
  const node = item.node as { selector?: string; nodeLabel?: string; snippet?: string } | undefined
  if (node && typeof node === 'object') {
    const label = node.nodeLabel ? ` "${node.nodeLabel.replace(/\s+/g, ' ').slice(0, 60)}"` : ''
    const score = typeof item.score === 'number' ? ` (shift ${item.score.toFixed(3)})` : ''
    return clip(`${node.selector ?? node.snippet ?? '?'}${label}${score}`)
  }
  if (item.type === 'table' && Array.isArray(item.items)) {
    return clip((item.items as Record<string, unknown>[]).slice(0, 4).map(describeItem).join(' | '))
  }
  if (typeof item.type === 'string' && !('url' in item)) return ''
  if (typeof item.phase === 'string') return `${item.phase} ${num(Number(item.timing ?? 0))} ms`
  if (typeof item.groupLabel === 'string') return `${item.groupLabel} ${num(Number(item.duration ?? 0))} ms`
  const parts: string[] = []
  for (const k of ['source', 'issueType', 'value', 'description', 'url', 'scriptUrl']) {
    const v = item[k]
    if (typeof v === 'string' && v) parts.push(v)
    else if (v && typeof v === 'object' && 'url' in v && typeof v.url === 'string') parts.push(v.url)
  }
  const loc = item.sourceLocation as { url?: string; line?: number } | undefined
  if (loc?.url) parts.push(`${loc.url}${loc.line !== undefined ? `:${loc.line}` : ''}`)
  for (const [k, label] of [
    ['wastedBytes', 'waste'],
    ['transferSize', 'transfer'],
  ] as const) {
    const v = item[k]
    if (typeof v === 'number' && v > 0) parts.push(`${label} ${num(v / 1024, 1)} KiB`)
  }
  for (const [k, label] of [
    ['wastedMs', 'waste'],
    ['total', 'total'],
  ] as const) {
    const v = item[k]
    if (typeof v === 'number' && v > 0) parts.push(`${label} ${num(v)} ms`)
  }
  if (typeof item.cacheLifetimeMs === 'number') {
    const h = item.cacheLifetimeMs / 3_600_000
    parts.push(`cached ${h >= 1 ? `${num(h, h % 1 ? 1 : 0)} h` : `${num(item.cacheLifetimeMs / 1000)} s`}`)
  }
  return clip(parts.join(' · ')) || clip(JSON.stringify(item))
}

function itemsOf(lhr: Result, id: string): Record<string, unknown>[] {
  const details = lhr.audits[id]?.details as { items?: unknown[] } | undefined
  return Array.isArray(details?.items) ? (details.items as Record<string, unknown>[]) : []
}

/** Audits of a category the report would show as failed (or that could not run). */
function failedAudits(lhr: Result, category: string, maxItems = 5, group?: string): FailedAudit[] {
  const out: FailedAudit[] = []
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const a = lhr.audits[ref.id]
    if (!a || (group !== undefined && ref.group !== group)) continue
    const mode = a.scoreDisplayMode
    const failed =
      mode === 'error' ||
      ((mode === 'binary' || mode === 'numeric' || mode === 'metricSavings') &&
        typeof a.score === 'number' &&
        a.score < passThreshold)
    if (!failed) continue
    const items = itemsOf(lhr, ref.id)
    out.push({
      category,
      id: ref.id,
      title: a.title,
      score: a.score,
      weight: ref.weight,
      displayValue: mode === 'error' ? `error: ${a.errorMessage ?? '?'}` : (a.displayValue ?? ''),
      items: items.map(describeItem).filter(Boolean).slice(0, maxItems),
      itemCount: items.length,
    })
  }
  return out.sort((x, y) => y.weight - x.weight || x.id.localeCompare(y.id))
}

interface RequestFigure {
  [key: string]: Json
  url: string
  status: number
  ms: number
  transferBytes: number
  resourceType: string
}

function requestsOf(lhr: Result, origin: string): RequestFigure[] {
  return itemsOf(lhr, 'network-requests').map((r) => {
    const url = String(r.url ?? '')
    const start = Number(r.networkRequestTime ?? r.rendererStartTime ?? 0)
    const end = Number(r.networkEndTime ?? start)
    return {
      url: url.startsWith(origin) ? url.slice(origin.length) || '/' : url,
      status: Number(r.statusCode ?? 0),
      ms: round(end - start, 1),
      transferBytes: Number(r.transferSize ?? 0),
      resourceType: String(r.resourceType ?? ''),
    }
  })
}

async function probe(url: string): Promise<{ status: number; contentType: string; bytes: number }> {
  const res = await fetch(url, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(10_000) })
  const text = await res.text()
  const contentType = res.headers.get('content-type') ?? ''
  if (res.status !== 200 || !contentType.includes('text/html')) {
    throw new Error(`GET ${url} answered ${res.status} ${contentType}: ${text.slice(0, 200)}`)
  }
  return { status: res.status, contentType, bytes: Buffer.byteLength(text) }
}

export const section: BenchSection = {
  name: 'lighthouse',
  title: `Lighthouse (mobile, simulated throttling) on ${routePath}, median of ${runCount} runs`,
  order: 30,
  async run(ctx): Promise<SectionResult> {
    const chromePath = findChromium()
    const built = ensureBuild(ctx)
    let portal: PortalServer | undefined
    try {
      portal = await startPortalAfterArt(ctx.root, { STATIC_DIR: built.staticDir }, (l) => ctx.log(l))
      ctx.log(`portal server: pid ${portal.pid}, ${portal.announced}, ready in ${portal.startMs} ms`)
      const url = `${portal.url}${routePath}`
      const page = await probe(url)
      ctx.log(
        `GET ${routePath}: ${page.status} ${page.contentType}, ${page.bytes} B; Chromium: ${chromePath}`,
      )

      // One run first that is not counted: the pictures the warm-up leaves out (the lazy tiles
      // further down) render on their first request, on the cores Chromium runs on. A player's
      // phone never shares a core with the server, and after the first visitor they are cached.
      ctx.log('Lighthouse warm-up run (not counted) …')
      const warm = await runOnce(url, chromePath)
      ctx.log(`  ${(warm.wallMs / 1000).toFixed(1)} s`)

      const runs: { lhr: Result; figures: RunFigures }[] = []
      for (let i = 1; i <= runCount; i++) {
        ctx.log(`Lighthouse run ${i}/${runCount} …`)
        const { lhr, wallMs, mainThread } = await runOnce(url, chromePath)
        const figures = runFigures(i, lhr, wallMs, mainThread)
        runs.push({ lhr, figures })
        if (figures.runtimeError) ctx.log(`  runtime error: ${figures.runtimeError}`)
        ctx.log(
          `  ${categories.map((c) => `${c} ${figures.scores[c] ?? '-'}`).join(', ')}; ` +
            `${(wallMs / 1000).toFixed(1)} s`,
        )
        if (!figures.runtimeError) {
          ctx.log(
            `  TBT ${metricText(figures.metrics.tbtMs, 'ms')} between FCP ${metricText(figures.metrics.fcpMs, 'ms')} ` +
              `and TTI ${metricText(figures.ttiMs, 'ms')}; the long-tasks audit's tasks in that window ` +
              `(start+ms; TBT averages two simulations, so they do not add up to it): ${blockingTasksText(figures)}`,
          )
          ctx.log(`  ${mainThreadText(figures.mainThread)}`)
        }
      }
      const valid = runs.filter((r) => !r.figures.runtimeError)
      if (valid.length === 0) {
        throw new Error(`every Lighthouse run failed: ${runs[0]?.figures.runtimeError ?? 'no runs'}`)
      }

      const medScores = {} as { [K in CategoryId]: number | null }
      for (const c of categories) medScores[c] = median(valid.map((r) => r.figures.scores[c]))
      const medMetrics = {} as { [K in MetricKey]: number | null }
      for (const m of metrics) {
        const v = median(valid.map((r) => r.figures.metrics[m.key]))
        medMetrics[m.key] = v === null ? null : m.unit === 'ms' ? round(v) : round(v, 3)
      }
      const verdicts = {} as { [K in CategoryId]: 'PASS' | 'BELOW' }
      for (const c of categories) {
        const s = medScores[c]
        verdicts[c] = s !== null && s >= budgets[c] ? 'PASS' : 'BELOW'
      }

      let medianLhr: Result
      let medianRunNote = 'closest to the median FCP and TTI (Lighthouse computeMedianRun)'
      try {
        medianLhr = computeMedianRun(valid.map((r) => r.lhr))
      } catch (err) {
        // No TTI in some run: fall back to the run with the median performance score.
        const sorted = [...valid].sort(
          (a, b) => (a.figures.scores.performance ?? 0) - (b.figures.scores.performance ?? 0),
        )
        medianLhr = (sorted[Math.floor(sorted.length / 2)] ?? sorted[0])!.lhr
        medianRunNote = `median performance score (computeMedianRun: ${(err as Error).message})`
      }
      const medianRun = runs.findIndex((r) => r.lhr === medianLhr) + 1

      // Report.
      const runHeads = runs.map((r) => `run ${r.figures.run}`)
      const scoreRows = categories.map((c) => [
        c,
        ...runs.map((r) => String(r.figures.scores[c] ?? '-')),
        String(medScores[c] ?? '-'),
        `>= ${budgets[c]}`,
        verdicts[c],
      ])
      const metricVerdicts = {} as { [K in MetricKey]: 'PASS' | 'OVER' | null }
      for (const m of metrics) {
        const v = medMetrics[m.key]
        metricVerdicts[m.key] = m.max === null ? null : v !== null && v <= m.max ? 'PASS' : 'OVER'
      }
      const metricRows = metrics.map((m) => [
        m.label,
        ...runs.map((r) => metricText(r.figures.metrics[m.key], m.unit)),
        metricText(medMetrics[m.key], m.unit),
        m.max === null ? '' : `<= ${metricText(m.max, m.unit)}`,
        metricVerdicts[m.key] ?? '',
      ])
      ctx.log()
      ctx.log(
        table(['score / metric', ...runHeads, 'median', 'budget', 'verdict'], [...scoreRows, ...metricRows]),
      )
      const medTasks = {
        ms10: median(valid.map((r) => r.figures.tasksOver.ms10)),
        ms25: median(valid.map((r) => r.figures.tasksOver.ms25)),
        ms50: median(valid.map((r) => r.figures.tasksOver.ms50)),
      }
      const tasksText = `${medTasks.ms10 ?? '?'} / ${medTasks.ms25 ?? '?'} / ${medTasks.ms50 ?? '?'}`
      const medRan = median(valid.map((r) => ranShare(r.figures.mainThread)))
      const medWithoutStallsTbt = median(valid.map((r) => r.figures.mainThread?.withoutStalls?.tbtMs ?? null))
      ctx.log(
        `main thread: it ran ${medRan ?? '?'}% of its tasks' wall time (median; the rest the host kept it waiting); ` +
          `TBT with each task as long as the thread ran it: ${metricText(medWithoutStallsTbt, 'ms')} (median; runs ` +
          `${runs.map((r) => metricText(r.figures.mainThread?.withoutStalls?.tbtMs ?? null, 'ms')).join(' / ')}), ` +
          `a lower bound of the page's own blocking (thread time leaves out every wait, a phone's too); ` +
          `the budget judges Lighthouse's own TBT above`,
      )
      ctx.log(
        `main-thread tasks observed over 10 / 25 / 50 ms (median; runs ` +
          `${runs.map((r) => `${r.figures.tasksOver.ms10 ?? '?'}/${r.figures.tasksOver.ms25 ?? '?'}/${r.figures.tasksOver.ms50 ?? '?'}`).join(', ')}): ` +
          `${tasksText}; the simulation counts each ×4, so only a task under 12.5 ms blocks nothing`,
      )
      const settings = medianLhr.configSettings
      const t = settings.throttling
      ctx.log(
        `settings: ${settings.formFactor}, ${settings.screenEmulation.width}×${settings.screenEmulation.height}` +
          ` @${settings.screenEmulation.deviceScaleFactor}x, throttling ${settings.throttlingMethod}` +
          ` (RTT ${t.rttMs} ms, ${round((t.throughputKbps ?? 0) / 1024, 1)} Mbps, CPU ×${t.cpuSlowdownMultiplier});` +
          ` Lighthouse ${medianLhr.lighthouseVersion}, ${medianLhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? ''},` +
          ` benchmarkIndex ${valid.map((r) => r.figures.benchmarkIndex ?? '?').join('/')}`,
      )
      const device = simulatedDevice(
        median(valid.map((r) => r.figures.benchmarkIndex)),
        t.cpuSlowdownMultiplier ?? 0,
      )
      ctx.log(`simulated CPU (median host benchmarkIndex): ${device.text}`)
      // The whole median run as Lighthouse's own HTML report, beside the bench's results file.
      const reportDir = path.join(ctx.root, 'bench', 'results')
      mkdirSync(reportDir, { recursive: true })
      const reportFile = path.join(
        reportDir,
        `lighthouse-${new Date().toISOString().replace(/:/g, '-')}-median.html`,
      )
      writeFileSync(reportFile, generateReport(medianLhr, 'html'))
      const report = path.relative(ctx.root, reportFile)
      ctx.log(`median run: run ${medianRun}, ${medianRunNote}; report: ${report}`)
      const warnings = [...new Set(runs.flatMap((r) => r.figures.runWarnings))]
      for (const w of warnings) ctx.log(`Lighthouse warning: ${w.replace(/\s+/g, ' ').slice(0, 300)}`)

      // Failing audits of the median run.
      const failed = [
        ...failedAudits(medianLhr, 'accessibility'),
        ...failedAudits(medianLhr, 'best-practices'),
      ]
      ctx.log()
      if (failed.length === 0) {
        ctx.log('failed accessibility / best-practices audits (median run): none')
      } else {
        ctx.log(`failed accessibility / best-practices audits (median run): ${failed.length}`)
        ctx.log(
          table(
            ['category', 'audit id', 'title', 'weight', 'items'],
            failed.map((f) => [
              f.category,
              f.id,
              f.title.slice(0, 70),
              String(f.weight),
              String(f.itemCount),
            ]),
          ),
        )
        for (const f of failed) {
          if (f.items.length === 0 && !f.displayValue) continue
          ctx.log(`  ${f.id}${f.displayValue ? ` (${f.displayValue})` : ''}:`)
          for (const it of f.items) ctx.log(`    - ${it}`)
          if (f.itemCount > f.items.length) ctx.log(`    … ${f.itemCount - f.items.length} more`)
        }
      }

      // Performance audits below the threshold (context for the performance score).
      const perfFailed = failedAudits(medianLhr, 'performance', 3, 'diagnostics')
      if (perfFailed.length > 0) {
        ctx.log()
        ctx.log('performance audits below 0.9 (median run, context):')
        for (const f of perfFailed) {
          ctx.log(`  ${f.id}: ${f.title}${f.displayValue ? ` — ${f.displayValue}` : ''}`)
          for (const it of f.items) ctx.log(`    - ${it}`)
        }
      }

      // What looked odd in the page: failed or slow requests, console errors.
      const requests = requestsOf(medianLhr, portal.url)
      const failedRequests = requests.filter((r) => r.status === 0 || r.status >= 400)
      const slowest = [...requests].sort((a, b) => b.ms - a.ms).slice(0, 5)
      const consoleErrors = itemsOf(medianLhr, 'errors-in-console').map(describeItem)
      const transfer = requests.reduce((a, r) => a + r.transferBytes, 0)
      // The same URL fetched from the network more than once (memory-cache hits, 0 B, not counted).
      const fetched = new Map<string, number>()
      for (const r of requests) if (r.transferBytes > 0) fetched.set(r.url, (fetched.get(r.url) ?? 0) + 1)
      const duplicates = [...fetched].filter(([, n]) => n > 1).map(([url, times]) => ({ url, times }))
      ctx.log()
      ctx.log(
        `requests (median run, observed unthrottled on loopback): ${requests.length}, ` +
          `${num(transfer / 1000, 1)} kB transferred; failed: ${failedRequests.length}; ` +
          `fetched twice or more: ${duplicates.length}; ` +
          `console errors: ${consoleErrors.length}`,
      )
      for (const r of failedRequests) ctx.log(`  failed: ${r.status || 'no response'} ${r.url}`)
      for (const d of duplicates) ctx.log(`  fetched ${d.times}× from the network: ${d.url}`)
      ctx.log(
        `  slowest (observed): ${slowest.map((r) => `${r.url.slice(0, 60)} ${r.ms} ms`).join('; ') || 'none'}`,
      )
      for (const e of consoleErrors) ctx.log(`  console error: ${e}`)
      const documentBytes = requests.find((r) => r.resourceType === 'Document')?.transferBytes ?? null
      const documentVerdict =
        documentBytes === null ? '?' : documentBytes <= firstRoundTripBytes ? 'PASS' : 'OVER'
      ctx.log(
        `the page's HTML on the wire (headers included): ${documentBytes === null ? '?' : num(documentBytes, 0)} bytes, ` +
          `budget ${num(firstRoundTripBytes, 0)} (a new connection's first round trip) → ${documentVerdict}`,
      )

      const portalLog = portal.output().filter((l) => !/Portal ready at|^ {2,}\S/.test(l))
      if (portalLog.length > 0) {
        ctx.log(`portal server printed ${portalLog.length} other line(s) (LOG_LEVEL=warn); first ones:`)
        for (const l of portalLog.slice(0, 5)) ctx.log(`  ${l.slice(0, 240)}`)
      }

      const portalStartMs = portal.startMs
      const stop = await portal.stop()
      portal = undefined
      ctx.log(
        `stopped: portal exit ${stop.code ?? stop.signal} in ${stop.ms} ms${stop.forced ? ' (killed after grace period)' : ''}; Chromium killed after each run`,
      )

      const summary: SummaryRow[] = categories.map((c) => ({
        metric: `${c} score`,
        value: String(medScores[c] ?? '-'),
        note: `budget ${budgets[c]}: ${verdicts[c]}${built.distIsDevelopment ? ' (temp prod build)' : ''}`,
      }))
      summary.push(
        {
          metric: 'LCP / TBT / CLS',
          value: `${metricText(medMetrics.lcpMs, 'ms')} / ${metricText(medMetrics.tbtMs, 'ms')} / ${metricText(medMetrics.cls, '')}`,
          note:
            `median of ${valid.length} mobile runs; budgets 1,800 ms / 100 ms / 0.020: ` +
            `${metricVerdicts.lcpMs} / ${metricVerdicts.tbtMs} / ${metricVerdicts.cls}`,
        },
        {
          metric: 'simulated CPU',
          value: device.index === null ? '-' : `≈ ${num(device.index, 0)}`,
          note: device.text,
        },
        {
          metric: 'page HTML on the wire',
          value: documentBytes === null ? '-' : `${num(documentBytes, 0)} B`,
          note: `headers included; budget ${num(firstRoundTripBytes, 0)} B (first round trip): ${documentVerdict}`,
        },
        {
          metric: 'TBT without stalls',
          value: metricText(medWithoutStallsTbt, 'ms'),
          note:
            `median; each main-thread task as long as the thread ran it (it ran ${medRan ?? '?'}% of their wall time); ` +
            `a lower bound of the page's own work, apart from the host's stalls; not judged`,
        },
        {
          metric: 'tasks over 10/25/50 ms',
          value: tasksText,
          note: 'observed main-thread tasks, median of the runs (TBT counts each ×4 above 50 ms)',
        },
        {
          metric: 'failed a11y/bp audits',
          value: String(failed.length),
          note: failed
            .map((f) => f.id)
            .join(', ')
            .slice(0, 80),
        },
      )

      return {
        figures: {
          url: `http://127.0.0.1:<port>${routePath}`,
          build: built.build,
          distIsDevelopment: built.distIsDevelopment,
          chromium: chromePath,
          lighthouseVersion: medianLhr.lighthouseVersion,
          documentBytes,
          settings: {
            formFactor: settings.formFactor,
            throttlingMethod: settings.throttlingMethod,
            rttMs: t.rttMs ?? null,
            throughputKbps: t.throughputKbps ?? null,
            cpuSlowdownMultiplier: t.cpuSlowdownMultiplier ?? null,
          },
          runs: runs.map((r) => r.figures),
          validRuns: valid.length,
          median: {
            scores: medScores,
            metrics: medMetrics,
            tasksOver: medTasks,
            mainThreadRanPercent: medRan,
            tbtWithoutStallsMs: medWithoutStallsTbt,
          },
          simulatedBenchmarkIndex: device.index,
          budgets,
          verdicts,
          metricBudgets: Object.fromEntries(metrics.filter((m) => m.max !== null).map((m) => [m.key, m.max])),
          metricVerdicts,
          medianRun,
          report,
          failedAudits: failed,
          performanceAuditsBelow: perfFailed,
          requests: {
            count: requests.length,
            transferBytes: transfer,
            failed: failedRequests,
            duplicates,
            slowest,
          },
          consoleErrors,
          runWarnings: warnings,
          portalServer: { startMs: portalStartMs, otherOutputLines: portalLog.slice(0, 50), stopMs: stop.ms },
        },
        summary,
      }
    } finally {
      if (portal) await portal.stop().catch(() => undefined)
      if (built.tempDir) rmSync(built.tempDir, { recursive: true, force: true })
      built.release?.()
    }
  },
}
