/**
 * The registration rule engine, the same on both sides: the server's per-field rules
 * (enabled, required, minLength, maxLength, acceptedPattern, patternId) decide whether a
 * value is acceptable, and the PWA words the problem from the patternId.
 */
import type { RegisterField, RegisterFieldRule } from './system'

export type FieldProblem =
  | { kind: 'required' }
  | { kind: 'length'; min: number; max: number }
  | { kind: 'pattern'; patternId: RegisterFieldRule['patternId']; min: number; max: number }
  | { kind: 'characters' }

/**
 * Invisible and direction-changing characters (zero-width spaces and joiners, bidi marks,
 * overrides and isolates, soft hyphens, fillers, variation selectors, tag characters, the
 * BOM, line and paragraph separators) and control characters are refused in every field:
 * they make two names look alike or a text read backwards.
 */
// Listed as escapes, range by range: the class is meant to hold control and combining
// characters, which the linter's rules rightly flag elsewhere.
/* eslint-disable no-misleading-character-class -- each range is of single code points, not a sequence */
const hostile = new RegExp(
  '[' +
    [
      '\\u0000-\\u001f\\u007f-\\u009f', // control characters
      '\\u00ad\\u034f\\u115f\\u1160\\u180e\\u3164\\uffa0', // soft hyphen, fillers
      '\\u061c\\u200b-\\u200f\\u202a-\\u202e\\u2066-\\u206f', // zero-width, bidi marks, overrides
      '\\u2028\\u2029\\u2060-\\u2064\\ufeff', // separators, invisible operators, BOM
      '\\ufe00-\\ufe0f\\u{e0000}-\\u{e007f}', // variation selectors, tags
    ].join('') +
    ']',
  'u',
)
/* eslint-enable no-misleading-character-class */

/**
 * A rule of this shape for any field: registration's, and the profile's (src/contract/profile.ts),
 * whose fields are checked by the same engine.
 */
export type FieldRule = Omit<RegisterFieldRule, 'field'> & { field: string }

/** Usernames are trimmed; other fields are trimmed too, except passwords. */
export function normalizeField(field: string, raw: string): string {
  if (field === 'password' || field === 'paymentPassword' || field === 'confirmPassword') return raw
  return raw.trim()
}

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export function textLength(s: string): number {
  return [...s].length
}

/** Checks one value against its rule; null when it is acceptable. */
export function checkField(rule: FieldRule, raw: string | undefined | null): FieldProblem | null {
  const value = normalizeField(rule.field, raw ?? '')
  const required = rule.required || (rule.field === 'paymentPassword' && rule.enabled)
  if (value === '') return required ? { kind: 'required' } : null
  if (hostile.test(value)) return { kind: 'characters' }
  const len = textLength(value)
  if (len < rule.minLength || (rule.maxLength > 0 && len > rule.maxLength)) {
    if (rule.acceptedPattern === '*') return { kind: 'length', min: rule.minLength, max: rule.maxLength }
    return { kind: 'pattern', patternId: rule.patternId, min: rule.minLength, max: rule.maxLength }
  }
  if (rule.acceptedPattern !== '*') {
    let re: RegExp
    try {
      re = new RegExp(rule.acceptedPattern, 'u')
    } catch {
      // An operator's broken pattern must not lock everyone out: length still applies.
      return null
    }
    if (!re.test(value))
      return { kind: 'pattern', patternId: rule.patternId, min: rule.minLength, max: rule.maxLength }
  }
  return null
}

/** Checks every enabled field; the problems by field name. */
export function checkFields(
  rules: readonly RegisterFieldRule[],
  values: Partial<Record<RegisterField, string | undefined | null>>,
  only?: readonly RegisterField[],
): Partial<Record<RegisterField, FieldProblem>> {
  const out: Partial<Record<RegisterField, FieldProblem>> = {}
  for (const rule of rules) {
    if (!rule.enabled) continue
    if (only && !only.includes(rule.field)) continue
    const problem = checkField(rule, values[rule.field])
    if (problem) out[rule.field] = problem
  }
  return out
}

/** The rule as it applies to a field: disabled fields are not shown and not checked. */
export function ruleFor(
  rules: readonly RegisterFieldRule[],
  field: RegisterField,
): RegisterFieldRule | undefined {
  return rules.find((r) => r.field === field && r.enabled)
}
