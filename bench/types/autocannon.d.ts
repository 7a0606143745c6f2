/**
 * The part of autocannon's programmatic API the bench uses (the package ships no types and
 * no @types package is installed).
 */
declare module 'autocannon' {
  interface AutocannonOptions {
    url: string
    connections?: number
    duration?: number
    amount?: number
    pipelining?: number
    timeout?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    title?: string
    workers?: number
    expectBody?: string
  }

  /** Histogram summary: averages and percentiles (autocannon records latency in whole ms). */
  interface HistogramStats {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p0_001: number
    p0_01: number
    p0_1: number
    p1: number
    p2_5: number
    p10: number
    p25: number
    p50: number
    p75: number
    p90: number
    p97_5: number
    p99: number
    p99_9: number
    p99_99: number
    p99_999: number
  }

  interface AutocannonResult {
    title?: string
    url: string
    connections: number
    pipelining: number
    duration: number
    samples: number
    start: Date
    finish: Date
    errors: number
    timeouts: number
    mismatches: number
    non2xx: number
    resets: number
    '1xx': number
    '2xx': number
    '3xx': number
    '4xx': number
    '5xx': number
    statusCodeStats: Record<string, { count: number }>
    latency: HistogramStats & { totalCount: number }
    requests: HistogramStats & { sent: number }
    throughput: HistogramStats
  }

  interface Instance extends PromiseLike<AutocannonResult> {
    stop(): void
  }

  function autocannon(opts: AutocannonOptions): Instance

  export type { AutocannonOptions, AutocannonResult, HistogramStats, Instance }
  export default autocannon
}
