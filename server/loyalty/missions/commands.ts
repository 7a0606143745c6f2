/**
 * The operator's mission commands (decision 030, section 8): make one from a template,
 * change, pause, resume and list. Through the missions' admin service, each change with its
 * row in the audit trail.
 */
import { z } from 'zod/mini'
import {
  missionKinds,
  missionRewardKinds,
  newbieGoals,
  signInDays,
  type MissionRule,
} from '#contract/missions'
import { TurnoverSchema } from '#contract/promotions'
import { AppError } from '../../http/errors'
import type { CommandSpec, OpsContext } from '../../ops/commands'
import { OpsError } from '../../ops/ops-error'
import { brandOf, idOf, noMore, oneOf, options, required } from '../../ops/ops-input'
import { createPromotionRepository } from '../../promotions/promotions-repository'
import { createMissionAdmin, type MissionEdit } from './missions-admin'
import { createMissionRepository, type MissionRow } from './missions-repository'
import { ruleInWhole } from './templates'

/** An amount as the operator writes it: whole points or units of money, decimals allowed. */
const Whole = z.number().check(z.gte(0), z.lte(1e12))

/** A rule as the operator writes it (`mission edit <id> rule <JSON>`): points and money as shown. */
const OperatorRuleSchema: z.ZodMiniType<MissionRule> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('signIn'), days: z.array(Whole).check(z.length(signInDays)) }),
  z.object({ kind: z.literal('newbie'), reward: Whole }),
  z.object({
    kind: z.literal('rescue'),
    rate: z.int().check(z.gte(0), z.lte(10_000)),
    cap: Whole,
    minLoss: Whole,
  }),
  z.object({
    kind: z.literal('milestone'),
    tiers: z.array(z.object({ turnover: Whole, reward: Whole })).check(z.minLength(1), z.maxLength(10)),
  }),
])

