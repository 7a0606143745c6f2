/**
 * The member's profile (spec sections 3 and 5): the brand's rule per field, reading the
 * values, the member's update (checked by the contract's checkProfileUpdate, as the app
 * checks it), binding an e-mail or mobile number after its code, and the operator's view,
 * correction and reopening of a locked field. Every write runs under the member's row lock
 * in one transaction: 20 identical updates at once change the profile once.
 */
import { and, eq, ne, sql } from 'drizzle-orm'
import type { FieldError } from '#contract/envelope'
import {
  checkProfileUpdate,
  defaultProfileRules,
  editableFields,
  ProfileFieldRuleSchema,
  storedValue,
  type EditableField,
  type Profile,
  type ProfileField,
  type ProfileFieldRule,
  type ProfileProblem,
} from '#contract/profile'
import type { BoundField } from '#contract/profile'
import { wallDate } from '../contracts/periods'
import { memberProfiles, members, merchants, profileFieldRules } from '../db/schema'
import { AppError } from '../http/errors'
import type { Db, Tx } from '../plugins/external/db'

/** The contacts keys of the fields kept in the member's contacts. */
const contactFields = ['telegram', 'zalo', 'line'] as const
const profileRowFields = [
  'permanentAddress',
  'currentAddress',
  'placeOfBirth',
  'nationality',
  'occupation',
  'sourceOfIncome',
] as const

type Values = Record<ProfileField, string | null>

function isIn<T extends string>(list: readonly T[], v: string): v is T {
  return (list as readonly string[]).includes(v)
}

/** An e-mail shown to its owner: the first letter and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email.slice(0, 1)}***${email.slice(at)}`
}

export function maskMobile(mobile: string): string {
  return `${'*'.repeat(Math.max(0, mobile.length - 4))}${mobile.slice(-4)}`
}

/** A problem as a field error of the envelope (the registration's codes, and the birthday's own). */
export function profileProblemToField(path: string, p: ProfileProblem): FieldError {
  switch (p.kind) {
    case 'required':
      return { path, code: 'required', message: `${path} is required` }
    case 'characters':
      return { path, code: 'characters', message: `${path} has characters that are not allowed` }
    case 'length':
      return { path, code: 'length', message: `${path} must be ${p.min}-${p.max} characters` }
    case 'pattern':
      return { path, code: `pattern:${p.patternId}`, message: `${path} does not match ${p.patternId}` }
    case 'date':
      return { path, code: 'date', message: `${path} is not a real date` }
    case 'age':
      return { path, code: 'age', message: `under the minimum age of ${p.minimumAge}` }
  }
}

/** What the caller may do: a member's locks hold; an operator corrects through them. */
export interface UpdateActor {
  operator: boolean
}

