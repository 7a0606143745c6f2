/**
 * The operator's point-mall commands (decision 030, section 8): rewards (add, edit, restock,
 * disable, enable, list) and redemptions (list, approve, reject with a remark). Through the
 * mall's services; each change with its row in the audit trail.
 */
import { formatMinor, type CurrencyUnits } from '#contract/money'
import {
  maxRedemptionRemark,
  pointRewardKinds,
  redemptionNumber,
  type PointRewardKind,
} from '#contract/point-mall'
import { parsePoints, pointsOf } from '#contract/points-values'
import { AppError } from '../../http/errors'
import { currencyOf, type MerchantRow } from '../../money/common'
import type { CommandSpec, OpsContext } from '../../ops/commands'
import { OpsError } from '../../ops/ops-error'
import {
  amountOf,
  brandOf,
  idOf,
  noMore,
  oneOf,
  options,
  parsed,
  required,
  text,
  textsOf,
} from '../../ops/ops-input'
import { multipleTenths } from './commands'
import type { RewardEdit } from './mall-admin'
import { mallServicesOf } from './mall-of'
import type { RewardRow } from './mall-repository'

const services = (ctx: OpsContext) => mallServicesOf(ctx.db, ctx.notices ? { notices: ctx.notices } : {})

function pointsArg(what: string, raw: string | undefined): bigint {
  const v = required(what, raw)
  const c = parsePoints(v)
  if (c === null || c > 100_000_000_00n)
    throw new OpsError(`${what} is a number of points above zero (at most 2 decimals), not "${v}"`)
  return c
}

function countOrNone(what: string, raw: string | undefined, min: number): number | null {
  const v = required(what, raw)
  if (v === 'none') return null
  if (!/^\d{1,7}$/.test(v) || Number(v) < min)
    throw new OpsError(`${what} is a whole number from ${min} to 9,999,999, or none, not "${v}"`)
  return Number(v)
}

function moneyOrZero(what: string, raw: string | undefined, c: CurrencyUnits): bigint {
  const v = required(what, raw)
  return /^0+(\.0+)?$/.test(v) ? 0n : amountOf(v, what, c)
}

function imageOf(what: string, raw: string | undefined): string | null {
  const v = required(what, raw)
  if (v === 'none') return null
  if (!/^(https:\/\/|\/)[^\s"'<>]{1,300}$/.test(v))
    throw new OpsError(
      `${what} is an https:// address or a path of the portal (/images/…), or none, not "${v}"`,
    )
  return v
}

function timeOf(what: string, raw: string | undefined): Date {
  const v = required(what, raw)
  const t = Date.parse(v)
  if (!/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(t))
    throw new OpsError(`${what} is a time such as 2026-12-01T00:00:00+07:00, not "${v}"`)
  return new Date(t)
}

function describe(r: RewardRow, taken: number, c: CurrencyUnits & { symbol: string }): string {
  const state = r.disabledAt ? 'disabled' : r.endsAt && r.endsAt <= new Date() ? 'ended' : 'on'
  const money = (v: bigint) => `${c.symbol}${formatMinor(v, c)}`
  return [
    `#${r.id} ${r.kind} "${r.names.en ?? Object.values(r.names)[0] ?? ''}" ${state}`,
    `${pointsOf(r.points)} points`,
    r.amountRequired > 0n ? `+ ${money(r.amountRequired)}` : null,
    r.kind !== 'physical' ? `gives ${money(r.value)}` : null,
    r.kind === 'bonus' ? `turnover ×${r.turnover.multipleTenths / 10}` : null,
    `stock ${r.stock === null ? 'unlimited' : `${Math.max(0, r.stock - taken)} of ${r.stock} left`}`,
    `limit ${r.memberLimit ?? 'none'}`,
  ]
    .filter((x) => x !== null)
    .join(', ')
}

const editFields = [
  'names',
  'descriptions',
  'image',
  'points',
  'amount',
  'value',
  'turnover',
  'stock',
  'limit',
  'start',
  'end',
  'sort',
] as const

function editOf(field: (typeof editFields)[number], raw: string | undefined, c: CurrencyUnits): RewardEdit {
  const what = `reward edit: the ${field}`
  switch (field) {
    case 'names':
      return { names: textsOf(what, raw, 60) }
    case 'descriptions':
      return { descriptions: textsOf(what, raw, 400) }
    case 'image':
      return { imageUrl: imageOf(what, raw) }
    case 'points':
      return { points: pointsArg(what, raw) }
    case 'amount':
      return { amountRequired: moneyOrZero(what, raw, c) }
    case 'value':
      return { value: moneyOrZero(what, raw, c) }
    case 'turnover':
      return { turnover: { multipleTenths: multipleTenths(required(what, raw), what), base: 'bonus' } }
    case 'stock':
      return { stock: countOrNone(what, raw, 0) }
    case 'limit':
      return { memberLimit: countOrNone(what, raw, 1) }
    case 'start':
      return { startsAt: timeOf(what, raw) }
    case 'end':
      return { endsAt: required(what, raw) === 'none' ? null : timeOf(what, raw) }
    case 'sort': {
      const v = required(what, raw)
      if (!/^\d{1,4}$/.test(v)) throw new OpsError(`${what} is a whole number from 0 to 9999, not "${v}"`)
      return { sort: Number(v) }
    }
  }
}

/** An edit's columns as the audit trail keeps them (bigints as text). */
function kept(r: RewardRow, set: RewardEdit): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(set).map((k) => {
      const v = (r as Record<string, unknown>)[k]
      return [k, typeof v === 'bigint' ? v.toString() : v instanceof Date ? v.toISOString() : v]
    }),
  )
}

