/**
 * The operator's profile commands: a member's profile shown in full, a field corrected
 * (through a lock: the correction customer service was asked for), a locked field reopened
 * for the member to set once more; and the brand's rule per field (shown, enabled, required,
 * locked, length and pattern). Through the profile service; each change with its audit row.
 */
import { and, eq } from 'drizzle-orm'
import {
  editableFields,
  profileFields,
  ProfileFieldRuleSchema,
  type EditableField,
  type ProfileField,
} from '#contract/profile'
import { patternIds } from '#contract/system'
import { members } from '../db/schema'
import { AppError } from '../http/errors'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { noMore, oneOf, options, required } from '../ops/ops-input'
import { createProfileService } from './profile-service'

const service = (ctx: OpsContext) => createProfileService(ctx.db, () => new Date())

async function memberOf(ctx: OpsContext, raw: string | undefined, what: string) {
  const username = required(what, raw).toLowerCase()
  const [m] = await ctx.db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(and(eq(members.merchantCode, ctx.merchantCode), eq(members.username, username)))
  if (!m) throw new OpsError(`no member ${username} in brand ${ctx.merchantCode}`)
  return m
}

/** The service's refusal in one line: its code and, for fields, each field's problem. */
function opsErrorOf(err: unknown): never {
  if (!(err instanceof AppError)) throw err
  const fields = (err.value as { fields?: { path: string; code: string }[] } | undefined)?.fields
  const detail = fields?.map((f) => `${f.path}: ${f.code}`).join(', ')
  throw new OpsError(`${err.errorCode}${detail ? ` (${detail})` : ''}: ${err.message}`)
}

const yesNo = (what: string, v: string | undefined) =>
  v === undefined ? undefined : oneOf(what, v, ['yes', 'no']) === 'yes'

function lengthOf(what: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined
  if (!/^\d{1,3}$/.test(v)) throw new OpsError(`${what} is a whole number from 0 to 999, not "${v}"`)
  return Number(v)
}

const profileUsage =
  'profile show <username> | profile set <username> <field> <value…|--clear> | profile reopen <username> <field>'
const ruleUsage =
  'profile-rule list | profile-rule set <field> [--enabled yes|no] [--required yes|no] [--locked yes|no] [--min <n>] [--max <n>] [--pattern <regex|*> --pattern-id <ID>]'

