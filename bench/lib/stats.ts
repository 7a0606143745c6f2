/** Latency figures of a run: nearest-rank percentiles, rounded for the report. */
import type { Json } from './types'

export interface Stats {
  [key: string]: Json
  count: number
  minMs: number
  p50Ms: number
  p90Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  meanMs: number
}

export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d

/** Nearest-rank percentiles: with fewer than 100 samples p99 is the slowest one. */
export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b)
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1)
  return {
    count: s.length,
    minMs: round(s[0] ?? 0),
    p50Ms: round(at(50)),
    p90Ms: round(at(90)),
    p95Ms: round(at(95)),
    p99Ms: round(at(99)),
    maxMs: round(s[s.length - 1] ?? 0),
    meanMs: round(mean),
  }
}
