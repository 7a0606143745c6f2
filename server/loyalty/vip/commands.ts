/**
 * The operator's `vip` command (decision 030 section 8): the brand's levels (add, edit,
 * list), a member's level set by hand (recorded as an operator change), and one month's
 * evaluation (or, with --dry-run, who it would change). Through the VIP services; each
 * change with its row in the audit trail.
 */
import { and, eq } from 'drizzle-orm'
import { locales } from '#contract/locales'
import { formatMinor, parseAmount, type CurrencyUnits } from '#contract/money'
import { members } from '../../db/schema'
import { currencyOf, type MerchantRow } from '../../money/common'
import type { CommandSpec, OpsContext } from '../../ops/commands'
import { OpsError } from '../../ops/ops-error'
import { brandOf, noMore, oneOf, required, text } from '../../ops/ops-input'
import type { Db } from '../../plugins/external/db'
import { vipServicesOf } from './service-of'
import type { LevelRow } from './vip-repository'

const services = (ctx: OpsContext) =>
  vipServicesOf(ctx.db, { ...(ctx.notices ? { notices: ctx.notices } : {}) })

/** The fields `vip level edit` changes, as the operator names them. */
const fields = [
  'names',
  'badge',
  'monthly-turnover',
  'monthly-deposit',
  'total-turnover',
  'total-deposit',
  'keep',
  'bonus',
  'birthday',
  'turnover',
  'rebate-extra',
  'withdraw-count',
  'withdraw-max',
  'vip-service',
  'benefits',
] as const
type Field = (typeof fields)[number]

/** An amount of the brand's currency, 0 allowed. */
function amountOrZero(what: string, raw: string | undefined, c: CurrencyUnits): bigint {
  const v = required(what, raw)
  if (/^0+(\.0+)?$/.test(v)) return 0n
  const minor = parseAmount(v, c)
  if (minor === null)
    throw new OpsError(`${what} is an amount of 0 or more in this brand’s currency, not "${v}"`)
  return minor
}

function wholeNumber(what: string, raw: string | undefined, max: number): number {
  const v = required(what, raw)
  if (!/^\d{1,9}$/.test(v) || Number(v) > max)
    throw new OpsError(`${what} is a whole number from 0 to ${max}, not "${v}"`)
  return Number(v)
}

function rankOf(what: string, raw: string | undefined): number {
  const v = required(what, raw)
  if (!/^\d{1,3}$/.test(v) || Number(v) < 1 || Number(v) > 100)
    throw new OpsError(`${what} is a whole number from 1 to 100, not "${v}"`)
  return Number(v)
}

