/**
 * The operator's command (`rebates`) for the daily rebate and the automatic loss rescue: pay one
 * promotion's period (or see, with --dry-run, who would get what, writing nothing), or run
 * now what the job runs every 15 minutes. Through the rebate service the job uses; a run
 * that pays writes its row in the audit trail.
 */
import { formatMinor } from '#contract/money'
import { currencyOf } from '../money/common'
import { createLedger } from '../money/ledger'
import { sweptNotices } from '../notify/notices'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { brandOf, idOf, noMore, oneOf, required } from '../ops/ops-input'
import { createRebateRepository } from './rebate-repository'
import { rebateServiceOf } from './rebate-service'

/** The members a dry run lists one per line; the rest are counted. */
const shownMembers = 200

const service = (ctx: OpsContext) =>
  rebateServiceOf({
    db: ctx.db,
    ledger: createLedger(ctx.db),
    notices: ctx.notices ?? sweptNotices,
    now: () => new Date(),
  })

export const rebateCommands: Record<string, CommandSpec> = {
  // `rebate` is the agents' rebate rates (server/agent/commands.ts).
  rebates: {
    usage: 'rebates run <promotion id> <YYYY-MM-DD> [--dry-run] | due',
    summary:
      'the automatic daily rebate and loss rescue: pay a promotion’s period containing a brand day (or list who would get what with --dry-run), or pay every closed period not paid yet as the job does',
    readOnly: (args) => args[0] === 'run' && args.includes('--dry-run'),
    // Each chunk of members commits on its own (a run of many members is not one transaction).
    outsideTransaction: true,
    async run(ctx, args) {
      const action = oneOf('rebates: the action', args[0], ['run', 'due'])
      const m = await brandOf(ctx)
      const c = currencyOf(m)
      const rebates = service(ctx)
      if (action === 'due') {
        noMore('rebates due', args.slice(1))
        const done = await rebates.payDue()
        const written = done.reduce((s, p) => s + p.written, 0)
        const paid = done.reduce((s, p) => s + p.paid, 0n)
        ctx.audit?.({
          target: 'rebates due',
          before: null,
          after: { periods: done.length, rewards: written, paid: paid.toString() },
        })
        const lines = done
          .filter((p) => p.written > 0)
          .map(
            (p) =>
              `promotion #${p.promotionId} ${p.from}…${p.to}: ${p.written} members, ${formatMinor(p.paid, c)}`,
          )
        return [
          `${done.length} periods looked at, ${written} members credited ${formatMinor(paid, c)}`,
          ...lines,
        ].join('\n')
      }
      const words = args.filter((a) => a !== '--dry-run')
      const dryRun = words.length !== args.length
      const id = idOf('rebates run: the promotion id', words[1])
      const day = required('rebates run: the brand day (YYYY-MM-DD)', words[2])
      noMore(`rebates run ${id} ${day}`, words.slice(3))
      const r = await rebates.runFor(m, id, day, dryRun)
      if ('error' in r) {
        switch (r.error) {
          case 'bad_day':
            throw new OpsError(`rebates run: the brand day is a date such as 2026-12-01, not "${day}"`)
          case 'promotion_not_found':
            throw new OpsError('promotion_not_found: no such promotion')
          case 'not_paid_by_job':
            throw new OpsError(
              `promotion #${id} is ${r.promotion.claimMode} ${r.promotion.frequency} ${r.promotion.rule.kind}: only automatic daily, weekly or monthly rebates and loss rescues are paid by the job`,
            )
          case 'period_open':
            throw new OpsError(
              `the period of ${day} has not closed yet (it ends ${r.period.end.toISOString()})`,
            )
        }
      }
      const res = r.result
      const total = res.owed.reduce((s, o) => s + o.amount, 0n)
      const head = `promotion #${id} ${res.from}…${res.to}`
      if (dryRun) {
        const shown = res.owed.slice(0, shownMembers)
        const names = await createRebateRepository(ctx.db).accounts(shown.map((o) => o.memberId))
        const lines = shown.map(
          (o) =>
            `${names.get(o.memberId) ?? `member ${o.memberId}`} base ${formatMinor(o.base, c)} amount ${formatMinor(o.amount, c)}`,
        )
        if (res.owed.length > shown.length) lines.push(`… and ${res.owed.length - shown.length} more members`)
        return [
          `${head} (dry run, nothing written): ${res.owed.length} members would be credited ${formatMinor(total, c)}`,
          ...lines,
        ].join('\n')
      }
      ctx.audit?.({
        target: `promotion #${id} period ${res.period}`,
        before: null,
        after: { members: res.written, paid: res.paid.toString() },
      })
      return `${head}: ${res.written} members credited ${formatMinor(res.paid, c)}${res.owed.length > res.written ? ` (${res.owed.length - res.written} were credited by another run)` : ''}`
    },
  },
}
