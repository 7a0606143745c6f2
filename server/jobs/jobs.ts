/**
 * Runs the platform's jobs on pg-boss, in the application's own database: PostgreSQL
 * through the app's pool, embedded PGlite through pg-boss's PGlite adapter. Several
 * instances on one database share the queues, so each job runs on one of them, each
 * scheduled period once, and a failed job is retried with backoff.
 * docs/decisions/002-jobs-on-pg-boss.md says why; server/jobs/README.md how to add a job.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import {
  fromDrizzle,
  fromPglite,
  PgBoss,
  type Db as BossDb,
  type DrizzleTransactionLike,
  type Job,
  type JobResult,
  type PGliteLike,
} from 'pg-boss'
import type { z } from 'zod'
import { pgErrorOf } from '../db/pg-errors'
import type { Database, Tx } from '../plugins/external/db'
import { defaultRetry, jobsSchema, type JobDefinition, type JobRef, type PayloadSchema } from './define-job'

export interface JobsOptions {
  database: Database
  jobs: readonly JobDefinition[]
  log: FastifyBaseLogger
  /** Seconds between a worker's looks for new jobs (default 2, at least 0.5). */
  pollingIntervalSeconds?: number
  /** How long stop() waits for running jobs before failing them (default 8 s). */
  stopTimeoutMs?: number
}

export interface Jobs {
  start(): Promise<void>
  /**
   * Queues one run of a job (now, or at `startAfter`); the payload is checked against the
   * job's schema first. Resolves with the job's id.
   */
  send<S extends PayloadSchema>(
    job: JobRef<S>,
    payload: z.input<S>,
    options?: { startAfter?: Date; singletonKey?: string; retryLimit?: number },
  ): Promise<string | null>
  /**
   * Queues runs of a job inside the caller's transaction: they exist if and only if it
   * commits (the transactional outbox: a fund notice and its push job). Each payload is
   * checked first; the job's retry policy applies. A `wakeOnSend` job's workers are woken at
   * the commit.
   */
  sendInTransaction<S extends PayloadSchema>(tx: Tx, job: JobRef<S>, payloads: z.input<S>[]): Promise<void>
  /**
   * Queues many runs of one job in one statement (each payload checked first), with the
   * job's retry policy, to run now.
   */
  sendMany<S extends PayloadSchema>(job: JobRef<S>, payloads: z.input<S>[]): Promise<void>
  /** Stops taking jobs, waits for the running ones (failing them after the timeout), then returns. */
  stop(): Promise<void>
  /**
   * This instance's workers, one per job, as pg-boss sees them now: what a test waits on
   * (a worker's first look for jobs done, a running job a stop is waiting for) instead of a time.
   */
  workers(): JobWorker[]
}

/** A worker of one job on this instance. */
export interface JobWorker {
  job: string
  state: 'created' | 'active' | 'stopping' | 'stopped'
  /** Jobs it is running now. */
  running: number
  /** When its last look for jobs ended; null before the first. */
  lastPolledAt: Date | null
}

/** How a job's schedule runs on pg-boss. */
export type SchedulePlan =
  { kind: 'cron'; cron: string } | { kind: 'every'; seconds: number } | { kind: 'none' }

/**
 * The cron expression that fires exactly every `seconds`, if there is one: whole minutes
 * that divide an hour, whole hours that divide a day, or a day. pg-boss's cron has minute
 * resolution, so anything else runs as throttled sends instead (see planSchedule).
 */
export function cronForInterval(seconds: number): string | undefined {
  if (!Number.isInteger(seconds) || seconds <= 0 || seconds % 60 !== 0) return undefined
  const minutes = seconds / 60
  if (minutes < 60) {
    if (60 % minutes !== 0) return undefined
    return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`
  }
  if (minutes % 60 !== 0) return undefined
  const hours = minutes / 60
  if (hours < 24) {
    if (24 % hours !== 0) return undefined
    return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`
  }
  return hours === 24 ? '0 0 * * *' : undefined
}

