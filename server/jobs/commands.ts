/**
 * `ops jobs`: the job queues with their counts, the schedules, and the latest failures
 * with their error, as server/jobs/jobs-report.ts reads them from pg-boss's tables.
 */
import type { CommandSpec } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { noMore, oneOf } from '../ops/ops-input'
import { jobsReport } from './jobs-report'

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
        oneOf('jobs: the list', args[0], ['failures'])
        const n = Number(args[1])
        if (!/^\d{1,3}$/.test(args[1] ?? '') || n < 1 || n > 500) {
          throw new OpsError(
            args[1] === undefined
              ? 'jobs failures: the count is required (1 to 500)'
              : `jobs failures: the count is a whole number from 1 to 500, not "${args[1]}"`,
          )
        }
        noMore(`jobs failures ${n}`, args.slice(2))
        limit = n
      }
      const report = await jobsReport(ctx.db, limit)
      if (!report) return 'no job queues yet: the server makes them when it first starts'
      const { counts, schedules, failures } = report

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
