/**
 * The operator's points commands (decision 030): a member's balance, and adjustments by hand
 * through the points service (audited: the command's transaction writes the audit row with
 * the movement).
 */
import { sql } from 'drizzle-orm'
import { gameTypes } from '#contract/games'
import { formatMinor } from '#contract/money'
import { parsePoints, pointConversionTypes, pointsOf, type PointConversion } from '#contract/points-values'
import { currencyOf } from '../../money/common'
import type { CommandSpec, OpsContext } from '../../ops/commands'
import { OpsError } from '../../ops/ops-error'
import { amountOf, brandOf, noMore, oneOf, options, parsed, required, text } from '../../ops/ops-input'
import {
  readVersions,
  versionAt,
  writeVersion,
  type PointConfigInput,
  type PointConfigVersion,
} from './point-config'
import { createPointsLedger } from './points-ledger'
import { createPointsService, PointsError } from './points-service'

function services(ctx: { db: Parameters<typeof createPointsLedger>[0] }) {
  return createPointsService({ points: createPointsLedger(ctx.db), now: () => new Date() })
}

/** Points as the operator typed them ("+500", "-12.5"), in centipoints, signed. */
function typedPoints(raw: string | undefined, what: string): bigint {
  if (raw === undefined) throw new OpsError(`${what} is required`)
  const negative = raw.startsWith('-')
  const centipoints = parsePoints(negative || raw.startsWith('+') ? raw.slice(1) : raw)
  if (centipoints === null) {
    throw new OpsError(`${what} "${raw}" is not a number of points (above zero, at most 2 decimals, signed)`)
  }
  return negative ? -centipoints : centipoints
}

/** Whole points as typed for a conversion's minimum or step. */
export function wholePoints(raw: string | undefined, what: string): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) > 100_000_000) {
    throw new OpsError(`${what} "${raw ?? ''}" is not a whole number of points from 1 to 100,000,000`)
  }
  return Number(raw)
}

/** A turnover multiple as typed ("3", "1.5") in tenths; 0 allowed (no turnover). */
export function multipleTenths(raw: string, what: string): number {
  const m = /^(\d{1,3})(?:\.(\d))?$/.exec(raw)
  const tenths = m ? Number(m[1]) * 10 + Number(m[2] ?? '0') : Number.NaN
  if (!m || tenths > 1000)
    throw new OpsError(`${what} "${raw}" is a multiple from 0 to 100 with at most one decimal (3, 1.5)`)
  return tenths
}

/** One version as the operator reads it. */
function describe(
  v: PointConfigVersion | undefined,
  c: { decimals: number; symbol: string },
  at: Date,
): string {
  if (!v)
    return 'points: not set up (no points are earned); start with: points config rate <game type> <points per 1.00>'
  const rates = gameTypes
    .filter((t) => (v.rates[t] ?? 0) > 0)
    .map((t) => `${t} ${pointsOf(BigInt(v.rates[t] ?? 0))}`)
  const ways = v.conversions.map(
    (w) =>
      `${w.type}: 100 points = ${formatMinor(BigInt(w.moneyPer100Points), c)}, at least ${w.minPoints}, in steps of ${w.stepPoints}${w.type === 'bonus' ? `, turnover ×${w.turnoverTenths / 10}` : ''}`,
  )
  return [
    `points ${v.enabled ? 'on' : 'off'} (version ${v.id}, ${v.validFrom.getTime() > at.getTime() ? 'in force from' : 'since'} ${v.validFrom.toISOString()})`,
    `  points per 1.00 of valid bet: ${rates.length > 0 ? rates.join(', ') : 'none'}`,
    `  conversions: ${ways.length > 0 ? ways.join('; ') : 'none'}`,
  ].join('\n')
}

