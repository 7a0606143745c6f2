/**
 * Server throughput: GET /wps/system/whitelabel on the real platform server against GET
 * /bare on a bare Fastify 5 server, same load, one after the other, both on loopback.
 * The ratio says what the portal's stack (helmet, zod serialisation, access snapshot,
 * logging) costs on its hottest public read.
 */
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
async function probe(url: string): Promise<{ status: number; bytes: number; contentType: string }> {
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
    status: res.status,
    bytes: Buffer.byteLength(text),
    contentType: res.headers.get('content-type') ?? '',
  }
}

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
  title: 'Server throughput: GET /wps/system/whitelabel vs bare Fastify',
  order: 20,
  async run(ctx): Promise<SectionResult> {
    const load: LoadOptions = {
      connections: 10,
      durationS: seconds('BENCH_HTTP_SECONDS', 10),
      warmupS: seconds('BENCH_HTTP_WARMUP_SECONDS', 2),
    }
    let portal: PortalServer | undefined
    let bare: ChildServer | undefined
    try {
      portal = await startPortal(ctx.root)
      ctx.log(`portal server: pid ${portal.pid}, ${portal.announced}, ready in ${portal.startMs} ms`)
      bare = await startChild({
        name: 'bare fastify',
        cwd: ctx.root,
        entry: 'bench/servers/bare.ts',
        env: { PORT: '0', HOST: '127.0.0.1' },
        ready: /Bare ready at (\S+)/,
        timeoutMs: 30_000,
      })
      ctx.log(`bare fastify:  pid ${bare.pid}, ${bare.announced}, ready in ${bare.startMs} ms`)

      const whitelabelUrl = `${portal.url}/wps/system/whitelabel`
      const bareUrl = `${bare.url}/bare`
      const probes = { whitelabel: await probe(whitelabelUrl), bare: await probe(bareUrl) }
      ctx.log(
        `response bodies: whitelabel ${probes.whitelabel.bytes} B, bare ${probes.bare.bytes} B; ` +
          `load: ${load.connections} connections, ${load.warmupS} s warm-up + ${load.durationS} s measured each`,
      )

      ctx.log('loading GET /wps/system/whitelabel …')
      const whitelabel = await measure(whitelabelUrl, load)
      ctx.log('loading GET /bare …')
      const bareFig = await measure(bareUrl, load)

      const rpsRatio = ratio(whitelabel.requestsPerSec, bareFig.requestsPerSec)
      const p99Ratio = ratio(whitelabel.latencyP99Ms, bareFig.latencyP99Ms)
      const allOk = whitelabel.allOk && bareFig.allOk

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
          [describe('GET /wps/system/whitelabel', whitelabel), describe('GET /bare', bareFig)],
        ),
      )
      ctx.log()
      ctx.log(`ratio whitelabel/bare: req/s ${ratioText(rpsRatio)}, p99 ${ratioText(p99Ratio)}`)
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

      return {
        figures: {
          load: { connections: load.connections, durationS: load.durationS, warmupS: load.warmupS },
          whitelabel,
          bare: bareFig,
          ratio: { requestsPerSec: rpsRatio, latencyP99: p99Ratio },
          allOk,
          probes,
          portalServer: {
            startMs: portalStartMs,
            otherOutputLines: portalLog.slice(0, 50),
            stop: stopFigures(portalStop),
          },
          bareServer: { startMs: bareStartMs, stop: stopFigures(bareStop) },
        },
        summary: [
          {
            metric: 'whitelabel req/s',
            value: num(whitelabel.requestsPerSec),
            note: `bare ${num(bareFig.requestsPerSec)}; ratio ${ratioText(rpsRatio)}`,
          },
          {
            metric: 'whitelabel p99',
            value: `${whitelabel.latencyP99Ms} ms`,
            note: `bare ${bareFig.latencyP99Ms} ms; ratio ${ratioText(p99Ratio)}`,
          },
          {
            metric: 'responses 2xx',
            value: allOk ? 'all' : 'NOT all',
            note: `non-2xx ${whitelabel.non2xx + bareFig.non2xx}, errors ${whitelabel.errors + bareFig.errors}`,
          },
        ],
      }
    } finally {
      // On failure, still release both servers and the temp folder.
      if (portal) await portal.stop().catch(() => undefined)
      if (bare) await bare.stop().catch(() => undefined)
    }
  },
}