async function rewardCommand(ctx: OpsContext, args: string[]): Promise<string> {
  const [word, ...rest] = args
  const mode = oneOf('reward: the action', word, ['add', 'edit', 'stock', 'disable', 'enable', 'list'])
  const m: MerchantRow = await brandOf(ctx)
  const c = currencyOf(m)
  const { admin } = services(ctx)
  if (mode === 'list') {
    noMore('reward list', rest)
    const rows = await admin.all(m, ctx.db)
    if (rows.length === 0)
      return `no rewards in ${m.code}; add one with: reward add <physical|cash|bonus> --points <n> <names JSON>`
    const taken = await admin.unitsTaken(
      rows.map((r) => r.id),
      ctx.db,
    )
    return rows.map((r) => describe(r, taken.get(r.id) ?? 0, c)).join('\n')
  }
  if (mode === 'add') {
    const { values, positionals } = options(rest, {
      points: { type: 'string' },
      amount: { type: 'string' },
      value: { type: 'string' },
      stock: { type: 'string' },
      limit: { type: 'string' },
      turnover: { type: 'string' },
      image: { type: 'string' },
      describe: { type: 'string' },
    })
    const [rawKind, rawNames, ...extra] = positionals
    const kind: PointRewardKind = oneOf('reward add: the kind', rawKind, pointRewardKinds)
    noMore(`reward add ${kind}`, extra)
    const names = textsOf('reward add: the names', rawNames, 60)
    if (kind === 'physical' && values.value !== undefined)
      throw new OpsError('reward add: an item credits no money; leave out --value')
    if (kind !== 'bonus' && values.turnover !== undefined)
      throw new OpsError('reward add: only a bonus carries --turnover')
    const value = kind === 'physical' ? 0n : amountOf(values.value, 'reward add: --value', c)
    const r = await admin.add(
      m,
      {
        kind,
        names,
        descriptions:
          values.describe === undefined ? {} : textsOf('reward add: --describe', values.describe, 400),
        imageUrl: values.image === undefined ? null : imageOf('reward add: --image', values.image),
        points: pointsArg('reward add: --points', values.points),
        amountRequired:
          values.amount === undefined ? 0n : moneyOrZero('reward add: --amount', values.amount, c),
        value,
        turnover: {
          multipleTenths:
            values.turnover === undefined ? 0 : multipleTenths(values.turnover, 'reward add: --turnover'),
          base: 'bonus',
        },
        stock: values.stock === undefined ? null : countOrNone('reward add: --stock', values.stock, 0),
        memberLimit: values.limit === undefined ? null : countOrNone('reward add: --limit', values.limit, 1),
      },
      ctx.operator ?? 'operator',
      ctx.db,
    )
    ctx.audit?.({
      target: `reward ${r.id}`,
      before: null,
      after: { kind, names, points: pointsOf(r.points) },
    })
    ctx.invalidate()
    return `added ${describe(r, 0, c)}`
  }
  const id = idOf(`reward ${mode}: the reward's id`, rest[0])
  try {
    if (mode === 'disable' || mode === 'enable') {
      noMore(`reward ${mode} ${id}`, rest.slice(1))
      const { before, after } = await admin.setDisabled(m, id, mode === 'disable', ctx.db)
      ctx.audit?.({
        target: `reward ${id}`,
        before: { disabledAt: before.disabledAt },
        after: { disabledAt: after.disabledAt },
      })
      ctx.invalidate()
      return describe(after, 0, c)
    }
    let set: RewardEdit
    if (mode === 'stock') {
      noMore(`reward stock ${id}`, rest.slice(2))
      set = { stock: countOrNone('reward stock: the units ever offered', rest[1], 0) }
    } else {
      const field = oneOf('reward edit: the field', rest[1], editFields)
      noMore(`reward edit ${id} ${field}`, rest.slice(3))
      set = editOf(field, rest[2], c)
    }
    const { before, after } = await admin.edit(m, id, set, ctx.db)
    ctx.audit?.({ target: `reward ${id}`, before: kept(before, set), after: kept(after, set) })
    ctx.invalidate()
    const taken = await admin.unitsTaken([id], ctx.db)
    return describe(after, taken.get(id) ?? 0, c)
  } catch (err) {
    if (err instanceof AppError)
      throw new OpsError(
        `reward ${mode} ${id}: ${err.errorCode === 'point_reward_not_found' ? 'no such reward' : err.message}`,
      )
    throw err
  }
}