/** `points config …`: show, or write the next version (the latest with one change). */
async function configCommand(ctx: OpsContext, args: string[]): Promise<string> {
  const [word, ...rest] = args
  const mode = oneOf('points config: the action', word ?? 'show', ['show', 'rate', 'convert', 'on', 'off'])
  const brand = await brandOf(ctx)
  const c = currencyOf(brand)
  const at = new Date()
  // Two operators changing the settings at once: the second waits for the first's version and
  // builds on it, so neither change is lost (the command runs in its own transaction).
  if (mode !== 'show')
    await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`pointConfig:${ctx.merchantCode}`}))`)
  const versions = await readVersions(ctx.db, ctx.merchantCode)
  if (mode === 'show') {
    noMore('points config show', rest)
    const now = versionAt(versions, at)
    const next = versions.at(-1)
    return [describe(now, c, at), ...(next && next !== now ? [`next: ${describe(next, c, at)}`] : [])].join(
      '\n',
    )
  }
  const latest = versions.at(-1)
  const input: PointConfigInput = {
    enabled: latest?.enabled ?? true,
    rates: { ...latest?.rates },
    conversions: [...(latest?.conversions ?? [])],
  }
  if (mode === 'on' || mode === 'off') {
    noMore(`points config ${mode}`, rest)
    input.enabled = mode === 'on'
  } else if (mode === 'rate') {
    const [rawType, rawRate, ...extra] = rest
    const type = oneOf('points config rate: the game type', rawType?.toUpperCase(), gameTypes)
    if (rawRate === undefined)
      throw new OpsError('points config rate: the points per 1.00 of valid bet is required')
    const rate = rawRate === '0' ? 0n : parsePoints(rawRate)
    if (rate === null || rate > 10_000n) {
      throw new OpsError(
        `points config rate: "${rawRate}" is not a number of points per 1.00 from 0 to 100 with at most 2 decimals`,
      )
    }
    noMore(`points config rate ${type} ${rawRate}`, extra)
    input.rates = { ...input.rates, [type]: Number(rate) }
  } else {
    const { values, positionals } = options(rest, {
      min: { type: 'string' },
      step: { type: 'string' },
      turnover: { type: 'string' },
    })
    const [rawType, rawMoney, ...extra] = positionals
    const type = oneOf('points config convert: the type', rawType, pointConversionTypes)
    noMore(`points config convert ${type}`, extra.slice(0))
    const money =
      rawMoney === 'none' ? null : amountOf(rawMoney, 'points config convert: the money per 100 points', c)
    if (money !== null && money > 1_000_000_000n) {
      throw new OpsError(
        `points config convert: the money per 100 points ${rawMoney} is more than ${formatMinor(1_000_000_000n, c)}`,
      )
    }
    const others = input.conversions.filter((w) => w.type !== type)
    if (money === null) input.conversions = others
    else {
      const way: PointConversion = {
        type,
        moneyPer100Points: Number(money),
        minPoints: values.min === undefined ? 100 : wholePoints(values.min, 'points config convert: --min'),
        stepPoints:
          values.step === undefined ? 100 : wholePoints(values.step, 'points config convert: --step'),
        turnoverTenths:
          values.turnover === undefined
            ? 0
            : multipleTenths(values.turnover, 'points config convert: --turnover'),
      }
      if (type === 'cash' && way.turnoverTenths > 0) {
        throw new OpsError('points config convert: cash carries no turnover; use bonus for a turnover')
      }
      input.conversions = [...others, way].sort((a, b) => a.type.localeCompare(b.type))
    }
  }
  // In force once every server has read it (each keeps the settings this long), by the
  // database's clock, with a margin for a server that read the list just before this commits.
  const ttl = ctx.settingsTtlSeconds ?? 60
  const written = await writeVersion(ctx.db, ctx.merchantCode, input, {
    secondsFromNow: ttl > 0 ? ttl + 2 : 0,
  })
  ctx.audit?.({
    target: `brand ${ctx.merchantCode} points`,
    before: latest
      ? { version: latest.id, enabled: latest.enabled, rates: latest.rates, conversions: latest.conversions }
      : null,
    after: {
      version: written.id,
      enabled: written.enabled,
      rates: written.rates,
      conversions: written.conversions,
    },
  })
  ctx.invalidate()
  return describe(written, c, new Date())
}

export const pointsCommands: Record<string, CommandSpec> = {
  points: {
    usage:
      'points balance <username> | adjust <username> <±points> <reason…> | config [show] | config rate <game type> <points per 1.00> | config convert <cash|bonus> <money per 100 points | none> [--min <points>] [--step <points>] [--turnover <multiple>] | config on | config off',
    readOnly: (args) => args[0] === 'balance' || (args[0] === 'config' && (args[1] ?? 'show') === 'show'),
    summary:
      "a member's loyalty points, or add or take away points by hand with a reason (audited); show or change the brand's point settings: rates per game type, conversions to cash or bonus, on or off (each change a new version in force a few seconds later, audited)",
    async run(ctx, args) {
      const [word, rawUser, ...rest] = args
      const mode = oneOf('points: the action', word, ['balance', 'adjust', 'config'])
      if (mode === 'config') return configCommand(ctx, args.slice(1))
      const service = services(ctx)
      try {
        if (mode === 'balance') {
          const username = required('points balance: the username', rawUser)
          noMore(`points balance ${username}`, rest)
          const m = await service.memberByUsername(ctx.db, ctx.merchantCode, username)
          return `${m.username}: ${pointsOf(await service.balanceOf(ctx.db, ctx.merchantCode, m.id))} points`
        }
        const username = required('points adjust: the username', rawUser)
        const [rawPoints, ...words] = rest
        const centipoints = typedPoints(rawPoints, 'points adjust: the points')
        const reason = parsed(text('points adjust: the reason', 140), words.join(' '))
        const r = await service.adjust(ctx.db, ctx.merchantCode, username, centipoints, reason)
        ctx.audit?.({
          target: `member ${r.username}`,
          before: { points: pointsOf(r.before) },
          after: { points: pointsOf(r.after), adjustment: pointsOf(centipoints), reason },
        })
        return `${r.username}: ${centipoints > 0n ? '+' : ''}${pointsOf(centipoints)} points (${reason}); now ${pointsOf(r.after)} points`
      } catch (err) {
        if (err instanceof PointsError) {
          throw new OpsError(
            err.code === 'points_insufficient'
              ? `points adjust: ${err.message}, not enough for that deduction; nothing was done`
              : err.message,
          )
        }
        throw err
      }
    },
  },
}
