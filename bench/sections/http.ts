/**
 * Hot public reads: GET /wps/system/whitelabel and the game vendors on the real platform
 * server, each against a bare Fastify 5 server sending the very same bytes, same load, one
 * after the other, both on loopback. The ratio says what the portal's stack (helmet, the
 * access gate, the hot-read cache, logging) costs on its hottest reads. Budgets (issue 11):
 * req/s at least 0.6× bare's, p99 at most 5 ms at 10 connections.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startChild, type ChildServer, type StopResult } from '../lib/child'
import { num, ratio, ratioText, table } from '../lib/format'
import { measure, type LoadFigures, type LoadOptions } from '../lib/load'
import { startPortal, type PortalServer } from '../lib/portal'
import type { BenchSection, Json, SectionResult } from '../lib/types'

function seconds(envName: string, fallback: number): number {
  const raw = process.env[envName]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 1 || n > 120)
    throw new Error(`${envName} must be 1..120 seconds, got ${raw}`)
  return Math.round(n)
}

/** One request before the load: the endpoint answers 2xx with a success envelope. */
async function probe(
  url: string,
): Promise<{ status: number; bytes: number; contentType: string; body: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  const text = await res.text()
  if (res.status < 200 || res.status > 299)
    throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 200)}`)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`GET ${url} did not answer JSON: ${text.slice(0, 200)}`)
  }
  if ((body as { success?: unknown }).success !== true) {
    throw new Error(`GET ${url} did not answer a success envelope: ${text.slice(0, 200)}`)
  }
  return {
    body: text,
    status: res.status,
    bytes: Buffer.byteLength(text),
    contentType: res.headers.get('content-type') ?? '',
  }
}

const targets = [
  { name: 'whitelabel', path: '/wps/system/whitelabel' },
  { name: 'vendors', path: '/wps/relay/GCSGAME_gameVendor' },
] as const

const budget = { ratio: 0.6, p99Ms: 5 }

function describe(label: string, f: LoadFigures): string[] {
  const codes = Object.entries(f.statusCodes)
    .map(([c, n]) => `${c}×${n}`)
    .join(' ')
  return [
    label,
    num(f.requestsPerSec, 0),
    `${f.latencyAvgMs.toFixed(2)}`,
    `${f.latencyP50Ms}`,
    `${f.latencyP99Ms}`,
    `${f.latencyMaxMs}`,
    num(f.requests),
    `${f.non2xx}`,
    `${f.errors + f.timeouts}`,
    codes || '-',
  ]
}

function stopFigures(s: StopResult): { [key: string]: Json } {
  return { code: s.code, signal: s.signal, ms: s.ms, forced: s.forced }
}

export const section: BenchSection = {
  name: 'http',
  title: 'Hot reads: whitelabel and game vendors vs bare Fastify sending the same bytes',
  order: 20,
  async run(ctx): Promise<SectionResult> {
    const load: LoadOptions = {
      connections: 10,
      durationS: seconds('BENCH_HTTP_SECONDS', 10),
      warmupS: seconds('BENCH_HTTP_WARMUP_SECONDS', 2),
    }
    let portal: PortalServer | undefined
    let bare: ChildServer | undefined
    const bodiesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-bodies-'))
    try {
      portal = await startPortal(ctx.root)
      ctx.log(`portal server: pid ${portal.pid}, ${portal.announced}, ready in ${portal.startMs} ms`)

      // The bare server sends the very bytes the portal answers, read once here.
      const bodies: Record<string, string> = {}
      const probes: Record<string, { status: number; bytes: number; contentType: string }> = {}
      for (const t of targets) {
        const p = await probe(`${portal.url}${t.path}`)
        probes[t.name] = p
        bodies[`/same/${t.name}`] = p.body
      }
      const bodiesFile = path.join(bodiesDir, 'bodies.json')
      writeFileSync(bodiesFile, JSON.stringify(bodies))
      bare = await startChild({
        name: 'bare fastify',
        cwd: ctx.root,
        entry: 'bench/servers/bare.ts',
        env: { PORT: '0', HOST: '127.0.0.1', BARE_BODIES: bodiesFile },
        ready: /Bare ready at (\S+)/,
        timeoutMs: 30_000,
      })
      ctx.log(`bare fastify:  pid ${bare.pid}, ${bare.announced}, ready in ${bare.startMs} ms`)
      ctx.log(
        `response bodies: ${targets.map((t) => `${t.name} ${probes[t.name]?.bytes ?? 0} B`).join(', ')}; ` +
          `load: ${load.connections} connections, ${load.warmupS} s warm-up + ${load.durationS} s measured each`,
      )

      const results: { [key: string]: Json } = {}
      const rows: string[][] = []
      const summary: SectionResult['summary'] = []
      let allOk = true
      for (const t of targets) {
        ctx.log(`loading GET ${t.path} …`)
        const mine = await measure(`${portal.url}${t.path}`, load)
        ctx.log(`loading the same bytes from bare Fastify …`)
        const same = await measure(`${bare.url}/same/${t.name}`, load)
        const rpsRatio = ratio(mine.requestsPerSec, same.requestsPerSec)
        const p99Ratio = ratio(mine.latencyP99Ms, same.latencyP99Ms)
        const rpsPass = rpsRatio !== null && rpsRatio >= budget.ratio
        const p99Pass = mine.latencyP99Ms <= budget.p99Ms
        allOk = allOk && mine.allOk && same.allOk
        rows.push(describe(`GET ${t.path}`, mine), describe(`bare, same bytes`, same))
        results[t.name] = {
          portal: mine,
          bare: same,
          ratio: { requestsPerSec: rpsRatio, latencyP99: p99Ratio },
          budget: { ratio: budget.ratio, p99Ms: budget.p99Ms, ratioPass: rpsPass, p99Pass },
        }
        summary.push(
          {
            metric: `${t.name} req/s`,
            value: num(mine.requestsPerSec),
            note: `bare ${num(same.requestsPerSec)}; ratio ${ratioText(rpsRatio)}, budget ≥ ${budget.ratio}×: ${rpsPass ? 'PASS' : 'OVER'}`,
          },
          {
            metric: `${t.name} p99`,
            value: `${mine.latencyP99Ms} ms`,
            note: `bare ${same.latencyP99Ms} ms; budget ≤ ${budget.p99Ms} ms: ${p99Pass ? 'PASS' : 'OVER'}`,
          },
        )
      }

      ctx.log()
      ctx.log(
        table(
          [
            'target',
            'req/s avg',
            'lat avg ms',
            'p50 ms',
            'p99 ms',
            'max ms',
            'requests',
            'non-2xx',
            'errors',
            'status',
          ],
          rows,
        ),
      )
      ctx.log()
      for (const line of summary) ctx.log(`${line.metric}: ${line.value} (${line.note})`)
      ctx.log('(autocannon records latency in whole milliseconds, so small p99 values are coarse)')
      if (!allOk) {
        ctx.log(
          'WARNING: not every response was 2xx (or there were socket errors/timeouts); see the table above',
        )
      } else {
        ctx.log('every response was 2xx, no socket errors or timeouts (warm-up included)')
      }

      const portalLog = portal.output().filter((l) => !/Portal ready at|^ {2}\S/.test(l))
      if (portalLog.length > 0) {
        ctx.log(`portal server printed ${portalLog.length} other line(s) (LOG_LEVEL=warn); first ones:`)
        for (const l of portalLog.slice(0, 5)) ctx.log(`  ${l.slice(0, 240)}`)
      }

      const portalStartMs = portal.startMs
      const portalStop = await portal.stop()
      portal = undefined
      const bareStartMs = bare.startMs
      const bareStop = await bare.stop()
      bare = undefined
      ctx.log(
        `stopped: portal exit ${portalStop.code ?? portalStop.signal} in ${portalStop.ms} ms` +
          `${portalStop.forced ? ' (killed after grace period)' : ''}, temp DATA_DIR removed; ` +
          `bare exit ${bareStop.code ?? bareStop.signal} in ${bareStop.ms} ms`,
      )

      summary.push({
        metric: 'responses 2xx',
        value: allOk ? 'all' : 'NOT all',
        note: 'hot reads and bare, warm-up included',
      })
      return {
        figures: {
          load: { connections: load.connections, durationS: load.durationS, warmupS: load.warmupS },
          ...results,
          allOk,
          probes,
          portalServer: {
            startMs: portalStartMs,
            otherOutputLines: portalLog.slice(0, 50),
            stop: stopFigures(portalStop),
          },
          bareServer: { startMs: bareStartMs, stop: stopFigures(bareStop) },
        },
        summary,
      }
    } finally {
      // On failure, still release both servers and the temp folders.
      rmSync(bodiesDir, { recursive: true, force: true })
      if (portal) await portal.stop().catch(() => undefined)
      if (bare) await bare.stop().catch(() => undefined)
    }
  },
}