/** Names per language as JSON, at least one of the portal's languages, each at most 40 characters. */
function namesOf(what: string, raw: string | undefined): Record<string, string> {
  const v = required(what, raw)
  let parsed: unknown
  try {
    parsed = JSON.parse(v)
  } catch {
    throw new OpsError(`${what} is JSON such as {"en":"Gold","km":"មាស"}, not "${v}"`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new OpsError(`${what} is an object of names per language`)
  const out: Record<string, string> = {}
  for (const [lang, name] of Object.entries(parsed)) {
    if (!(locales as readonly string[]).includes(lang))
      throw new OpsError(`${what}: the language is one of ${locales.join(', ')}, not "${lang}"`)
    const r = text(`${what}: the ${lang} name`, 40).safeParse(name)
    if (!r.success) throw new OpsError(r.error.issues[0]?.message ?? `${what}: the ${lang} name is invalid`)
    out[lang] = r.data
  }
  if (Object.keys(out).length === 0) throw new OpsError(`${what} names the level in one language at least`)
  return out
}

/** Benefit lines per language as JSON: { "en": ["…"] }. */
function benefitsOf(raw: string | undefined): Record<string, string[]> {
  const v = required('vip level edit benefits: the lines', raw)
  let parsed: unknown
  try {
    parsed = JSON.parse(v)
  } catch {
    throw new OpsError(`the benefit lines are JSON such as {"en":["VIP customer service"]}, not "${v}"`)
  }
  const out: Record<string, string[]> = {}
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new OpsError('the benefit lines are an object of lists per language')
  for (const [lang, lines] of Object.entries(parsed)) {
    if (
      !(locales as readonly string[]).includes(lang) ||
      !Array.isArray(lines) ||
      !lines.every((l) => typeof l === 'string' && l.length <= 120)
    ) {
      throw new OpsError(
        `the benefit lines of "${lang}" are a list of texts of at most 120 characters in a language of ${locales.join(', ')}`,
      )
    }
    out[lang] = lines as string[]
  }
  return out
}

/** The column change for one field, read from the operator's value. */
function changeOf(field: Field, raw: string | undefined, c: CurrencyUnits): Partial<LevelRow> {
  const what = `vip level edit ${field}`
  switch (field) {
    case 'names':
      return { names: namesOf(what, raw) }
    case 'badge': {
      const v = required(what, raw)
      if (v === 'none') return { badgeUrl: null }
      if (!/^(https:\/\/|\/)\S{1,300}$/.test(v))
        throw new OpsError(`${what} is an https:// address or a path from /, or none, not "${v}"`)
      return { badgeUrl: v }
    }
    case 'monthly-turnover':
      return { monthlyTurnover: amountOrZero(what, raw, c) }
    case 'monthly-deposit':
      return { monthlyDeposit: amountOrZero(what, raw, c) }
    case 'total-turnover':
      return { totalTurnover: amountOrZero(what, raw, c) }
    case 'total-deposit':
      return { totalDeposit: amountOrZero(what, raw, c) }
    case 'keep':
      return { keepTurnover: amountOrZero(what, raw, c) }
    case 'bonus':
      return { levelUpBonus: amountOrZero(what, raw, c) }
    case 'birthday':
      return { birthdayBonus: amountOrZero(what, raw, c) }
    case 'turnover': {
      const v = required(what, raw)
      if (!/^\d{1,3}(\.\d)?$/.test(v) || Number(v) > 100)
        throw new OpsError(`${what} is a multiple from 0 to 100 with one decimal at most, not "${v}"`)
      return { bonusTurnoverTenths: Math.round(Number(v) * 10) }
    }
    case 'rebate-extra': {
      const v = required(what, raw)
      if (!/^\d(\.\d{1,2})?$/.test(v))
        throw new OpsError(`${what} is a percentage from 0 to 9.99 with two decimals at most, not "${v}"`)
      return { rebateExtraBp: Math.round(Number(v) * 100) }
    }
    case 'withdraw-count':
      return { withdrawDailyCount: raw === 'none' ? null : wholeNumber(what, raw, 1000) }
    case 'withdraw-max':
      return { withdrawDailyMax: raw === 'none' ? null : amountOrZero(what, raw, c) }
    case 'vip-service':
      return { vipService: oneOf(what, raw, ['on', 'off']) === 'on' }
    case 'benefits':
      return { benefits: benefitsOf(raw) }
  }
}

function line(l: LevelRow, m: MerchantRow): string {
  const c = currencyOf(m)
  const f = (v: bigint) => formatMinor(v, c)
  const names = l.names as Record<string, string>
  return `${l.rank} "${names.en ?? Object.values(names)[0] ?? ''}" month ${f(l.monthlyTurnover)} bets + ${f(l.monthlyDeposit)} deposits | total ${f(l.totalTurnover)} + ${f(l.totalDeposit)} | keep ${f(l.keepTurnover)} | bonus ${f(l.levelUpBonus)} at ${l.bonusTurnoverTenths / 10}x, birthday ${f(l.birthdayBonus)} | rebate +${l.rebateExtraBp / 100}% | withdraw ${l.withdrawDailyCount ?? 'brand'}/day max ${l.withdrawDailyMax === null ? 'brand' : f(l.withdrawDailyMax)}${l.vipService ? ' | VIP service' : ''}`
}

async function memberOf(db: Db, merchantCode: string, account: string) {
  const [r] = await db
    .select({ id: members.id, type: members.type })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, account.toLowerCase())))
  if (!r) throw new OpsError(`no account ${account} in ${merchantCode}`)
  if (r.type === 4) throw new OpsError(`${account} is a trial account: it has no VIP level`)
  return r
}

async function level(ctx: OpsContext, m: MerchantRow, args: string[]): Promise<string> {
  const action = oneOf('vip level: the action', args[0], ['add', 'edit', 'list'])
  const { repo } = services(ctx)
  if (action === 'list') {
    noMore('vip level list', args.slice(1))
    const levels = await repo.levels(m.code)
    return levels.length === 0
      ? `no VIP levels in ${m.code}; add the base one with: vip level add 1 <names JSON>`
      : levels.map((l) => line(l, m)).join('\n')
  }
  const rank = rankOf(`vip level ${action}: the rank`, args[1])
  if (action === 'add') {
    const names = namesOf(`vip level add ${rank}: the names`, args[2])
    noMore(`vip level add ${rank}`, args.slice(3))
    const levels = await repo.levels(m.code)
    if (rank !== 1 && !levels.some((l) => l.rank === 1))
      throw new OpsError('vip level add: add the base level (rank 1) first')
    const added = await repo.addLevel({ merchantCode: m.code, rank, names }, ctx.db)
    if (!added)
      throw new OpsError(
        `vip level ${rank} exists already in ${m.code}; change it with: vip level edit ${rank} <field> <value>`,
      )
    ctx.audit?.({ target: `vip level ${rank}`, before: null, after: { names } })
    ctx.invalidate()
    return `${line(added, m)}\nset its thresholds and benefits with: vip level edit ${rank} <${fields.join('|')}> <value>`
  }
  const field = oneOf(`vip level edit ${rank}: the field`, args[2], fields)
  const set = changeOf(field, args[3], currencyOf(m))
  noMore(`vip level edit ${rank} ${field}`, args.slice(4))
  if (
    rank === 1 &&
    ['monthly-turnover', 'monthly-deposit', 'total-turnover', 'total-deposit', 'keep'].includes(field)
  ) {
    throw new OpsError('vip level edit 1: the base level has every threshold 0')
  }
  const before = (await repo.levels(m.code)).find((l) => l.rank === rank)
  if (!before) throw new OpsError(`no VIP level ${rank} in ${m.code}`)
  const after = await repo.editLevel(m.code, rank, set, ctx.db)
  if (!after) throw new OpsError(`no VIP level ${rank} in ${m.code}`)
  ctx.audit?.({ target: `vip level ${rank}`, before: changeKeys(before, set), after: changeKeys(after, set) })
  ctx.invalidate()
  return line(after, m)
}