export const profileCommands: Record<string, CommandSpec> = {
  profile: {
    usage: profileUsage,
    summary: `a member's profile: shown in full, a field corrected (locked ones too), a locked field reopened; fields: ${profileFields.join(', ')}`,
    readOnly: (args) => args[0] === 'show',
    async run(ctx, args) {
      const [word, rawUser, ...rest] = args
      const mode = oneOf('profile: the action', word, ['show', 'set', 'reopen'])
      const m = await memberOf(ctx, rawUser, `profile ${mode}: the username`)
      const profiles = service(ctx)
      if (mode === 'show') {
        noMore(`profile show ${m.username}`, rest)
        const p = await profiles.read(m.id, { full: true }, ctx.db)
        const lines = p.rules
          .filter((r) => r.enabled)
          .map((r) => {
            const v = p.values[r.field]
            const marks = [r.required ? 'required' : '', p.locked.includes(r.field) ? 'locked' : '']
              .filter(Boolean)
              .join(', ')
            return `  ${r.field.padEnd(17)} ${v ?? '—'}${marks ? `  (${marks})` : ''}`
          })
        return [`profile of ${m.username}${p.complete ? ' (complete)' : ''}:`, ...lines].join('\n')
      }
      const [rawField, ...value] = rest
      if (mode === 'reopen') {
        const field = oneOf('profile reopen: the field', rawField, profileFields) as ProfileField
        noMore(`profile reopen ${m.username} ${field}`, value)
        const before = await profiles.read(m.id, { full: true }, ctx.db)
        if (!before.locked.includes(field)) throw new OpsError(`${field} of ${m.username} is not locked`)
        await profiles.reopen(m.id, [field], ctx.db)
        ctx.audit?.({
          target: `profile of ${m.username}`,
          before: { locked: before.locked },
          after: { reopened: field },
        })
        return `${field} of ${m.username} reopened: the member may set it once more`
      }
      const field = oneOf('profile set: the field', rawField, editableFields) as EditableField
      const joined = value.join(' ')
      if (joined === '') throw new OpsError('profile set: the value is required (or --clear)')
      const next = joined === '--clear' ? '' : joined
      const r = await profiles.update(m.id, { [field]: next }, { operator: true }).catch(opsErrorOf)
      ctx.audit?.({ target: `profile of ${m.username}`, before: r.before, after: r.after })
      return Object.keys(r.after).length === 0
        ? `${field} of ${m.username} unchanged`
        : `${field} of ${m.username} set to ${r.after[field] ?? '(empty)'}`
    },
  },
  'profile-rule': {
    usage: ruleUsage,
    summary: "the brand's rule per profile field: shown, required, locked once set, length and pattern",
    readOnly: (args) => args[0] === 'list',
    async run(ctx, args) {
      const [word, ...rest] = args
      const mode = oneOf('profile-rule: the action', word, ['list', 'set'])
      const profiles = service(ctx)
      const rules = await profiles.rulesOf(ctx.merchantCode, ctx.db)
      if (mode === 'list') {
        noMore('profile-rule list', rest)
        return rules
          .map(
            (r) =>
              `${r.field.padEnd(17)} ${r.enabled ? 'shown' : 'hidden'}${r.required ? ', required' : ''}${r.locked ? ', locked once set' : ''}; ${r.minLength}-${r.maxLength} characters; ${r.acceptedPattern === '*' ? 'any text' : `${r.patternId} ${r.acceptedPattern}`}`,
          )
          .join('\n')
      }
      const { values, positionals } = options(rest, {
        enabled: { type: 'string' },
        required: { type: 'string' },
        locked: { type: 'string' },
        min: { type: 'string' },
        max: { type: 'string' },
        pattern: { type: 'string' },
        'pattern-id': { type: 'string' },
      })
      const [rawField, ...extra] = positionals
      const field = oneOf('profile-rule set: the field', rawField, profileFields) as ProfileField
      noMore(`profile-rule set ${field}`, extra)
      const before = rules.find((r) => r.field === field)
      if (!before) throw new OpsError(`no rule for ${field}`)
      if ((values.pattern === undefined) !== (values['pattern-id'] === undefined)) {
        throw new OpsError('profile-rule set: --pattern and --pattern-id go together')
      }
      if (values.pattern !== undefined && values.pattern !== '*') {
        try {
          new RegExp(values.pattern, 'u')
        } catch {
          throw new OpsError(`--pattern ${values.pattern} is not a regular expression`)
        }
      }
      const after = {
        ...before,
        enabled: yesNo('--enabled', values.enabled) ?? before.enabled,
        required: yesNo('--required', values.required) ?? before.required,
        locked: yesNo('--locked', values.locked) ?? before.locked,
        minLength: lengthOf('--min', values.min) ?? before.minLength,
        maxLength: lengthOf('--max', values.max) ?? before.maxLength,
        ...(values.pattern !== undefined
          ? {
              acceptedPattern: values.pattern,
              patternId: oneOf('--pattern-id', values['pattern-id'], patternIds),
            }
          : {}),
      }
      if (after.maxLength > 0 && after.minLength > after.maxLength) {
        throw new OpsError(`--min ${after.minLength} is above --max ${after.maxLength}`)
      }
      if (after.required && !after.enabled) throw new OpsError(`${field} cannot be required while hidden`)
      await profiles.setRule(ctx.merchantCode, ProfileFieldRuleSchema.parse(after), ctx.db)
      ctx.audit?.({ target: `profile rule ${field}`, before, after })
      ctx.invalidate()
      return `profile rule ${field}: ${after.enabled ? 'shown' : 'hidden'}${after.required ? ', required' : ''}${after.locked ? ', locked once set' : ''}; ${after.minLength}-${after.maxLength}`
    },
  },
}