export function planSchedule(job: JobDefinition): SchedulePlan {
  const s = job.schedule
  if (!s) return { kind: 'none' }
  if ('cron' in s) return { kind: 'cron', cron: s.cron }
  if (!Number.isInteger(s.everySeconds) || s.everySeconds < 1) {
    throw new Error(`job ${job.name}: everySeconds must be a whole number of seconds, at least 1`)
  }
  const cron = cronForInterval(s.everySeconds)
  return cron ? { kind: 'cron', cron } : { kind: 'every', seconds: s.everySeconds }
}

/**
 * What a failed job keeps and logs: our own errors as they are, database errors as their
 * SQLSTATE only. Drizzle's messages carry the statement and its parameters, which must
 * not reach the job table, the log or the operator's screen.
 */
export function safeError(err: unknown): Error {
  const db = pgErrorOf(err)
  const original = err instanceof Error ? err : undefined
  let message: string
  if (db) message = `database error ${db.code}${db.constraint ? ` (${db.constraint})` : ''}`
  else if (!original) message = String(err)
  else if (original.message.startsWith('Failed query')) message = 'database query failed'
  else message = original.message
  const safe = new Error(message)
  safe.name = original?.name && !db ? original.name : 'Error'
  const frames = original?.stack?.split('\n').filter((line) => line.startsWith('    at ')) ?? []
  safe.stack = [`${safe.name}: ${message}`, ...frames].join('\n')
  return safe
}

function isPglite(client: unknown): client is PGliteLike {
  const c = client as Partial<Record<'query' | 'exec', unknown>> | null
  return typeof c === 'object' && c !== null && typeof c.query === 'function' && typeof c.exec === 'function'
}

function bossDatabase(database: Database): { db: BossDb; backend: 'pglite' | 'postgres' } {
  // Drizzle exposes the client it was made with; pg-boss works on that same client.
  const client: unknown = (database.db as unknown as { $client?: unknown }).$client
  if (database.kind === 'pglite' && isPglite(client)) {
    // PGlite is one connection: its query() waits for any open transaction, so a job
    // statement never lands inside a request's transaction.
    return { db: fromPglite(client), backend: 'pglite' }
  }
  if (database.kind === 'postgres' && client instanceof pg.Pool) {
    // The app's pool: pg-boss reads multi-statement results itself, as with its own pool.
    return {
      db: { executeSql: (text, values) => client.query(text, values), listen: poolListener(client) },
      backend: 'postgres',
    }
  }
  throw new Error(`jobs: no pg-boss adapter for this ${database.kind} client`)
}

/**
 * LISTEN on a connection of its own (made with the pool's settings, outside the pool so it
 * never holds one of the app's connections), for pg-boss to wake workers the moment a job is
 * queued. A lost connection is made again after a growing pause (1 s to 30 s); then
 * `onReconnect` has pg-boss fetch what was queued meanwhile. Polling runs behind it anyway.
 */
function poolListener(pool: pg.Pool): NonNullable<BossDb['listen']> {
  return async (channel, onNotification, onReconnect) => {
    let closed = false
    let current: pg.Client | undefined
    let retry: NodeJS.Timeout | undefined
    let failures = 0
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ ...pool.options, keepAlive: true })
      const lost = () => {
        if (current !== next) return
        current = undefined
        next.removeAllListeners()
        next.end().catch(() => undefined)
        again()
      }
      next.on('error', lost)
      next.on('end', lost)
      next.on('notification', (msg) => {
        if (msg.payload !== undefined) onNotification(msg.payload)
      })
      current = next
      try {
        await next.connect()
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      } catch (err) {
        if (current === next) current = undefined
        next.removeAllListeners()
        await next.end().catch(() => undefined)
        throw err
      }
      failures = 0
      onReconnect()
    }
    const again = () => {
      if (closed || retry) return
      const pause = Math.min(30_000, 1000 * 2 ** Math.min(failures++, 5))
      retry = setTimeout(() => {
        retry = undefined
        if (!closed) connect().catch(again)
      }, pause)
      retry.unref()
    }
    // The first connection's failure reaches pg-boss, which then only polls.
    await connect()
    return {
      async close() {
        closed = true
        if (retry) clearTimeout(retry)
        const c = current
        current = undefined
        c?.removeAllListeners()
        await c?.end().catch(() => undefined)
      },
    }
  }
}

