/**
 * `npm run ops -- lottery name|odds|limits …`: editing a lottery game after it was added.
 * - `name <CODE> --lang <km|en|zh|th|vi> <text…>`: the game's name in one language;
 * - `odds <CODE> <BET_TYPE> <odds>`: what a hit pays, stake included ("9.7"; SUM_EXACT: the
 *   odds of the likeliest sums, the others scale from it). Refused when it would not pay more
 *   than the stake back or would return 100 % or more of stakes (the house never keeps any);
 * - `limits <CODE> [BET_TYPE] [--min <amount>] [--max <amount>]`: stake per unit, in major
 *   units of the brand's currency, stored in minor units with its decimals; every bet type of
 *   the game when none is named.
 * Every input is checked with zod; bets already placed keep the odds they were placed at.
 */
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { locales } from '#contract/locales'
import { lotteryBetTypes, type LotteryBetType } from '#contract/lottery'
import { formatMinor, parseAmount } from '#contract/money'
import type { OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { merchantByCode } from '../system/brands-repository'
import { createLotteryGamesRepository, type GameBetRule, type LotteryGame } from './games-repository'
import { expectedHits, oddsText } from './rules'

export const editUsage =
  'name <CODE> --lang <km|en|zh|th|vi> <text…> | odds <CODE> <BET_TYPE> <odds> | limits <CODE> [BET_TYPE] [--min <amount>] [--max <amount>] [--max-payout <amount>]'

const code = z
  .string({ error: 'a game code is needed' })
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_]{1,24}$/, 'a game code is 1-24 capitals, digits or _'))

const betType = z
  .string({ error: 'a bet type is needed' })
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(lotteryBetTypes, { error: `a bet type is one of ${lotteryBetTypes.join(', ')}` }))

const NameInput = z.object({
  code,
  lang: z.enum(locales, { error: `--lang is one of ${locales.join(', ')}` }),
  text: z
    .string()
    .trim()
    .min(1, 'the name is empty')
    .max(60, 'a name is at most 60 characters')
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'a name has no control characters'),
})

/** Odds as typed, to thousandths: "9.7" → 9700. */
const OddsInput = z.object({
  code,
  betType,
  oddsMilli: z
    .string({ error: 'the odds are needed' })
    .regex(/^\d{1,6}(\.\d{1,3})?$/, 'odds are a number with at most 3 decimals, like 9.7')
    .transform((v) => {
      const [whole = '0', frac = ''] = v.split('.')
      return Number(whole) * 1000 + Number(frac.padEnd(3, '0'))
    })
    .refine((m) => m > 1000, 'odds must pay more than the stake back (above 1)'),
})

const LimitsInput = z.object({
  code,
  betType: z.optional(betType),
  min: z.optional(z.string()),
  max: z.optional(z.string()),
  maxPayout: z.optional(z.string()),
})

function firstIssue(err: z.ZodError): OpsError {
  return new OpsError(err.issues[0]?.message ?? 'invalid input')
}

function parse(args: string[], options: Record<string, { type: 'string' }>) {
  try {
    return parseArgs({ args, allowPositionals: true, options })
  } catch (err) {
    throw new OpsError((err as Error).message.split('\n')[0] ?? 'bad option')
  }
}

async function gameOf(ctx: OpsContext, gameCode: string): Promise<LotteryGame> {
  const game = await createLotteryGamesRepository(ctx.db).byCode(ctx.merchantCode, gameCode)
  if (!game) throw new OpsError(`no lottery game ${gameCode} (see: lottery list)`)
  return game
}

function ruleOf(game: LotteryGame, type: LotteryBetType): GameBetRule {
  const rule = game.rules.find((r) => r.betType === type)
  if (!rule) {
    throw new OpsError(`${game.row.code} takes ${game.rules.map((r) => r.betType).join(', ')}, not ${type}`)
  }
  return rule
}

export async function renameGame(ctx: OpsContext, args: string[]): Promise<string> {
  const { values, positionals } = parse(args, { lang: { type: 'string' } })
  const [rawCode, ...words] = positionals
  const input = NameInput.safeParse({
    code: rawCode,
    lang: values.lang?.toLowerCase(),
    text: words.join(' '),
  })
  if (!input.success) throw firstIssue(input.error)
  const { code: gameCode, lang, text } = input.data
  const game = await gameOf(ctx, gameCode)
  const names = { ...game.row.names, [lang]: text }
  ctx.audit?.({
    target: `lottery game ${gameCode}`,
    before: { [lang]: game.row.names[lang] ?? null },
    after: { [lang]: text },
  })
  await createLotteryGamesRepository(ctx.db).setNames(ctx.merchantCode, gameCode, names)
  ctx.invalidate()
  return `lottery game ${gameCode} is named "${text}" in ${lang}`
}

