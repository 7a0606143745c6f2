/**
 * `ops jobs`: the job queues with their counts, the schedules, and the latest failures
 * with their error. Read straight from pg-boss's tables, so it answers the same inside the
 * server and from the CLI on a stopped one.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { jobsSchema } from '../jobs/define-job'
import type { CommandSpec, OpsContext } from './commands'
import { OpsError } from './ops-error'

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

async function rows<T extends z.ZodType>(ctx: OpsContext, row: T, query: SQL): Promise<z.output<T>[]> {
  // PGlite answers `{ rows }`, node-postgres a QueryResult: both carry rows.
  const result = (await ctx.db.execute(query)) as unknown as { rows: unknown }
  return z.array(row).parse(result.rows)
}

function table(header: string[], body: (string | number)[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => String(r[i]).length)))
  const line = (cells: (string | number)[]) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join('  ')
  return [line(header), ...body.map(line)]
}

/** The error text pg-boss stored, on one line and short enough for a terminal. */
function oneLine(error: string | null): string {
  const text = (error ?? 'no error recorded').replace(/\s+/g, ' ').trim()
  return text.length > 200 ? `${text.slice(0, 199)}…` : text
}

const usage = 'jobs [failures <n>]'

export const jobsCommands: Record<string, CommandSpec> = {
  jobs: {
    usage,
    readOnly: () => true,
    summary: 'list job queues (created/retry/active/completed/failed), schedules and recent failures',
    async run(ctx, args) {
      let limit = 10
      if (args.length > 0) {
        const n = args[0] === 'failures' ? Number(args[1]) : NaN
        if (!Number.isInteger(n) || n < 1 || n > 500) throw new OpsError(`usage: ${usage}`)
        limit = n
      }
      const [installed] = await rows(
        ctx,
        z.object({ ok: z.boolean() }),
        sql`select to_regclass(${`${jobsSchema}.job`}) is not null as ok`,
      )
      if (!installed?.ok) return 'no job queues yet: the server makes them when it first starts'

      const counts = await rows(
        ctx,
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
        ctx,
        ScheduleRow,
        sql`select name, cron, timezone from ${schema}.schedule order by name`,
      )
      // A job waiting for a retry has failed at least once: its last error shows too. pg-boss
      // counts a retry when it claims the job again, so a failed try is retry_count + 1 either way.
      const failures = await rows(
        ctx,
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

      const out = counts.length
        ? table(
            ['queue', 'created', 'retry', 'active', 'completed', 'failed'],
            counts.map((c) => [c.name, c.created, c.retry, c.active, c.completed, c.failed]),
          )
        : ['no job queues yet']
      out.push('', 'schedules:')
      if (schedules.length === 0) out.push('  none (interval jobs below a minute are offered by each server)')
      for (const s of schedules) out.push(`  ${s.name}  ${s.cron}  ${s.timezone ?? 'UTC'}`)
      out.push('', failures.length ? `last ${failures.length} failures:` : 'no failures')
      for (const f of failures) {
        const where =
          f.state === 'failed'
            ? `failed after ${f.attempts} of ${f.tries} tries`
            : `try ${f.attempts} of ${f.tries} failed, next at ${f.next ?? '?'}`
        out.push(`  ${f.at}  ${f.name}  ${f.id}  ${where}: ${oneLine(f.error)}`)
      }
      return out.join('\n')
    },
  },
}
