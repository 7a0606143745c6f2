/**
 * The member's profile (spec sections 3 and 5): the fields the spec lists, each under a
 * rule of the registration engine's shape (src/contract/register-rules.ts: enabled,
 * required, length, pattern) that the brand sets, plus whether a value once set is locked
 * (real name and birthday by default). The app and the server check a profile with the same
 * function below, so the same inputs get the same verdicts on both sides.
 *
 * Calls: the platform's `getMemberInfoV2` (read), `updateMemberInfo` (the fields; the
 * birthday among them) and `bind_send_verification_sms` / `bind_verify_verification_sms`
 * (binding or changing the e-mail and mobile number with a code sent to them).
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { checkField, type FieldProblem } from './register-rules'
import { PatternIdSchema } from './system'
import { text } from './text'

/** The profile's fields, in the order the page shows them. */
export const profileFields = [
  'nickname',
  'realName',
  'birthday',
  'email',
  'mobile',
  'telegram',
  'zalo',
  'line',
  'nationality',
  'placeOfBirth',
  'permanentAddress',
  'currentAddress',
  'occupation',
  'sourceOfIncome',
] as const
export const ProfileFieldSchema = z.enum(profileFields)
export type ProfileField = z.infer<typeof ProfileFieldSchema>

/** The fields bound with a code sent to them, never through the update call. */
export const boundFields = ['email', 'mobile'] as const satisfies readonly ProfileField[]
export type BoundField = (typeof boundFields)[number]

/** The fields the update call writes. */
export const editableFields = profileFields.filter(
  (f): f is Exclude<ProfileField, BoundField> => !(boundFields as readonly string[]).includes(f),
)
export type EditableField = (typeof editableFields)[number]

/** The longest value any profile field may hold, whatever the brand's rule says. */
export const maxProfileValue = 200

export const ProfileFieldRuleSchema = z.object({
  field: ProfileFieldSchema,
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.int().check(z.nonnegative()),
  maxLength: z.int().check(z.nonnegative()),
  /** A regular expression source, or `*` for any text. */
  acceptedPattern: z.string(),
  patternId: PatternIdSchema,
  /** Once set, the member cannot change it; customer service can (spec: real name, birthday). */
  locked: z.boolean(),
})
export type ProfileFieldRule = z.infer<typeof ProfileFieldRuleSchema>

const any = { acceptedPattern: '*', patternId: 'ANY' } as const
const rule = (
  field: ProfileField,
  minLength: number,
  maxLength: number,
  more: Partial<ProfileFieldRule> = {},
): ProfileFieldRule => ({
  field,
  enabled: true,
  required: false,
  minLength,
  maxLength,
  ...any,
  locked: false,
  ...more,
})

