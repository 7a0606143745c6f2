/**
 * The one string schema of every request field (query and body, encrypted bodies too).
 * Control characters have no place in a name, a code or an amount, and a NUL byte cannot
 * be stored in a PostgreSQL text column, so they are refused at the edge as
 * `validation_failed`. Tab and newline are refused too, except in the few fields a member
 * writes in a text box (`textBlock`: a remark may have line breaks).
 * Answers keep plain z.string(): what is stored is answered as it is. The server's fuzz suite
 * (tests/server/contract-fuzz.test.ts) sends a NUL in every string field of every row.
 */
import { z } from 'zod/mini'

// eslint-disable-next-line no-control-regex -- the pattern exists to name control characters
export const printable = /^[^\u0000-\u001f\u007f]*$/

const noControlCharacters = z.regex(printable, 'control characters are not allowed')

const anyLength = z.string().check(noControlCharacters)
/**
 * Schemas are immutable, so one instance per length serves every field that asks for it:
 * the contract is built at boot, and each new schema is work on the first screen.
 */
const byLength = new Map<number, typeof anyLength>()

/** A request string without control characters, at most `max` characters when given. */
export function text(max?: number) {
  if (max === undefined) return anyLength
  let s = byLength.get(max)
  if (!s) {
    s = anyLength.check(z.maxLength(max))
    byLength.set(max, s)
  }
  return s
}

// eslint-disable-next-line no-control-regex -- the pattern exists to name control characters
export const printableLines = /^[^\u0000-\u0009\u000b-\u001f\u007f]*$/

const noControlButNewline = z.regex(printableLines, 'control characters are not allowed')

/**
 * A request string written in a text box: line breaks (\n) allowed, every other control
 * character refused as in `text`; at most `max` characters.
 */
export function textBlock(max: number) {
  return z.string().check(noControlButNewline, z.maxLength(max))
}