async function redemptionCommand(ctx: OpsContext, args: string[]): Promise<string> {
  const [word, ...rest] = args
  const mode = oneOf('redemption: the action', word, ['list', 'approve', 'reject'])
  const m = await brandOf(ctx)
  const c = currencyOf(m)
  const { admin } = services(ctx)
  if (mode === 'list') {
    const all = rest[0] === '--all'
    noMore(`redemption list${all ? ' --all' : ''}`, rest.slice(all ? 1 : 0))
    const rows = await admin.redemptions(m, all, ctx.db)
    if (rows.length === 0) return all ? 'no redemptions' : 'no redemptions in process'
    return rows
      .map((r) =>
        [
          `${redemptionNumber(r.id)} (${r.id}) ${r.status} ${r.createdAt.toISOString()} member ${r.memberId}`,
          `${r.type} "${(r.names as Record<string, string>).en ?? ''}" ×${r.quantity}, ${pointsOf(r.points)} points`,
          r.amount > 0n ? `+ ${c.symbol}${formatMinor(r.amount, c)}` : null,
          r.address ? `to ${r.address.replace(/\s+/g, ' ')}, ${r.phone ?? ''}` : null,
          r.remark ? `remark: ${r.remark}` : null,
        ]
          .filter((x) => x !== null)
          .join(', '),
      )
      .join('\n')
  }
  const id = idOf(`redemption ${mode}: the redemption's id`, rest[0]?.replace(/^PR0*/i, ''))
  const remark =
    mode === 'reject'
      ? parsed(text('redemption reject: the remark', maxRedemptionRemark), rest.slice(1).join(' '))
      : null
  if (mode === 'approve') noMore(`redemption approve ${id}`, rest.slice(1))
  try {
    const { before, after } = await admin.decide(
      m,
      id,
      remark === null ? { approve: true } : { approve: false, remark },
      `operator:${ctx.operator ?? 'operator'}`,
      ctx.db,
    )
    if (!after)
      throw new OpsError(`redemption ${redemptionNumber(id)} is ${before.status} already; nothing was done`)
    ctx.audit?.({
      target: `redemption ${id}`,
      before: { status: before.status },
      after: { status: after.status, remark },
    })
    return remark === null
      ? `${redemptionNumber(id)} approved; the member is told`
      : `${redemptionNumber(id)} rejected (${remark}); ${pointsOf(after.points)} points${after.amount > 0n ? ` and ${c.symbol}${formatMinor(after.amount, c)}` : ''} returned; the member is told`
  } catch (err) {
    if (err instanceof AppError) throw new OpsError(`redemption ${mode}: no redemption ${rest[0] ?? ''}`)
    throw err
  }
}

export const mallCommands: Record<string, CommandSpec> = {
  reward: {
    usage:
      'reward add <physical|cash|bonus> <names JSON> --points <n> [--amount <x>] [--value <x>] [--stock <n>] [--limit <n>] [--turnover <x>] [--image <url>] [--describe <JSON>] | edit <id> <field> <value> | stock <id> <n|none> | disable <id> | enable <id> | list',
    summary:
      "the point mall's rewards: add, change, restock, disable or enable one (audited), or list them with the stock left",
    readOnly: (args) => args[0] === 'list',
    run: rewardCommand,
  },
  redemption: {
    usage: 'redemption list [--all] | approve <id> | reject <id> <remark…>',
    summary:
      'point-mall redemptions waiting for a decision (all with --all); approve one, or reject it with a remark, returning its points and money (audited; the member is told)',
    readOnly: (args) => args[0] === 'list',
    run: redemptionCommand,
  },
}
