/**
 * One load measurement with autocannon's programmatic API: a discarded warm-up run, then
 * the measured run, both bounded in time and aimed only at a loopback URL.
 */
import autocannon, { type AutocannonResult } from 'autocannon'
import type { Json } from './types'

export interface LoadOptions {
  connections: number
  durationS: number
  warmupS: number
  headers?: Record<string, string>
}

export interface LoadFigures {
  [key: string]: Json
  url: string
  connections: number
  durationS: number
  warmupS: number
  /** Mean of the per-second request counts of the measured run. */
  requestsPerSec: number
  requestsPerSecStddev: number
  latencyAvgMs: number
  latencyP50Ms: number
  latencyP90Ms: number
  latencyP99Ms: number
  latencyMaxMs: number
  requests: number
  ok2xx: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: { [code: string]: number }
  bytesPerSec: number
  warmupRequests: number
  warmupNon2xx: number
  warmupErrors: number
  /** Every response of warm-up and measured run was 2xx, with no socket errors or timeouts. */
  allOk: boolean
}

function assertLoopback(url: string): void {
  const host = new URL(url).hostname
  if (host !== '127.0.0.1') throw new Error(`refusing to load ${url}: the bench only targets 127.0.0.1`)
}

async function once(url: string, seconds: number, opts: LoadOptions): Promise<AutocannonResult> {
  return await autocannon({
    url,
    connections: opts.connections,
    duration: seconds,
    timeout: 10,
    ...(opts.headers ? { headers: opts.headers } : {}),
  })
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d

export async function measure(url: string, opts: LoadOptions): Promise<LoadFigures> {
  assertLoopback(url)
  const warm = await once(url, opts.warmupS, opts)
  const r = await once(url, opts.durationS, opts)
  const statusCodes: { [code: string]: number } = {}
  for (const [code, s] of Object.entries(r.statusCodeStats)) statusCodes[code] = s.count
  return {
    url,
    connections: opts.connections,
    durationS: opts.durationS,
    warmupS: opts.warmupS,
    requestsPerSec: round(r.requests.average),
    requestsPerSecStddev: round(r.requests.stddev),
    latencyAvgMs: round(r.latency.average),
    latencyP50Ms: r.latency.p50,
    latencyP90Ms: r.latency.p90,
    latencyP99Ms: r.latency.p99,
    latencyMaxMs: r.latency.max,
    requests: r['2xx'] + r.non2xx,
    ok2xx: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    bytesPerSec: round(r.throughput.average, 0),
    warmupRequests: warm['2xx'] + warm.non2xx,
    warmupNon2xx: warm.non2xx,
    warmupErrors: warm.errors + warm.timeouts,
    allOk:
      r.non2xx === 0 &&
      r.errors === 0 &&
      r.timeouts === 0 &&
      r['2xx'] > 0 &&
      warm.non2xx === 0 &&
      warm.errors === 0 &&
      warm.timeouts === 0,
  }
}