export async function setOdds(ctx: OpsContext, args: string[]): Promise<string> {
  const [rawCode, rawType, rawOdds] = args
  const input = OddsInput.safeParse({ code: rawCode, betType: rawType, oddsMilli: rawOdds })
  if (!input.success) throw firstIssue(input.error)
  const { code: gameCode, betType: type, oddsMilli } = input.data
  const game = await gameOf(ctx, gameCode)
  ruleOf(game, type)
  // The exact sum's rule prices the likeliest sums (22 and 23); every other sum returns less.
  const { num, den } = expectedHits(game.row.kind, type, type === 'SUM_EXACT' ? 22 : undefined)
  // RTP = odds × num / den; in hundredths of a percent, rounded down.
  const rtpBasis = (BigInt(oddsMilli) * num * 10_000n) / (1000n * den)
  if (BigInt(oddsMilli) * num >= 1000n * den) {
    throw new OpsError(
      `odds ${oddsText(oddsMilli)} on ${type} would return ${Number(rtpBasis) / 100} % of stakes: the house would keep nothing`,
    )
  }
  const rules = game.rules.map((r) => (r.betType === type ? { ...r, oddsMilli } : r))
  ctx.audit?.({
    target: `lottery game ${gameCode} ${type}`,
    before: { odds: oddsText(ruleOf(game, type).oddsMilli) },
    after: { odds: oddsText(oddsMilli) },
  })
  await createLotteryGamesRepository(ctx.db).setRules(ctx.merchantCode, gameCode, rules)
  ctx.invalidate()
  return `${gameCode} ${type} pays ${oddsText(oddsMilli)} (returns ${Number(rtpBasis) / 100} % of stakes); bets already placed keep their odds`
}

export async function setLimits(ctx: OpsContext, args: string[]): Promise<string> {
  const { values, positionals } = parse(args, {
    min: { type: 'string' },
    max: { type: 'string' },
    'max-payout': { type: 'string' },
  })
  const [rawCode, rawType, extra] = positionals
  const input = LimitsInput.safeParse({
    code: rawCode,
    betType: rawType,
    min: values.min,
    max: values.max,
    maxPayout: values['max-payout'],
  })
  if (!input.success) throw firstIssue(input.error)
  if (extra !== undefined) throw new OpsError(`lottery limits takes no more words, not "${extra}"`)
  const { code: gameCode, betType: type, min, max, maxPayout: rawPayout } = input.data
  if (min === undefined && max === undefined && rawPayout === undefined) {
    throw new OpsError('give --min, --max, --max-payout or a mix')
  }
  if (rawPayout !== undefined && type !== undefined) {
    throw new OpsError(
      '--max-payout is the whole game’s (the most one bet line may win): give it without a bet type',
    )
  }
  const brand = await merchantByCode(ctx.db, ctx.merchantCode)
  if (!brand) throw new OpsError(`no brand ${ctx.merchantCode} (go live first)`)
  const m = { decimals: brand.currencyDecimals }
  const currency = { decimals: m.decimals }
  const amount = (raw: string | undefined, flag: string) => {
    if (raw === undefined) return undefined
    const minor = parseAmount(raw, currency)
    if (minor === null || minor <= 0n) {
      throw new OpsError(`${flag} is an amount above zero with at most ${m.decimals} decimals, not ${raw}`)
    }
    return minor
  }
  const minStake = amount(min, '--min')
  const maxStake = amount(max, '--max')
  const maxPayout = amount(rawPayout, '--max-payout')
  const game = await gameOf(ctx, gameCode)
  const repo = createLotteryGamesRepository(ctx.db)
  const said: string[] = []
  const limitsOf = (g: { rules: readonly GameBetRule[] }, maxPay: bigint) => ({
    maxPayout: formatMinor(maxPay, currency),
    stakes: Object.fromEntries(
      g.rules.map((r) => [
        r.betType,
        `${formatMinor(r.minStake, currency)}-${formatMinor(r.maxStake, currency)}`,
      ]),
    ),
  })
  const before = limitsOf(game, game.row.maxPayout)
  if (maxPayout !== undefined) {
    await repo.setMaxPayout(ctx.merchantCode, gameCode, maxPayout)
    said.push(
      `${gameCode}: one bet line wins at most ${formatMinor(maxPayout, currency)}; a line that could win more is refused (bets already placed stand)`,
    )
  }
  if (minStake === undefined && maxStake === undefined) {
    ctx.audit?.({
      target: `lottery game ${gameCode}`,
      before,
      after: limitsOf(game, maxPayout ?? game.row.maxPayout),
    })
    ctx.invalidate()
    return said.join('\n')
  }
  const targets = type ? [ruleOf(game, type).betType] : game.rules.map((r) => r.betType)
  const rules = game.rules.map((r) =>
    targets.includes(r.betType)
      ? { ...r, minStake: minStake ?? r.minStake, maxStake: maxStake ?? r.maxStake }
      : r,
  )
  for (const r of rules) {
    if (r.minStake > r.maxStake) {
      throw new OpsError(
        `${r.betType}: the least stake ${formatMinor(r.minStake, currency)} would be above the most ${formatMinor(r.maxStake, currency)}`,
      )
    }
  }
  await repo.setRules(ctx.merchantCode, gameCode, rules)
  ctx.audit?.({
    target: `lottery game ${gameCode}`,
    before,
    after: limitsOf({ rules }, maxPayout ?? game.row.maxPayout),
  })
  ctx.invalidate()
  return [
    ...said,
    ...rules
      .filter((r) => targets.includes(r.betType))
      .map(
        (r) =>
          `${gameCode} ${r.betType} stakes ${formatMinor(r.minStake, currency)} to ${formatMinor(r.maxStake, currency)} per unit`,
      ),
  ].join('\n')
}
