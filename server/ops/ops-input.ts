/**
 * Reading what an operator typed: options, texts, amounts in the brand's currency, and the
 * brand itself. Each refusal is one line that says what is wrong.
 */
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { locales } from '#contract/locales'
import { parseAmount, type CurrencyUnits } from '#contract/money'
import { merchantByCode } from '../system/brands-repository'
import type { OpsContext } from './commands'
import { OpsError } from './ops-error'

/**
 * C0 and C1 controls, and the bidirectional overrides and isolates that would make a name
 * read differently from what it holds (Khmer's zero-width joiners stay allowed).
 */
// eslint-disable-next-line no-control-regex
const plainText = /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/

/** Text an operator typed: trimmed, no control characters. */
export const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} is at most ${max} characters`)
    .regex(plainText, `${what} must not contain control characters`)

/** A language of the portal, as --lang names it (any case). */
export const language = z
  .string({ error: `--lang is required: one of ${locales.join(', ')}` })
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(locales, { error: `--lang is one of ${locales.join(', ')}` }))

/** The languages a row is named in, for a list: "  (km, en, zh)", or nothing. */
export function namedIn(names: Record<string, string>): string {
  const langs = locales.filter((l) => names[l])
  return langs.length > 0 ? `  (${langs.join(', ')})` : ''
}

/** The first zod issue as one line. */
export function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value)
  if (!r.success) throw new OpsError(r.error.issues[0]?.message ?? 'invalid input')
  return r.data
}

/** --name value style options; an unknown option or a missing value is the operator's mistake. */
export function options<const O extends Record<string, { type: 'string' }>>(args: string[], opts: O) {
  try {
    return parseArgs({ args, options: opts, allowPositionals: true, strict: true })
  } catch (err) {
    // node's own message names the option ("Unknown option '--colour'"); the usage is in help.
    throw new OpsError((err as Error).message.split('\n')[0] ?? 'bad option')
  }
}

/** An amount in the brand's currency, as the operator typed it, in minor units. */
export function amountOf(raw: string | undefined, what: string, currency: CurrencyUnits): bigint {
  if (raw === undefined) throw new OpsError(`${what} is required`)
  const minor = parseAmount(raw, currency)
  if (minor === null) {
    throw new OpsError(
      `${what} ${raw} is not an amount above zero in this brand’s currency (${currency.decimals === 0 ? 'whole units' : `at most ${currency.decimals} decimals`})`,
    )
  }
  return minor
}

export async function brandOf(ctx: OpsContext) {
  const m = await merchantByCode(ctx.db, ctx.merchantCode)
  if (!m) throw new OpsError(`brand ${ctx.merchantCode} does not exist yet; start with: brand create`)
  return m
}

/**
 * One of the words a command takes at this place, e.g. `oneOf('maintenance: the switch',
 * args[0], ['on', 'off'])`; refused in one line that names the argument and what was typed.
 */
export function oneOf<const W extends string>(
  what: string,
  given: string | undefined,
  words: readonly W[],
): W {
  if (given !== undefined && (words as readonly string[]).includes(given)) return given as W
  throw new OpsError(
    given === undefined
      ? `${what} is required: one of ${words.join(', ')}`
      : `${what} is one of ${words.join(', ')}, not "${given}"`,
  )
}

/** A word the command needs at this place, refused in one line naming it when missing or blank. */
export function required(what: string, given: string | undefined): string {
  const v = given?.trim()
  if (!v) throw new OpsError(`${what} is required`)
  return v
}

/** A row's id as typed (1 to 9 digits), refused in one line naming it. */
export function idOf(what: string, given: string | undefined): number {
  if (given === undefined) throw new OpsError(`${what} is required`)
  if (!/^\d{1,9}$/.test(given)) throw new OpsError(`${what} is a number, not "${given}"`)
  return Number(given)
}

/** Refuses words after the last one a command takes, naming the first of them. */
export function noMore(command: string, extra: readonly string[]): void {
  if (extra.length > 0) throw new OpsError(`${command} takes no more words, not "${extra[0]}"`)
}

/**
 * Texts per language as JSON (`{"en":"Gold","km":"មាស"}`): at least one of the portal's
 * languages, each at most `max` characters.
 */
export function textsOf(what: string, raw: string | undefined, max: number): Record<string, string> {
  const v = required(what, raw)
  let parsedJson: unknown
  try {
    parsedJson = JSON.parse(v)
  } catch {
    throw new OpsError(`${what} is JSON such as {"en":"Gold","km":"មាស"}, not "${v}"`)
  }
  if (typeof parsedJson !== 'object' || parsedJson === null || Array.isArray(parsedJson))
    throw new OpsError(`${what} is an object of texts per language`)
  const out: Record<string, string> = {}
  for (const [lang, name] of Object.entries(parsedJson)) {
    if (!(locales as readonly string[]).includes(lang))
      throw new OpsError(`${what}: the language is one of ${locales.join(', ')}, not "${lang}"`)
    out[lang] = parsed(text(`${what}: the ${lang} text`, max), name)
  }
  if (Object.keys(out).length === 0) throw new OpsError(`${what} has one language at least`)
  return out
}