function admin(ctx: OpsContext) {
  return createMissionAdmin({
    repo: createMissionRepository(ctx.db),
    promotionRepo: createPromotionRepository(ctx.db),
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

function instant(what: string, raw: string | undefined): Date {
  const text = required(what, raw)
  const d = new Date(text)
  if (Number.isNaN(d.getTime()))
    throw new OpsError(`${what} is a time such as 2026-12-01T00:00+07:00, not "${text}"`)
  return d
}

function checked<T>(schema: z.ZodMiniType<T>, what: string, raw: string | undefined): T {
  const text = required(what, raw)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new OpsError(`${what} is not JSON: ${text}`)
  }
  const r = schema.safeParse(value)
  if (!r.success) {
    const issue = r.error.issues[0]
    throw new OpsError(`${what} is invalid at ${issue?.path.join('.') || 'the top'}: ${issue?.message ?? ''}`)
  }
  return r.data
}

const state = (x: MissionRow, at: Date) =>
  x.pausedAt ? 'paused' : x.endsAt && x.endsAt <= at ? 'ended' : x.startsAt > at ? 'coming' : 'running'

/** A mission in one line, its rule's amounts as the operator writes them (whole points, money). */
function line(x: MissionRow, at: Date, decimals: number): string {
  const title = x.titles.en ?? Object.values(x.titles)[0] ?? ''
  const rule = ruleInWhole(x.rule, x.rewardKind, decimals)
  return `#${x.id} ${state(x, at)} ${x.kind}${x.goal ? `/${x.goal}` : ''} ${x.frequency} "${title}" reward ${x.rewardKind} rule ${JSON.stringify(rule)} score ${x.score}${x.promotionId === null ? '' : ` promotion #${x.promotionId}`} from ${x.startsAt.toISOString()}${x.endsAt ? ` to ${x.endsAt.toISOString()}` : ''}`
}

const fields = ['rule', 'reward', 'turnover', 'score', 'start', 'end', 'sort'] as const

function editOf(field: (typeof fields)[number], raw: string | undefined): MissionEdit {
  switch (field) {
    case 'rule':
      return { field, rule: checked(OperatorRuleSchema, 'the rule', raw) }
    case 'reward':
      return { field, rewardKind: oneOf('the reward', raw, missionRewardKinds) }
    case 'turnover':
      return { field, turnover: checked(TurnoverSchema, 'the turnover', raw) }
    case 'score':
      return { field, score: raw === '0' ? 0 : idOf('the score', raw) }
    case 'start':
      return { field, at: instant('the start', raw) }
    case 'end':
      return { field, at: raw === 'none' ? null : instant('the end', raw) }
    case 'sort':
      return { field, sort: idOf('the sort', raw) }
  }
}

export const missionCommands: Record<string, CommandSpec> = {
  mission: {
    usage: `mission create <${missionKinds.join('|')}> [--goal <goal>] [--start <time>] [--end <time>] | edit <id> <${fields.join('|')}> <value> | pause <id> | resume <id> | list`,
    summary:
      'the brand’s missions (sign-in, newbie tasks, rescue, milestones): made, changed, paused, listed; a rule’s amounts in whole points and units of money (12.5 points, 5.00)',
    readOnly: (args) => args[0] === 'list',
    async run(ctx, args) {
      const action = oneOf('mission: the action', args[0], ['create', 'edit', 'pause', 'resume', 'list'])
      const m = await brandOf(ctx)
      const missions = admin(ctx)
      const at = new Date()
      const by = `operator:${ctx.operator ?? 'operator'}`
      if (action === 'list') {
        noMore('mission list', args.slice(1))
        const rows = await missions.all(m, ctx.db)
        return rows.length === 0 ? 'no missions' : rows.map((x) => line(x, at, m.currencyDecimals)).join('\n')
      }
      if (action === 'create') {
        const { values, positionals } = options(args.slice(1), {
          goal: { type: 'string' },
          start: { type: 'string' },
          end: { type: 'string' },
        })
        const kind = oneOf('mission create: the kind', positionals[0], missionKinds)
        noMore(`mission create ${kind}`, positionals.slice(1))
        if (kind === 'newbie' && values.goal === undefined) {
          throw new OpsError(`mission create newbie: --goal is required: one of ${newbieGoals.join(', ')}`)
        }
        if (kind !== 'newbie' && values.goal !== undefined) {
          throw new OpsError(`mission create ${kind}: --goal is for newbie tasks only`)
        }
        const goal = values.goal === undefined ? undefined : oneOf('--goal', values.goal, newbieGoals)
        const x = await told(() =>
          missions.create(
            m,
            kind,
            {
              ...(goal ? { goal } : {}),
              ...(values.start ? { startsAt: instant('--start', values.start) } : {}),
              ...(values.end ? { endsAt: instant('--end', values.end) } : {}),
            },
            by,
            ctx.db,
          ),
        )
        ctx.audit?.({ target: `mission #${x.id}`, before: null, after: { kind, goal: x.goal, rule: x.rule } })
        return `made ${line(x, new Date(), m.currencyDecimals)}`
      }
      const id = idOf(`mission ${action}: the id`, args[1])
      if (action === 'pause' || action === 'resume') {
        noMore(`mission ${action} ${id}`, args.slice(2))
        const x = await told(() => missions.pause(m, id, action === 'pause', ctx.db))
        ctx.audit?.({
          target: `mission #${id}`,
          before: { paused: action !== 'pause' },
          after: { paused: x.pausedAt !== null },
        })
        return `mission #${id} ${action === 'pause' ? 'paused' : 'running again'}`
      }
      const field = oneOf(`mission edit ${id}: the field`, args[2], fields)
      noMore(`mission edit ${id} ${field}`, args.slice(4))
      const e = editOf(field, args[3])
      const done = await told(() => missions.edit(m, id, e, by, ctx.db))
      const pick = (x: MissionRow) => ({
        rule: x.rule,
        rewardKind: x.rewardKind,
        turnover: x.turnover,
        score: x.score,
        startsAt: x.startsAt,
        endsAt: x.endsAt,
        sort: x.sort,
      })
      ctx.audit?.({ target: `mission #${id}`, before: pick(done.before), after: pick(done.after) })
      return `changed ${line(done.after, at, m.currencyDecimals)}`
    },
  },
}
