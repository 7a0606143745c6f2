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
 * Invisible and direction-changing characters (zero-width spaces and joiners, bidi
 * overrides and isolates, the BOM) and control characters are refused in every field:
 * they make two names look alike or a text read backwards.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const hostile = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u

/** Usernames are trimmed; other fields are trimmed too, except passwords. */
export function normalizeField(field: RegisterField | 'confirmPassword', raw: string): string {
  if (field === 'password' || field === 'paymentPassword' || field === 'confirmPassword') return raw
  return raw.trim()
}

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export function textLength(s: string): number {
  return [...s].length
}

/** Checks one value against its rule; null when it is acceptable. */
export function checkField(rule: RegisterFieldRule, raw: string | undefined | null): FieldProblem | null {
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