export function createProfileService(db: Db, now: () => Date) {
  async function rulesOf(merchantCode: string, ex: Db | Tx = db): Promise<ProfileFieldRule[]> {
    const rows = await ex
      .select()
      .from(profileFieldRules)
      .where(eq(profileFieldRules.merchantCode, merchantCode))
    const byField = new Map<string, ProfileFieldRule>()
    for (const r of rows) {
      // Storage reads are validated: a bad row is skipped and the default rule applies.
      const parsed = ProfileFieldRuleSchema.safeParse(r)
      if (parsed.success) byField.set(parsed.data.field, parsed.data)
    }
    return defaultProfileRules.map((d) => byField.get(d.field) ?? d)
  }

  async function brandOf(merchantCode: string, ex: Db | Tx) {
    const [m] = await ex
      .select({ timeZone: merchants.timeZone, minimumAge: merchants.minimumAge })
      .from(merchants)
      .where(eq(merchants.code, merchantCode))
    if (!m) throw new AppError('user.or.token.invalid', 'the brand no longer exists')
    return { minimumAge: m.minimumAge, today: wallDate(m.timeZone, now()) }
  }

  async function load(memberId: number, ex: Db | Tx) {
    const [m] = await ex.select().from(members).where(eq(members.id, memberId))
    if (!m) throw new AppError('user.or.token.invalid', 'the account no longer exists')
    const [p] = await ex.select().from(memberProfiles).where(eq(memberProfiles.memberId, memberId))
    const contacts = m.contacts
    const values = {
      nickname: m.nickname,
      realName: m.payeeName,
      birthday: m.birthday,
      email: m.email,
      mobile: m.mobile,
      ...Object.fromEntries(contactFields.map((f) => [f, storedValue(contacts[f])])),
      ...Object.fromEntries(profileRowFields.map((f) => [f, p?.[f] ?? null])),
    } as Values
    return { member: m, values, reopened: p?.reopened ?? [], completedAt: p?.completedAt ?? null }
  }

  function lockedOf(rules: readonly ProfileFieldRule[], values: Values, reopened: readonly string[]) {
    return rules
      .filter((r) => r.enabled && r.locked && values[r.field] !== null && !reopened.includes(r.field))
      .map((r) => r.field)
  }

  function isComplete(rules: readonly ProfileFieldRule[], values: Values): boolean {
    return rules.every((r) => !r.enabled || values[r.field] !== null)
  }

  /** The profile as the member sees it (e-mail and mobile masked); `full` for the operator. */
  async function read(memberId: number, opts: { full?: boolean } = {}, ex: Db | Tx = db): Promise<Profile> {
    const { member, values, reopened, completedAt } = await load(memberId, ex)
    const rules = await rulesOf(member.merchantCode, ex)
    const brand = await brandOf(member.merchantCode, ex)
    const shown: Values = opts.full
      ? values
      : {
          ...values,
          email: values.email && maskEmail(values.email),
          mobile: values.mobile && maskMobile(values.mobile),
        }
    return {
      rules,
      values: shown,
      locked: lockedOf(rules, values, reopened),
      ...brand,
      complete: completedAt !== null || isComplete(rules, values),
    }
  }

  /** Writes the changed values, consumes their reopenings, and marks the profile complete when it first is. */
  async function write(
    tx: Tx,
    memberId: number,
    loaded: Awaited<ReturnType<typeof load>>,
    rules: readonly ProfileFieldRule[],
    changed: Partial<Values>,
  ): Promise<void> {
    const { member, values, reopened, completedAt } = loaded
    const next: Values = { ...values, ...changed }
    const set: Partial<typeof members.$inferInsert> = {}
    if ('nickname' in changed) set.nickname = changed.nickname ?? member.account
    if ('realName' in changed) set.payeeName = changed.realName ?? null
    if ('birthday' in changed) set.birthday = changed.birthday ?? null
    if ('email' in changed) set.email = changed.email ?? null
    if ('mobile' in changed) set.mobile = changed.mobile ?? null
    if (contactFields.some((f) => f in changed)) {
      const contacts: Record<string, string> = { ...member.contacts }
      for (const f of contactFields) {
        if (!(f in changed)) continue
        const v = changed[f]
        if (v) contacts[f] = v
        else delete contacts[f]
      }
      set.contacts = contacts
    }
    if (Object.keys(set).length > 0) await tx.update(members).set(set).where(eq(members.id, memberId))
    const row = {
      ...Object.fromEntries(profileRowFields.map((f) => [f, next[f]])),
      reopened: reopened.filter((f) => !(f in changed)),
      completedAt: completedAt ?? (isComplete(rules, next) ? now() : null),
      updatedAt: now(),
    } as Omit<typeof memberProfiles.$inferInsert, 'memberId'>
    await tx
      .insert(memberProfiles)
      .values({ memberId, ...row })
      .onConflictDoUpdate({ target: memberProfiles.memberId, set: row })
  }

  /**
   * The member's (or an operator's) update of the editable fields. Refused whole: a field
   * the brand does not show, a locked field changed by the member, a value breaking its
   * rule, a birthday that is not a date or of a member under the brand's minimum age.
   */
  async function update(
    memberId: number,
    input: Partial<Record<EditableField, string | undefined>>,
    actor: UpdateActor,
  ): Promise<{ before: Partial<Values>; after: Partial<Values> }> {
    return db.transaction(async (tx) => {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update')
      const loaded = await load(memberId, tx)
      const rules = await rulesOf(loaded.member.merchantCode, tx)
      const brand = await brandOf(loaded.member.merchantCode, tx)
      const sent = Object.entries(input).filter(
        (e): e is [EditableField, string] => e[1] !== undefined && isIn(editableFields, e[0]),
      )
      const off = sent.filter(([f]) => !rules.some((r) => r.field === f && r.enabled))
      if (off.length > 0) {
        throw new AppError('validation_failed', 'the brand does not ask for these fields', {
          fields: off.map(([path]) => ({ path, code: 'disabled', message: `${path} is not asked for` })),
        })
      }
      const changed: Partial<Values> = {}
      for (const [f, v] of sent) {
        if (storedValue(v) !== loaded.values[f]) changed[f] = storedValue(v)
      }
      if (!actor.operator) {
        const locked = lockedOf(rules, loaded.values, loaded.reopened).filter((f) => f in changed)
        if (locked.includes('birthday')) {
          throw new AppError('birthday_already_set', 'the birthday is set once and cannot be changed')
        }
        const [field] = locked
        if (field) throw new AppError('profile_field_locked', `${field} is locked once set`, { field })
      }
      const problems = checkProfileUpdate(rules, loaded.values, Object.fromEntries(sent), brand)
      // An operator's correction need not fill the member's required fields.
      const shown = Object.entries(problems).filter(
        ([f, p]) => !actor.operator || p.kind !== 'required' || f in changed,
      )
      if (shown.length === 1 && shown[0]?.[0] === 'birthday') {
        const p = shown[0][1]
        if (p.kind === 'date')
          throw new AppError('birthday_invalid', 'not a real date of birth, or in the future')
        if (p.kind === 'age') {
          throw new AppError('birthday_under_age', 'under the brand’s minimum age', {
            minimumAge: p.minimumAge,
          })
        }
      }
      if (shown.length > 0) {
        throw new AppError('validation_failed', 'some fields are not valid', {
          fields: shown.map(([path, p]) => profileProblemToField(path, p)),
        })
      }
      if (Object.keys(changed).length > 0) await write(tx, memberId, loaded, rules, changed)
      const before = Object.fromEntries(
        Object.keys(changed).map((f) => [f, loaded.values[f as ProfileField]]),
      )
      return { before, after: changed }
    })
  }

  /**
   * Binds an e-mail address or mobile number (E.164) the member proved with a code. A
   * mobile number another account of the brand has is refused, under a lock on the number
   * so two members binding it at once cannot both have it.
   */
  async function bind(memberId: number, field: BoundField, value: string, dialingCode?: string) {
    await db.transaction(async (tx) => {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update')
      const loaded = await load(memberId, tx)
      if (field === 'mobile') {
        const merchantCode = loaded.member.merchantCode
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`bindMobile:${merchantCode}:${value}`}))`,
        )
        const [other] = await tx
          .select({ id: members.id })
          .from(members)
          .where(
            and(eq(members.merchantCode, merchantCode), eq(members.mobile, value), ne(members.id, memberId)),
          )
        if (other) throw new AppError('mobile_taken', 'this mobile number is already registered')
        if (dialingCode) {
          await tx.update(members).set({ countryDialingCode: dialingCode }).where(eq(members.id, memberId))
        }
      }
      const rules = await rulesOf(loaded.member.merchantCode, tx)
      await write(tx, memberId, loaded, rules, { [field]: value })
    })
  }

  /** Reopens locked fields for one more setting by the member (an operator's correction). */
  async function reopen(memberId: number, fields: readonly ProfileField[], ex: Db | Tx = db) {
    const loaded = await load(memberId, ex)
    const reopened = [...new Set([...loaded.reopened, ...fields])]
    await ex
      .insert(memberProfiles)
      .values({ memberId, reopened, updatedAt: now() })
      .onConflictDoUpdate({ target: memberProfiles.memberId, set: { reopened, updatedAt: now() } })
    return reopened
  }

  /** Sets one field's rule for the brand (the operator's settings). */
  async function setRule(merchantCode: string, r: ProfileFieldRule, ex: Db | Tx = db) {
    const { field, ...rest } = ProfileFieldRuleSchema.parse(r)
    await ex
      .insert(profileFieldRules)
      .values({ merchantCode, field, ...rest })
      .onConflictDoUpdate({ target: [profileFieldRules.merchantCode, profileFieldRules.field], set: rest })
  }

  return { rulesOf, read, update, bind, reopen, setRule }
}

export type ProfileService = ReturnType<typeof createProfileService>
