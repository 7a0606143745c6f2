/**
 * Operator commands for promotions: make one from a template, change, pause, resume and list
 * them; list the applications and approve or reject them. Through the promotion service, each
 * change with its row in the audit trail.
 */
import type { z } from 'zod/mini'
import { formatMinor } from '#contract/money'
import { EligibilitySchema, RewardRuleSchema, TurnoverSchema } from '#contract/promotions'
import { AppError } from '../http/errors'
import { currencyOf } from '../money/common'
import { createLedger } from '../money/ledger'
import { sweptNotices } from '../notify/notices'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { amountOf, brandOf, idOf, noMore, oneOf, options, required } from '../ops/ops-input'
import { createPromotionRepository, type PromotionRow } from './promotions-repository'
import { createPromotionService } from './promotions-service'
import { raffleCommand } from './raffle-command'
import { rebateCommands } from './rebate-command'
import { templateNames } from './templates'
import { turnoverLink } from './turnover-link'

function service(ctx: OpsContext) {
  return createPromotionService({
    db: ctx.db,
    repo: createPromotionRepository(ctx.db),
    ledger: createLedger(ctx.db),
    notices: ctx.notices ?? sweptNotices,
    turnover: turnoverLink(ctx.db),
    now: () => new Date(),
  })
}

async function told<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof AppError) throw new OpsError(`${err.errorCode}: ${err.message}`)
    throw err
  }
}

function instant(what: string, raw: string): Date {
  const d = new Date(raw)
  if (Number.isNaN(d.getTime()))
    throw new OpsError(`${what} is a time such as 2026-12-01T00:00+07:00, not "${raw}"`)
  return d
}

/** A value checked by the contract's schema; the first issue as the operator's one line. */
function checked<T>(schema: z.ZodMiniType<T>, what: string, value: unknown): T {
  const r = schema.safeParse(value)
  if (!r.success) {
    const issue = r.error.issues[0]
    throw new OpsError(`${what} is invalid at ${issue?.path.join('.') || 'the top'}: ${issue?.message ?? ''}`)
  }
  return r.data
}

function json(what: string, raw: string | undefined): unknown {
  const text = required(what, raw)
  try {
    return JSON.parse(text)
  } catch {
    throw new OpsError(`${what} is not JSON: ${text}`)
  }
}

const state = (p: PromotionRow, at: Date) =>
  p.pausedAt ? 'paused' : p.endsAt && p.endsAt <= at ? 'ended' : p.startsAt > at ? 'coming' : 'running'

function line(p: PromotionRow, at: Date): string {
  const title = p.titles.en ?? Object.values(p.titles)[0] ?? ''
  const code = p.code ? ` code ${p.code}${p.codeUses === null ? '' : ` (${p.codeUses} uses)`}` : ''
  return `#${p.id} ${state(p, at)} ${p.template} ${p.category}/${p.claimMode}/${p.frequency} "${title}"${code} from ${p.startsAt.toISOString()}${p.endsAt ? ` to ${p.endsAt.toISOString()}` : ''} rule ${JSON.stringify(p.rule)} turnover ${p.turnover.multipleTenths / 10}x ${p.turnover.base}`
}

const fields = ['rule', 'eligibility', 'turnover', 'start', 'end', 'sort', 'uses', 'image'] as const

