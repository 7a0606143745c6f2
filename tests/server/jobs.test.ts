/**
 * Jobs on pg-boss, with two server instances (two app + jobs builds) on one database:
 * a scheduled job runs once per period across both, a failing job is retried with backoff
 * and shows as failed to the operator, a batched job runs side by side and settles each of
 * its jobs on its own, the withdrawal auto-receive job does its work, and stopping lets a
 * running job finish.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { z } from 'zod'
import { WithdrawalSchema } from '#contract/funds'
import { buildApp, type AppServices } from '#server/app'
import { withdrawals } from '#server/db/schema'
import { defineJob, jobsSchema } from '#server/jobs/define-job'
import { createJobs, planSchedule, type Jobs } from '#server/jobs/jobs'
import { platformJobs } from '#server/jobs/platform-jobs'
import { openDatabase, type Database } from '#server/plugins/external/db'
import { build, runOps, type TestServer } from '../build-server'
import { createClock, day, valueOf } from '../identity-helpers'
import { moneyMember, sealedMoneyCall } from '../money-helpers'
import { withDatabase } from '../setup/server-global-setup'

const clock = createClock()
// Long enough that a stalled machine (PGlite runs on the test's own thread) still offers the job
// within each period: the test is about "never twice", not about speed.
const tickSeconds = 4

interface Run {
  instance: string
  job: string
  id: string
  attempt: number
}
const runs: Run[] = []

/** A promise and the call that settles it. */
function gate() {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

/** The slow job runs until the test lets it finish. */
const slow = { started: false, finished: false, finish: gate() }
/**
 * Batched runs in flight at once, by instance, and the most seen on one instance; every run
 * holds until the test has seen them side by side.
 */
const batched = { inFlight: new Map<string, number>(), most: 0, release: gate() }

/** The test's own jobs, one set per instance; every run is recorded in `runs`. */
function testJobs(instance: string) {
  const record = (job: string, id: string, attempt: number) => runs.push({ instance, job, id, attempt })
  return {
    tick: defineJob({
      name: 'tests.tick',
      payload: z.object({}),
      schedule: { everySeconds: tickSeconds },
      async handler(_p, ctx) {
        record('tests.tick', ctx.id, ctx.attempt)
      },
    }),
    fails: defineJob({
      name: 'tests.always-fails',
      payload: z.object({ gateway: z.string() }),
      retry: { limit: 2, delaySeconds: 1, backoff: true },
      async handler(p, ctx) {
        record('tests.always-fails', ctx.id, ctx.attempt)
        throw new Error(`${p.gateway} unreachable`)
      },
    }),
    badQuery: defineJob({
      name: 'tests.bad-query',
      payload: z.object({ value: z.string() }),
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      async handler(p, ctx) {
        record('tests.bad-query', ctx.id, ctx.attempt)
        await server.db.execute(sql`select ${p.value}::int`)
      },
    }),
    batched: defineJob({
      name: 'tests.batched',
      payload: z.object({ n: z.number(), fails: z.enum(['never', 'once', 'always']) }),
      retry: { limit: 1, delaySeconds: 1, backoff: false },
      batchSize: 10,
      async handler(p, ctx) {
        record('tests.batched', ctx.id, ctx.attempt)
        const inFlight = (batched.inFlight.get(instance) ?? 0) + 1
        batched.inFlight.set(instance, inFlight)
        batched.most = Math.max(batched.most, inFlight)
        try {
          await batched.release.opened
          if (p.fails === 'always' || (p.fails === 'once' && ctx.attempt === 1)) {
            throw new Error(`push service down for ${p.n}`)
          }
        } finally {
          batched.inFlight.set(instance, (batched.inFlight.get(instance) ?? 1) - 1)
        }
      },
    }),
    slow: defineJob({
      name: 'tests.slow',
      payload: z.object({}),
      async handler() {
        slow.started = true
        await slow.finish.opened
        slow.finished = true
      },
    }),
  }
}

interface Instance {
  services: AppServices
  jobs: Jobs
  defs: ReturnType<typeof testJobs>
  close(): Promise<void>
}

let server: TestServer
let a: Instance
let b: Instance

async function startJobs(name: string, database: Database, services: AppServices): Promise<Instance> {
  const defs = testJobs(name)
  const jobs: Jobs = createJobs({
    database,
    jobs: [
      ...platformJobs(
        services,
        { AUTO_RECEIVE_INTERVAL_SECONDS: 1, PUSH_SWEEP_SECONDS: 1, VENDOR_TX_RETENTION_DAYS: 90 },
        () => jobs,
      ),
      ...Object.values(defs),
    ],
    log: server.app.log,
    pollingIntervalSeconds: 0.5,
  })
  await jobs.start()
  return { services, jobs, defs, close: () => jobs.stop() }
}

/** The second instance's own connection to the same database (PGlite is one per process). */
async function sameDatabaseAgain(): Promise<{ database: Database; close(): Promise<void> }> {
  if (server.database.kind === 'pglite') return { database: server.database, close: async () => undefined }
  const [row] = await rowsOf(z.object({ name: z.string() }), sql`select current_database() as name`)
  const database = await openDatabase({
    databaseUrl: withDatabase(inject('pgAdminUrl'), row!.name),
    poolMax: 4,
  })
  return { database, close: () => database.close() }
}

async function rowsOf<T extends z.ZodType>(row: T, query: ReturnType<typeof sql>): Promise<z.output<T>[]> {
  const result = (await server.db.execute(query)) as unknown as { rows: unknown }
  return z.array(row).parse(result.rows)
}

/** Waits for a condition, polling; fails with `what` when it does not come in time. */
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 20_000) {
  const end = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

beforeAll(async () => {
  server = await build({ now: clock.now, poolMax: 6 })
  a = await startJobs('a', server.database, server.services)
  const again = await sameDatabaseAgain()
  const second = await buildApp(server.config, again.database, { now: clock.now })
  const jobsB = await startJobs('b', again.database, second.services)
  let closing: Promise<void> | undefined
  b = {
    ...jobsB,
    close: () =>
      (closing ??= (async () => {
        await jobsB.close()
        await second.app.close()
        await again.close()
      })()),
  }
})

afterAll(async () => {
  await b?.close()
  await a?.close()
  await server?.close()
})

describe('an interval', () => {
  it('is a pg-boss cron schedule when cron can say it exactly, throttled sends otherwise', () => {
    const plan = (everySeconds: number) =>
      planSchedule(
        defineJob({
          name: 'tests.plan',
          payload: z.object({}),
          schedule: { everySeconds },
          handler: async () => undefined,
        }),
      )
    expect(plan(60)).toEqual({ kind: 'cron', cron: '* * * * *' })
    expect(plan(300)).toEqual({ kind: 'cron', cron: '*/5 * * * *' })
    expect(plan(3600)).toEqual({ kind: 'cron', cron: '0 * * * *' })
    expect(plan(7200)).toEqual({ kind: 'cron', cron: '0 */2 * * *' })
    expect(plan(86_400)).toEqual({ kind: 'cron', cron: '0 0 * * *' })
    for (const seconds of [1, 45, 90, 420, 5400, 4 * 3600 + 60, 2 * 86_400]) {
      expect(plan(seconds)).toEqual({ kind: 'every', seconds })
    }
    expect(() => plan(0.5)).toThrow(/whole number of seconds/)
  })
})

describe('a scheduled job', () => {
  it('runs once per period across two instances', async () => {
    const periods = 3
    // Counted from the next period, when both instances are offering the job.
    const from = Math.floor(Date.now() / 1000 / tickSeconds) + 1
    const to = from + periods - 1
    const runsPerPeriod = async () => {
      const jobs = await rowsOf(
        z.object({ id: z.string(), period: z.coerce.number() }),
        sql`select id::text, floor(extract(epoch from created_on) / ${tickSeconds})::int as period
            from ${sql.raw(jobsSchema)}.job where name = 'tests.tick'`,
      )
      const periodOf = new Map(jobs.map((j) => [j.id, j.period]))
      const counts = new Map<number, number>()
      for (const run of runs.filter((r) => r.job === 'tests.tick')) {
        const period = periodOf.get(run.id)
        if (period !== undefined) counts.set(period, (counts.get(period) ?? 0) + 1)
      }
      return counts
    }
    const counts = await until(`a run in period ${to}`, async () => {
      const c = await runsPerPeriod()
      return c.has(to) ? c : undefined
    })
    for (let p = from; p <= to; p++) expect(counts.get(p), `runs in period ${p}`).toBe(1)
    const ids = runs.filter((r) => r.job === 'tests.tick').map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('sending', () => {
  it('refuses a payload outside the job’s schema and a job the server does not run', async () => {
    await expect(
      a.jobs.send(a.defs.fails, { gateway: 42 } as unknown as { gateway: string }),
    ).rejects.toThrow(/payload outside its schema/)
    await expect(a.jobs.send({ name: 'tests.unknown', payload: z.object({}) }, {})).rejects.toThrow(
      /not registered/,
    )
  })
})

describe('a batched job', () => {
  it('runs its jobs side by side, each completing, retrying or failing on its own', async () => {
    const payloads = Array.from({ length: 20 }, (_, n) => ({
      n,
      fails: n === 7 ? ('always' as const) : n % 5 === 0 ? ('once' as const) : ('never' as const),
    }))
    await a.jobs.sendMany(a.defs.batched, payloads)
    // A batch's jobs run side by side: several hold at once on one instance until let go.
    try {
      await until('batched jobs running side by side on one instance', () =>
        batched.most > 1 ? true : undefined,
      )
    } finally {
      batched.release.open()
    }
    const states = () =>
      rowsOf(
        z.object({ state: z.string(), n: z.number(), retry_count: z.number() }),
        sql`select state::text, (data->>'n')::int as n, retry_count from ${sql.raw(jobsSchema)}.job
            where name = 'tests.batched'`,
      )
    const rows = await until('every batched job to settle', async () => {
      const r = await states()
      return r.length === 20 && r.every((x) => x.state === 'completed' || x.state === 'failed')
        ? r
        : undefined
    })
    const byN = new Map(rows.map((r) => [r.n, r]))
    expect(byN.get(7)).toMatchObject({ state: 'failed', retry_count: 1 })
    for (const n of [0, 5, 10, 15])
      expect(byN.get(n), `job ${n}`).toMatchObject({ state: 'completed', retry_count: 1 })
    for (const n of [1, 2, 3, 19])
      expect(byN.get(n), `job ${n}`).toMatchObject({ state: 'completed', retry_count: 0 })
    const out = await runOps(server, 'jobs', 'failures', '50')
    expect(out).toMatch(/tests\.batched {2}\S+ {2}failed after 2 of 2 tries: push service down for 7/)
  })

  it('refuses a payload outside its schema before queueing any', async () => {
    await expect(
      a.jobs.sendMany(a.defs.batched, [
        { n: 1, fails: 'never' },
        { n: 'x' } as unknown as { n: number; fails: 'never' },
      ]),
    ).rejects.toThrow(/payload outside its schema/)
  })
})

describe('a failing job', () => {
  it('is retried with backoff, then shows as failed with its error in ops jobs', async () => {
    const id = await a.jobs.send(a.defs.fails, { gateway: 'bank gateway' })
    expect(id).toBeTruthy()
    const attempts = () => runs.filter((r) => r.id === id)
    await until('the third attempt', () => (attempts().length === 3 ? true : undefined))
    const [row] = await until('the job to fail', async () => {
      const r = await rowsOf(
        z.object({ state: z.string(), retry_backoff: z.boolean(), retry_count: z.number() }),
        sql`select state::text, retry_backoff, retry_count from ${sql.raw(jobsSchema)}.job where id = ${id}`,
      )
      return r[0]?.state === 'failed' ? r : undefined
    })
    expect(row).toMatchObject({ retry_backoff: true, retry_count: 2 })
    expect(attempts().map((r) => r.attempt)).toEqual([1, 2, 3])

    const out = await runOps(server, 'jobs')
    expect(out).toMatch(/tests\.always-fails\s+0\s+0\s+0\s+0\s+1/)
    expect(out).toContain(`tests.always-fails  ${id}  failed after 3 of 3 tries: bank gateway unreachable`)
    // Both platform schedules are there: hourly pruning on cron, auto-receive (1 s) by ticks.
    expect(out).toMatch(/sessions\.prune {2}0 \* \* \* \*/)
    expect(out).toMatch(/withdrawals\.auto-receive\s+\d+\s+\d+\s+\d+\s+\d+\s+0/)
  })

  it('keeps the statement’s parameters out of its stored error', async () => {
    const id = await a.jobs.send(a.defs.badQuery, { value: 'not-a-number-s3cret' })
    await until('the job to fail', async () => {
      const [r] = await rowsOf(
        z.object({ state: z.string() }),
        sql`select state::text from ${sql.raw(jobsSchema)}.job where id = ${id}`,
      )
      return r?.state === 'failed' ? true : undefined
    })
    const out = await runOps(server, 'jobs', 'failures', '50')
    expect(out).toContain(`tests.bad-query  ${id}  failed after 1 of 1 tries: database error 22P02`)
    expect(out).not.toContain('s3cret')
  })
})

describe('withdrawal auto-receive', () => {
  it('marks a paid withdrawal the member never confirmed as received', async () => {
    const m = await moneyMember(server, '100.00')
    const setPw = await sealedMoneyCall(
      server,
      m.token,
      '/wps/relay/setWithdrawPassword',
      { loginPassword: 'lotus123', paymentPassword: '246810', confirmPaymentPassword: '246810' },
      null,
    )
    expect(setPw.statusCode, setPw.body).toBe(200)
    const card = valueOf(
      await sealedMoneyCall(
        server,
        m.token,
        '/wps/relay/withdrawAddCard',
        { bankCode: 'ABA', accountName: 'Sok Dara', accountNumber: '0123456789', paymentPassword: '246810' },
        null,
      ),
      (v) => z.object({ id: z.number() }).parse(v),
    )
    const w = valueOf(
      await sealedMoneyCall(server, m.token, '/wps/relay/withdraw', {
        amount: '40.00',
        cardId: card.id,
        paymentPassword: '246810',
      }),
      (v) => WithdrawalSchema.parse(v),
    )
    await runOps(server, 'withdrawals', 'approve', String(w.id))
    const status = async () =>
      (await server.db.select({ s: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, w.id)))[0]
        ?.s
    expect(await status()).toBe('PAID')
    // The brand's confirmation time (a day) passes without an answer from the member.
    clock.advance(2 * day)
    await until('the withdrawal to be received', async () =>
      (await status()) === 'AUTO_RECEIVED' ? true : undefined,
    )
  })
})

describe('stopping', () => {
  it('lets a running job finish before it returns', async () => {
    await b.close()
    await a.jobs.send(a.defs.slow, {})
    await until('the slow job to start', () => (slow.started ? true : undefined))
    let returned = false
    const stopped = a.jobs.stop().then(() => {
      returned = true
    })
    // The stop has reached the running job and waits for it: the job's worker is stopping,
    // still running it, and the stop has not returned.
    await until('the stop to wait for the slow job', () =>
      a.jobs.workers().some((w) => w.job === 'tests.slow' && w.state === 'stopping' && w.running === 1)
        ? true
        : undefined,
    )
    expect(returned).toBe(false)
    slow.finish.open()
    await stopped
    expect(slow.finished).toBe(true)
    const [row] = await rowsOf(
      z.object({ state: z.string() }),
      sql`select state::text from ${sql.raw(jobsSchema)}.job where name = 'tests.slow'`,
    )
    expect(row?.state).toBe('completed')
  })
})