/** The rule of a field the brand has not set: every field shown, none required, real name and birthday locked once set. */
export const defaultProfileRules: readonly ProfileFieldRule[] = [
  rule('nickname', 2, 20),
  rule('realName', 2, 64, { locked: true }),
  rule('birthday', 10, 10, {
    acceptedPattern: '^\\d{4}-\\d{2}-\\d{2}$',
    patternId: 'DATE_YMD',
    locked: true,
  }),
  rule('email', 5, 128, { acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', patternId: 'EMAIL' }),
  rule('mobile', 6, 15, { acceptedPattern: '^\\d+$', patternId: 'DIGITS' }),
  rule('telegram', 5, 33, { acceptedPattern: '^@?[A-Za-z0-9_]+$', patternId: 'NO_SPACES' }),
  rule('zalo', 8, 15, { acceptedPattern: '^\\d+$', patternId: 'DIGITS' }),
  rule('line', 2, 64, { acceptedPattern: '^\\S+$', patternId: 'NO_SPACES' }),
  rule('nationality', 2, 64),
  rule('placeOfBirth', 2, 100),
  rule('permanentAddress', 5, 200),
  rule('currentAddress', 5, 200),
  rule('occupation', 2, 64),
  rule('sourceOfIncome', 2, 64),
]

/** What the profile read answers: the rules, the values (e-mail and mobile masked) and what is locked now. */
export const ProfileSchema = z.object({
  rules: z.array(ProfileFieldRuleSchema),
  values: z.record(ProfileFieldSchema, z.nullable(z.string())),
  /** The fields the member cannot change now: set, and locked by the brand (until an operator reopens one). */
  locked: z.array(ProfileFieldSchema),
  /** The brand's minimum age (18 or 21) and its today (YYYY-MM-DD, in its time zone) for the birthday check. */
  minimumAge: z.int(),
  today: z.string(),
  /** Every enabled field has a value: the newbie task "complete your profile" is done. */
  complete: z.boolean(),
})
export type Profile = z.infer<typeof ProfileSchema>

const editableShape = Object.fromEntries(
  editableFields.map((f) => [f, z.optional(text(maxProfileValue))]),
) as Record<EditableField, z.ZodMiniOptional<ReturnType<typeof text>>>

/** The update: only the fields sent change; an empty text clears a field that is not required or locked. */
export const ProfileUpdateSchema = z.strictObject(editableShape)
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>

export const BindSendSchema = z.object({
  field: z.enum(boundFields),
  /** The e-mail address, or the mobile number without its country code. */
  value: text(128),
  countryDialingCode: z.optional(text(6)),
})
export type BindSend = z.infer<typeof BindSendSchema>

export const BindVerifySchema = z.object({
  field: z.enum(boundFields),
  value: text(128),
  countryDialingCode: z.optional(text(6)),
  verificationCode: text(16),
})
export type BindVerify = z.infer<typeof BindVerifySchema>

/** A profile field's problem: a rule's (the registration engine's), or the birthday's own. */
export type ProfileProblem = FieldProblem | { kind: 'date' } | { kind: 'age'; minimumAge: number }

/** The date when it is a real calendar date as YYYY-MM-DD (from 1900), else null. */
export function calendarDate(value: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const d = new Date(Date.UTC(year, month - 1, day))
  if (year < 1900 || d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return null
  }
  return { year, month, day }
}

/** Whole years from `birthday` to `today` (both YYYY-MM-DD); a Feb 29 birthday turns a year older on Mar 1 of a common year. */
export function ageOn(birthday: string, today: string): number {
  const b = birthday.split('-').map(Number) as [number, number, number]
  const t = today.split('-').map(Number) as [number, number, number]
  const before = t[1] < b[1] || (t[1] === b[1] && t[2] < b[2])
  return t[0] - b[0] - (before ? 1 : 0)
}

/** The birthday's own check: a real date, not after today, the minimum age reached. */
export function birthdayProblem(value: string, today: string, minimumAge: number): ProfileProblem | null {
  if (!calendarDate(value) || value > today) return { kind: 'date' }
  if (ageOn(value, today) < minimumAge) return { kind: 'age', minimumAge }
  return null
}

/**
 * Checks the fields given against their rules (disabled fields are not checked; they are
 * refused as unknown by the caller): the problems by field. Used by the page before it
 * sends, and by the server before it writes.
 */
export function checkProfile(
  rules: readonly ProfileFieldRule[],
  values: Partial<Record<ProfileField, string | null | undefined>>,
  ctx: { today: string; minimumAge: number },
): Partial<Record<ProfileField, ProfileProblem>> {
  const out: Partial<Record<ProfileField, ProfileProblem>> = {}
  for (const rule of rules) {
    if (!rule.enabled || !(rule.field in values)) continue
    const raw = values[rule.field]
    const problem = checkField(rule, raw)
    if (problem) {
      out[rule.field] = problem
      continue
    }
    const value = (raw ?? '').trim()
    // A birthday sent empty is not one: it cannot be cleared.
    if (rule.field === 'birthday' && value === '') out.birthday = { kind: 'date' }
    else if (rule.field === 'birthday') {
      const b = birthdayProblem(value, ctx.today, ctx.minimumAge)
      if (b) out.birthday = b
    }
  }
  return out
}

/** A field's value as compared and stored: trimmed, empty as null. */
export function storedValue(raw: string | null | undefined): string | null {
  const v = (raw ?? '').trim()
  return v === '' ? null : v
}

/**
 * An update's check, the same in the app and on the server: each changed field against its
 * rule (and the birthday's own check), and every required field the update writes must
 * still have a value afterwards (the bound e-mail and mobile are bound apart). `current` is
 * the stored values, `next` what the member sends; unchanged fields are not checked again,
 * so a rule the brand tightened later does not stop other changes.
 */
export function checkProfileUpdate(
  rules: readonly ProfileFieldRule[],
  current: Partial<Record<ProfileField, string | null>>,
  next: Partial<Record<EditableField, string | undefined>>,
  ctx: { today: string; minimumAge: number },
): Partial<Record<ProfileField, ProfileProblem>> {
  const changed: Partial<Record<ProfileField, string>> = {}
  for (const f of editableFields) {
    const v = next[f]
    if (v === undefined) continue
    // A birthday sent blank is checked (and refused) even when none is set yet.
    if (storedValue(v) !== storedValue(current[f]) || (f === 'birthday' && storedValue(v) === null)) {
      changed[f] = v
    }
  }
  const out = checkProfile(rules, changed, ctx)
  for (const rule of rules) {
    const f = rule.field
    if (!rule.enabled || !rule.required || (boundFields as readonly string[]).includes(f) || out[f]) continue
    const after = f in changed ? changed[f] : current[f]
    if (storedValue(after) === null) out[f] = { kind: 'required' }
  }
  return out
}

export const profileEndpoints = {
  info: defineEndpoint({
    name: 'profile.info',
    method: 'GET',
    path: '/wps/relay/getMemberInfoV2',
    auth: 'member',
    encrypted: false,
    response: ProfileSchema,
    errors: [],
  }),
  /** The fields (the birthday among them: decision 030's birthday bonus reads it). */
  update: defineEndpoint({
    name: 'profile.update',
    method: 'POST',
    path: '/wps/relay/updateMemberInfo',
    auth: 'member',
    encrypted: false,
    body: ProfileUpdateSchema,
    response: ProfileSchema,
    errors: [
      'validation_failed',
      'birthday_invalid',
      'birthday_under_age',
      'birthday_already_set',
      'profile_field_locked',
    ],
  }),
  bindSend: defineEndpoint({
    name: 'profile.bindSend',
    method: 'POST',
    path: '/wps/relay/bind_send_verification_sms',
    auth: 'member',
    encrypted: false,
    body: BindSendSchema,
    response: z.object({ expiredMinutes: z.int() }),
    errors: ['validation_failed', 'mobile_taken', 'delivery_failed', 'TOO_MANY_REQUESTS'],
  }),
  bindVerify: defineEndpoint({
    name: 'profile.bindVerify',
    method: 'POST',
    path: '/wps/relay/bind_verify_verification_sms',
    auth: 'member',
    encrypted: false,
    body: BindVerifySchema,
    response: ProfileSchema,
    errors: ['validation_failed', 'verification_code_invalid', 'verification_code_expired', 'mobile_taken'],
  }),
} as const