function queueOptions(job: JobDefinition) {
  const retry = job.retry ?? defaultRetry
  return {
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: retry.backoff,
    retryDelayMax: retry.maxDelaySeconds ?? null,
    expireInSeconds: job.timeoutSeconds ?? 900,
    notify: job.wakeOnSend ?? false,
  }
}

export function createJobs(opts: JobsOptions): Jobs {
  const { log } = opts
  const byName = new Map(opts.jobs.map((j) => [j.name, j]))
  if (byName.size !== opts.jobs.length) throw new Error('jobs: two jobs share a name')
  const polling = Math.max(0.5, opts.pollingIntervalSeconds ?? 2)
  const tickers: NodeJS.Timeout[] = []
  let boss: PgBoss | undefined
  let stopping: Promise<void> | undefined

  const checked = (job: JobDefinition, payload: object): object => {
    if (!job.payload.safeParse(payload).success)
      throw new Error(`job ${job.name}: payload outside its schema`)
    // The input is what is stored, so a schema with transforms reads it again unchanged.
    return payload
  }

  /** Rows for pg-boss's insert: each payload checked, with the job's retry policy. */
  function rowsOf(job: JobRef, payloads: object[]) {
    const registered = byName.get(job.name)
    if (!registered) throw new Error(`job ${job.name} is not registered`)
    const { retryDelayMax, ...policy } = queueOptions(registered)
    return payloads.map((p) => ({
      data: checked(registered, p),
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelay,
      retryBackoff: policy.retryBackoff,
      ...(retryDelayMax === null ? {} : { retryDelayMax }),
      expireInSeconds: policy.expireInSeconds,
    }))
  }

  async function run(job: JobDefinition, [item]: Job<unknown>[]): Promise<void> {
    if (item) await runOne(job, item)
  }

  /** A batch run side by side; each job completes or fails (to be retried) on its own. */
  async function runBatch(job: JobDefinition, items: Job<unknown>[]): Promise<JobResult[]> {
    return Promise.all(
      items.map(async (item): Promise<JobResult> => {
        try {
          await runOne(job, item)
          return { id: item.id, status: 'completed' }
        } catch (err) {
          return { id: item.id, status: 'failed', output: err }
        }
      }),
    )
  }

  async function runOne(job: JobDefinition, item: Job<unknown>): Promise<void> {
    const attempt = item.retryCount + 1
    const jobLog = log.child({ job: job.name, jobId: item.id, attempt })
    try {
      const payload = job.payload.safeParse(item.data)
      if (!payload.success) throw new Error(`payload outside the ${job.name} schema`)
      await job.handler(payload.data, { id: item.id, attempt, signal: item.signal, log: jobLog })
    } catch (err) {
      const safe = safeError(err)
      jobLog.error({ err: safe }, 'job failed')
      throw safe
    }
  }

  /**
   * Intervals cron cannot say: every instance offers a job for the current period a few
   * times a period, and pg-boss keeps one per period (singletonSeconds files each send under
   * floor(database time / period), unique per queue), so the job runs once per period
   * however many instances offer it.
   */
  function startTicker(b: PgBoss, job: JobDefinition, seconds: number, data: object): void {
    let busy = false
    const tick = () => {
      if (busy || stopping) return
      busy = true
      b.send(job.name, data, { singletonSeconds: seconds })
        .catch((err: unknown) =>
          log.error({ err: safeError(err), job: job.name }, 'cannot queue a scheduled job'),
        )
        .finally(() => {
          busy = false
        })
    }
    // A quarter period apart, so a late timer or a slow statement still lands in each period.
    const timer = setInterval(tick, Math.max(250, seconds * 250))
    timer.unref()
    tickers.push(timer)
    tick()
  }

  async function register(b: PgBoss, job: JobDefinition): Promise<void> {
    const plan = planSchedule(job)
    const data = plan.kind === 'none' ? {} : checked(job, job.schedule?.payload ?? {})
    const { retryDelayMax, ...queue } = queueOptions(job)
    const created = { ...queue, ...(job.policy ? { policy: job.policy } : {}) }
    await b.createQueue(job.name, retryDelayMax === null ? created : { ...created, retryDelayMax })
    // createQueue keeps an existing queue as it was; the code's retry policy wins.
    await b.updateQueue(job.name, { ...queue, retryDelayMax })
    const batchSize = Math.max(1, Math.floor(job.batchSize ?? 1))
    if (batchSize > 1) {
      await b.work(
        job.name,
        { pollingIntervalSeconds: polling, batchSize, burstWhenBatchFull: true, perJobResults: true },
        (items: Job<unknown>[]) => runBatch(job, items),
      )
    } else {
      await b.work(job.name, { pollingIntervalSeconds: polling, batchSize: 1 }, (items: Job<unknown>[]) =>
        run(job, items),
      )
    }
    if (plan.kind === 'cron') {
      await b.schedule(job.name, plan.cron, data, { tz: 'UTC' })
    } else {
      // A schedule left from an earlier setting (a cron-sized interval) would run beside the ticks.
      await b.unschedule(job.name)
      if (plan.kind === 'every') startTicker(b, job, plan.seconds, data)
    }
  }

  return {
    async start() {
      if (boss) throw new Error('jobs already started')
      const { db, backend } = bossDatabase(opts.database)
      // LISTEN/NOTIFY wakes `wakeOnSend` queues' workers at once (PGlite delivers it in-process).
      const b = new PgBoss({ db, backend, schema: jobsSchema, instanceName: 'portal', useListenNotify: true })
      // NOTE: an EventEmitter's unheard 'error' throws; pg-boss reports its own failures here.
      b.on('error', (err: unknown) => log.error({ err: safeError(err) }, 'job queue error'))
      b.on('warning', (w) => log.warn({ warning: w.message }, 'job queue warning'))
      boss = b
      try {
        await b.start()
        for (const job of opts.jobs) await register(b, job)
      } catch (err) {
        // Half-started: no timers or pollers may outlive the failure.
        for (const t of tickers) clearInterval(t)
        await b.stop({ graceful: false }).catch(() => undefined)
        throw err
      }
      log.info({ jobs: opts.jobs.map((j) => j.name) }, 'jobs started')
    },

    async send(job, payload, options = {}) {
      if (!boss) throw new Error('jobs not started')
      const registered = byName.get(job.name)
      if (!registered) throw new Error(`job ${job.name} is not registered`)
      return boss.send(job.name, checked(registered, payload), {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
      })
    },

    async sendMany(job, payloads) {
      if (!boss) throw new Error('jobs not started')
      if (payloads.length === 0) return
      await boss.insert(job.name, rowsOf(job, payloads))
    },

    async sendInTransaction(tx, job, payloads) {
      if (!boss) throw new Error('jobs not started')
      if (payloads.length === 0) return
      // pg-boss's statement runs through the transaction's own client (on PGlite the one
      // connection, which the transaction holds until it ends).
      const statements: DrizzleTransactionLike = {
        // Both drivers answer a statement with its rows (pg's QueryResult, PGlite's Results).
        execute: async (query) => (await tx.execute(query as SQL)) as unknown as { rows: unknown[] },
      }
      await boss.insert(job.name, rowsOf(job, payloads), { db: fromDrizzle(statements, sql) })
    },
    stop() {
      stopping ??= (async () => {
        for (const t of tickers) clearInterval(t)
        await boss?.stop({ graceful: true, timeout: opts.stopTimeoutMs ?? 8000 })
      })()
      return stopping
    },

    workers() {
      return (boss?.getWipData() ?? []).map((w) => ({
        job: w.name,
        state: w.state,
        running: w.count,
        lastPolledAt: w.lastFetchedOn === null ? null : new Date(w.lastFetchedOn),
      }))
    },
  }
}
