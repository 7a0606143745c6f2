/**
 * What the job queues hold, read straight from pg-boss's own tables (so it answers the same
 * inside the server and on a stopped one): each queue's counts by state, the schedules, and
 * the latest failures with their error. `npm run ops -- jobs` prints it.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../plugins/external/db'
import { jobsSchema } from './define-job'

// NOTE: a constant of ours, never input: pg-boss's schema name in identifiers below.
const schema = sql.raw(`"${jobsSchema}"`)

const CountsRow = z.object({
  name: z.string(),
  created: z.coerce.number(),
  retry: z.coerce.number(),
  active: z.coerce.number(),
  completed: z.coerce.number(),
  failed: z.coerce.number(),
})
const ScheduleRow = z.object({ name: z.string(), cron: z.string(), timezone: z.string().nullable() })
const FailureRow = z.object({
  name: z.string(),
  id: z.string(),
  state: z.enum(['failed', 'retry']),
  attempts: z.coerce.number(),
  tries: z.coerce.number(),
  at: z.string(),
  next: z.string().nullable(),
  error: z.string().nullable(),
})

async function rows<T extends z.ZodType>(db: Db, row: T, query: SQL): Promise<z.output<T>[]> {
  // PGlite answers `{ rows }`, node-postgres a QueryResult: both carry rows.
  const result = (await db.execute(query)) as unknown as { rows: unknown }
  return z.array(row).parse(result.rows)
}

export interface JobsReport {
  counts: z.output<typeof CountsRow>[]
  schedules: z.output<typeof ScheduleRow>[]
  failures: z.output<typeof FailureRow>[]
}

/** The queues, schedules and the `limit` latest failures; null before pg-boss made its tables. */
export async function jobsReport(db: Db, limit: number): Promise<JobsReport | null> {
  const [installed] = await rows(
    db,
    z.object({ ok: z.boolean() }),
    sql`select to_regclass(${`${jobsSchema}.job`}) is not null as ok`,
  )
  if (!installed?.ok) return null

  const counts = await rows(
    db,
    CountsRow,
    sql`select q.name,
        count(j.id) filter (where j.state = 'created') as created,
        count(j.id) filter (where j.state = 'retry') as retry,
        count(j.id) filter (where j.state = 'active') as active,
        count(j.id) filter (where j.state = 'completed') as completed,
        count(j.id) filter (where j.state = 'failed') as failed
      from ${schema}.queue q left join ${schema}.job j on j.name = q.name
      where q.name not like '\_\_pgboss%'
      group by q.name order by q.name`,
  )
  const schedules = await rows(
    db,
    ScheduleRow,
    sql`select name, cron, timezone from ${schema}.schedule order by name`,
  )
  // A job waiting for a retry has failed at least once: its last error shows too. pg-boss
  // counts a retry when it claims the job again, so a failed try is retry_count + 1 either way.
  const failures = await rows(
    db,
    FailureRow,
    sql`select name, id::text, state::text,
        retry_count + 1 as attempts,
        retry_limit + 1 as tries,
        to_char(coalesce(completed_on, started_on, created_on) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS"Z"') as at,
        case when state = 'retry'
          then to_char(start_after at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS"Z"') end as next,
        coalesce(output->>'message', output->'value'->>'message', output::text) as error
      from ${schema}.job
      where state in ('failed', 'retry') and name not like '\_\_pgboss%'
      order by coalesce(completed_on, started_on, created_on) desc
      limit ${limit}`,
  )

  return { counts, schedules, failures }
}