export const promotionCommands: Record<string, CommandSpec> = {
  ...rebateCommands,
  promotion: {
    usage: `promotion create <template> [--start <time>] [--end <time>] [--code <code>] [--uses <n>] | edit <id> <${fields.join('|')}> <value> | pause <id> | resume <id> | list (templates: ${templateNames.join(', ')})`,
    summary: 'the brand’s promotions: made from a template, changed, paused, listed',
    readOnly: (args) => args[0] === 'list',
    async run(ctx, args) {
      const action = oneOf('promotion: the action', args[0], ['create', 'edit', 'pause', 'resume', 'list'])
      const m = await brandOf(ctx)
      const promotions = service(ctx)
      const at = new Date()
      if (action === 'list') {
        noMore('promotion list', args.slice(1))
        const rows = await promotions.all(m)
        return rows.length === 0 ? 'no promotions' : rows.map((p) => line(p, at)).join('\n')
      }
      if (action === 'create') {
        const { values, positionals } = options(args.slice(1), {
          start: { type: 'string' },
          end: { type: 'string' },
          code: { type: 'string' },
          uses: { type: 'string' },
        })
        const name = oneOf('promotion create: the template', positionals[0], templateNames)
        noMore(`promotion create ${name}`, positionals.slice(1))
        const p = await told(() =>
          promotions.create(
            m,
            name,
            {
              ...(values.start ? { startsAt: instant('--start', values.start) } : {}),
              ...(values.end ? { endsAt: instant('--end', values.end) } : {}),
              ...(values.code ? { code: values.code } : {}),
              ...(values.uses ? { codeUses: idOf('--uses', values.uses) } : {}),
            },
            `operator:${ctx.operator ?? 'operator'}`,
          ),
        )
        ctx.audit?.({ target: `promotion #${p.id}`, before: null, after: { template: name, rule: p.rule } })
        return `made ${line(p, at)}`
      }
      const id = idOf(`promotion ${action}: the id`, args[1])
      if (action === 'pause' || action === 'resume') {
        noMore(`promotion ${action} ${id}`, args.slice(2))
        const done = await told(() => promotions.edit(m, id, { pausedAt: action === 'pause' ? at : null }))
        ctx.audit?.({
          target: `promotion #${id}`,
          before: { paused: done.before.pausedAt !== null },
          after: { paused: done.after.pausedAt !== null },
        })
        return `promotion #${id} ${action === 'pause' ? 'paused' : 'running again'}`
      }
      const field = oneOf(`promotion edit ${id}: the field`, args[2], fields)
      const raw = args[3]
      noMore(`promotion edit ${id} ${field}`, args.slice(4))
      const set =
        field === 'rule'
          ? { rule: checked(RewardRuleSchema, 'the rule', json('the rule', raw)) }
          : field === 'eligibility'
            ? { eligibility: checked(EligibilitySchema, 'the eligibility', json('the eligibility', raw)) }
            : field === 'turnover'
              ? { turnover: checked(TurnoverSchema, 'the turnover', json('the turnover', raw)) }
              : field === 'start'
                ? { startsAt: instant('the start', required('the start', raw)) }
                : field === 'end'
                  ? { endsAt: raw === 'none' ? null : instant('the end', required('the end', raw)) }
                  : field === 'sort'
                    ? { sort: idOf('the sort', raw) }
                    : field === 'uses'
                      ? { codeUses: raw === 'none' ? null : idOf('the uses', raw) }
                      : { imageUrl: raw === 'none' ? null : required('the image path', raw) }
      const done = await told(() => promotions.edit(m, id, set))
      const pick = (p: PromotionRow) =>
        Object.fromEntries(Object.keys(set).map((k) => [k, p[k as keyof PromotionRow]]))
      ctx.audit?.({ target: `promotion #${id}`, before: pick(done.before), after: pick(done.after) })
      return `changed ${line(done.after, at)}`
    },
  },
  application: {
    usage: 'application list [--all] | approve <id> [amount] | reject <id> <reason…>',
    summary:
      'members’ applications to apply-and-approve promotions: list, approve (credits the reward), reject',
    readOnly: (args) => args[0] === 'list',
    async run(ctx, args) {
      const action = oneOf('application: the action', args[0], ['list', 'approve', 'reject'])
      const m = await brandOf(ctx)
      const promotions = service(ctx)
      const c = currencyOf(m)
      if (action === 'list') {
        const all = args[1] === '--all'
        noMore('application list', args.slice(all ? 2 : 1))
        const rows = await promotions.applications(m, all)
        if (rows.length === 0) return all ? 'no applications' : 'no application is waiting'
        return rows
          .map(
            (r) =>
              `#${r.claim.id} ${r.claim.status} ${r.account} "${r.titles.en ?? ''}" ${r.claim.createdAt.toISOString()} remark "${r.claim.remark ?? ''}" images ${(r.claim.images ?? []).length}${r.claim.amount === null ? '' : ` amount ${formatMinor(r.claim.amount, c)}`}${r.claim.reason ? ` reason "${r.claim.reason}"` : ''}`,
          )
          .join('\n')
      }
      const id = idOf(`application ${action}: the id`, args[1])
      const operator = ctx.operator ?? 'operator'
      if (action === 'approve') {
        noMore(`application approve ${id}`, args.slice(3))
        const amount = args[2] === undefined ? undefined : amountOf(args[2], 'the amount', c)
        const done = await told(() => promotions.approve(m, id, operator, amount))
        ctx.audit?.({
          target: `application #${id}`,
          before: { status: 'applying' },
          after: { status: done.status, amount: formatMinor(done.amount ?? 0n, c) },
        })
        return `application #${id} approved: ${formatMinor(done.amount ?? 0n, c)} credited`
      }
      const reason = required('application reject: the reason', args.slice(2).join(' '))
      const done = await told(() => promotions.reject(m, id, operator, reason))
      ctx.audit?.({
        target: `application #${id}`,
        before: { status: 'applying' },
        after: { status: done.status, reason },
      })
      return `application #${id} rejected`
    },
  },
  raffle: raffleCommand,
}