/** The changed columns' values as the audit trail keeps them (amounts as decimal strings of minor units). */
const changeKeys = (row: LevelRow, set: Partial<LevelRow>) =>
  Object.fromEntries(
    Object.keys(set).map((k) => {
      const v: unknown = row[k as keyof LevelRow]
      return [k, typeof v === 'bigint' ? v.toString() : v]
    }),
  )

export const vipCommands: Record<string, CommandSpec> = {
  vip: {
    usage:
      'vip level add <rank> <names JSON> | level edit <rank> <field> <value> | level list | set <account> <rank> <reason…> | evaluate <YYYY-MM> [--dry-run]',
    summary:
      'VIP levels: the table of levels, a member’s level set by hand, a month’s evaluation (or who it would change with --dry-run)',
    readOnly: (args) =>
      (args[0] === 'level' && args[1] === 'list') || (args[0] === 'evaluate' && args.includes('--dry-run')),
    // A month's evaluation writes one member per short transaction (evaluate.ts), never the
    // whole month in the command's one; its audit row follows.
    outsideTransaction: (args) => args[0] === 'evaluate',
    async run(ctx, args) {
      const action = oneOf('vip: the action', args[0], ['level', 'set', 'evaluate'])
      const m = await brandOf(ctx)
      if (action === 'level') return level(ctx, m, args.slice(1))
      if (action === 'set') {
        const account = required('vip set: the account', args[1])
        const rank = rankOf(`vip set ${account}: the rank`, args[2])
        const reason = text(`vip set ${account} ${rank}: the reason`, 200).safeParse(args.slice(3).join(' '))
        if (!reason.success) throw new OpsError(reason.error.issues[0]?.message ?? 'the reason is required')
        const who = await memberOf(ctx.db, m.code, account)
        const { repo, vip } = services(ctx)
        const levels = await repo.levels(m.code)
        if (!levels.some((l) => l.rank === rank))
          throw new OpsError(`no VIP level ${rank} in ${m.code} (see: vip level list)`)
        return ctx.db.transaction(async (tx) => {
          const from = (await repo.lockRanks(tx, [who.id])).get(who.id) ?? 1
          if (from === rank) return `${account} is at level ${rank} already; nothing changed`
          await repo.set(
            tx,
            m.code,
            who.id,
            from,
            rank,
            new Date(),
            `operator:${ctx.operator ?? ''}`,
            reason.data,
          )
          if (rank > from)
            await vip.rewardChanges(tx, m, levels, [{ memberId: who.id, fromRank: from, toRank: rank }])
          ctx.audit?.({
            target: `member ${account} vip level`,
            before: { rank: from },
            after: { rank, reason: reason.data },
          })
          return `${account}: level ${from} → ${rank}`
        })
      }
      const words = args.slice(1).filter((a) => a !== '--dry-run')
      const dryRun = words.length !== args.length - 1
      const key = required('vip evaluate: the month (YYYY-MM)', words[0])
      noMore(`vip evaluate ${key}`, words.slice(1))
      const { evaluation } = services(ctx)
      const r = await evaluation.forOperator(m, key, dryRun)
      if ('error' in r) {
        switch (r.error) {
          case 'bad_month':
            throw new OpsError(`vip evaluate: the month is YYYY-MM such as 2026-10, not "${key}"`)
          case 'open':
            throw new OpsError(
              `vip evaluate ${key}: the month has not closed yet (it ends ${r.period.end.toISOString()})`,
            )
          case 'done':
            return `${key} was evaluated already; nothing changed`
        }
      }
      const e = r.result
      const lines = e.changes.slice(0, 200).map((c) => `member ${c.memberId}: ${c.fromRank} → ${c.toRank}`)
      if (dryRun)
        return [
          `${key} (dry run, nothing written): ${e.decided} members looked at, ${e.changes.length} would change`,
          ...lines,
        ].join('\n')
      ctx.audit?.({
        target: `vip evaluate ${key}`,
        before: null,
        after: { decided: e.decided, changed: e.changes.length },
      })
      return [`${key}: ${e.decided} members evaluated, ${e.changes.length} changed`, ...lines].join('\n')
    },
  },
}
