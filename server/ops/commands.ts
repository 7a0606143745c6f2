/**
 * Operator commands. The same functions run inside the server (through the loopback
 * operator API) or in the CLI's own process when no server holds the database.
 */
import { z } from 'zod'
import type { Db } from '../plugins/external/db'
import type { NoticeWriter } from '../notify/notices'
import { parseCidr } from '../system/access'
import {
  accessSettingsOf,
  blockIp,
  flagOf,
  flagsOf,
  ipBlockCount,
  ipBlockOf,
  ipBlocksOf,
  saveAccessSettings,
  setFlag,
  unblockIp,
  type AccessSettingsPatch,
} from '../system/access-repository'
import { contentCommands } from './content-commands'
import { contractCommands } from './contract-commands'
import { customerServiceCommands } from './customer-service-commands'
import { gamesCommands } from './games-commands'
import { goLiveCommands, type GatewayKind } from './golive-commands'
import { jobsCommands } from './jobs-commands'
import { lotteryCommands } from './lottery-commands'
import { moneyCommands } from './money-commands'
import { paymentMethodCommands } from './payment-method-commands'
import { OpsError } from './ops-error'
import { noMore, oneOf, required } from './ops-input'
import { auditCommands } from './audit-commands'
import { createAuditTrail, type AuditNote } from './audit'
import { clearLoginStops } from '../identity/throttle'

export { OpsError }

export interface OpsContext {
  db: Db
  merchantCode: string
  /** Tells the running server to drop its caches; a no-op in the CLI's own process. */
  invalidate: () => void
  rotateKey?: () => Promise<{ kid: string }>
  /** Hashes a new account's password with the install's argon2id parameters. */
  hashPassword?: (password: string) => Promise<string>
  /** The online gateway the install pays through; online methods need a real one. */
  paymentGateway?: GatewayKind
  /** The running server's notice writer (queues each notice's push at once); else the sweep sends it. */
  notices?: NoticeWriter
  /** Who runs the command (`--as`, OPERATOR; server/ops/operator.ts): needed by one that changes something. */
  operator?: string | null
  /**
   * Set by `runCommand` for a command that changes something: what it acted on and the state
   * before and after, for its row in the audit trail.
   */
  audit?: (note: AuditNote) => void
}

export interface CommandSpec {
  usage: string
  summary: string
  /** The words with which the command only reads (a list, a check): no operator needed, no audit row. */
  readOnly?: (args: string[]) => boolean
  /**
   * Its effect is written by the running server's own services, outside the command's
   * transaction (key rotation): its audit row follows the effect instead of sharing its
   * transaction.
   */
  outsideTransaction?: true
  run: (ctx: OpsContext, args: string[]) => Promise<string>
}

const Country = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'a country is two letters, e.g. KH'))

async function touchSettings(ctx: OpsContext, patch: AccessSettingsPatch) {
  const row = await accessSettingsOf(ctx.db, ctx.merchantCode)
  const changed = Object.keys(patch) as (keyof typeof patch)[]
  ctx.audit?.({
    target: `access settings of ${ctx.merchantCode}`,
    before: row ? Object.fromEntries(changed.map((k) => [k, row[k as keyof typeof row] ?? null])) : null,
    after: patch,
  })
  await saveAccessSettings(ctx.db, ctx.merchantCode, patch)
  ctx.invalidate()
}

export const commands: Record<string, CommandSpec> = {
  maintenance: {
    usage: 'maintenance on [message] | off',
    summary: 'switch the maintenance page on or off for the brand',
    async run(ctx, args) {
      const [word, ...rest] = args
      const mode = oneOf('maintenance: the switch', word, ['on', 'off'])
      if (mode === 'on') {
        const message = rest.join(' ').trim() || null
        await touchSettings(ctx, { maintenance: true, maintenanceMessage: message })
        return `maintenance on for ${ctx.merchantCode}`
      }
      noMore('maintenance off', rest)
      await touchSettings(ctx, { maintenance: false, maintenanceMessage: null, maintenanceUntil: null })
      return `maintenance off for ${ctx.merchantCode}`
    },
  },

  region: {
    usage: 'region block <CC> | unblock <CC> | list',
    readOnly: (args) => args[0] === 'list',
    summary: 'restrict or allow callers from a country (ISO code from the CDN header)',
    async run(ctx, args) {
      const [word, cc, ...extra] = args
      const mode = oneOf('region: the action', word, ['block', 'unblock', 'list'])
      const row = await accessSettingsOf(ctx.db, ctx.merchantCode)
      const current = new Set(row?.blockedCountries ?? [])
      if (mode === 'list') return current.size ? [...current].sort().join('\n') : 'no blocked regions'
      const parsed = Country.safeParse(required(`region ${mode}: the country (two letters, e.g. KH)`, cc))
      if (!parsed.success) throw new OpsError(parsed.error.issues[0]?.message ?? 'bad country')
      noMore(`region ${mode} ${parsed.data}`, extra)
      const others = [...current].filter((c) => c !== parsed.data)
      const next = mode === 'block' ? [...others, parsed.data] : others
      await touchSettings(ctx, { blockedCountries: next.sort() })
      return `${mode === 'block' ? 'blocked' : 'unblocked'} region ${parsed.data}`
    },
  },

  ip: {
    usage: 'ip block <address|cidr> [note] | unblock <address|cidr> | list',
    readOnly: (args) => args[0] === 'list',
    summary: 'block or unblock a client address or range',
    async run(ctx, args) {
      const [word, raw, ...note] = args
      const mode = oneOf('ip: the action', word, ['block', 'unblock', 'list'])
      if (mode === 'list') {
        const rows = await ipBlocksOf(ctx.db)
        return rows.length
          ? rows.map((r) => `${r.cidr}${r.note ? `  ${r.note}` : ''}`).join('\n')
          : 'no blocked addresses'
      }
      const c = parseCidr(required(`ip ${mode}: the address (an IP address or CIDR range)`, raw))
      if (!c) throw new OpsError(`not an IP address or CIDR range: ${raw}`)
      const cidr = c.prefix === (c.family === 'ipv4' ? 32 : 128) ? c.address : `${c.address}/${c.prefix}`
      const was = await ipBlockOf(ctx.db, cidr)
      const before = was ? { blocked: true, note: was.note } : { blocked: false }
      if (mode === 'block') {
        // An address blocked already keeps its first note.
        const after = was ? before : { blocked: true, note: note.join(' ') || null }
        ctx.audit?.({ target: `address ${cidr}`, before, after })
        await blockIp(ctx.db, cidr, note.join(' ') || null)
      } else {
        ctx.audit?.({ target: `address ${cidr}`, before, after: { blocked: false } })
        await unblockIp(ctx.db, cidr)
      }
      ctx.invalidate()
      return `${mode === 'block' ? 'blocked' : 'unblocked'} ${cidr}`
    },
  },

  flag: {
    usage: 'flag set <modId> on|off | list',
    readOnly: (args) => args[0] === 'list',
    summary: 'switch a white-label feature node on or off',
    async run(ctx, args) {
      const [word, rawModId, rawValue, ...extra] = args
      const mode = oneOf('flag: the action', word, ['set', 'list'])
      if (mode === 'list') {
        const rows = await flagsOf(ctx.db, ctx.merchantCode)
        return rows
          .map(
            (r) => `${r.enabled ? 'on ' : 'off'} ${r.modId}${r.parentModId ? ` (in ${r.parentModId})` : ''}`,
          )
          .join('\n')
      }
      const modId = required('flag set: the flag (its modId, see: flag list)', rawModId)
      const value = oneOf(`flag set ${modId}: the switch`, rawValue, ['on', 'off'])
      noMore(`flag set ${modId} ${value}`, extra)
      const was = await flagOf(ctx.db, ctx.merchantCode, modId)
      if (!was) throw new OpsError(`no flag ${modId} for ${ctx.merchantCode} (see: flag list)`)
      ctx.audit?.({
        target: `flag ${modId}`,
        before: { enabled: was.enabled },
        after: { enabled: value === 'on' },
      })
      await setFlag(ctx.db, ctx.merchantCode, modId, value === 'on')
      ctx.invalidate()
      return `${modId} ${value}`
    },
  },

  login: {
    usage: 'login unlock <username> | login reset-ip <address>',
    summary:
      "lift a login lock or captcha requirement for an account, or an address's stops (logins and registrations)",
    async run(ctx, args) {
      const [word, raw, ...extra] = args
      const mode = oneOf('login: the action', word, ['unlock', 'reset-ip'])
      const value = required(
        mode === 'unlock' ? 'login unlock: the username' : 'login reset-ip: the address',
        raw,
      )
      noMore(`login ${mode} ${value}`, extra)
      // An account's lock is kept per address it was guessed from; an address's budgets
      // (logins, and registrations) and its locks on accounts all go with reset-ip.
      const target = value.trim()
      const removed = await clearLoginStops(
        ctx.db,
        ctx.merchantCode,
        mode === 'unlock' ? { account: target } : { address: target },
      )
      ctx.audit?.({
        target: mode === 'unlock' ? `logins of ${target}` : `logins from ${target}`,
        before: { stops: removed },
        after: { stops: [] },
      })
      return removed.length > 0 ? `cleared ${removed.join(', ')}` : `nothing to clear for ${value}`
    },
  },

  key: {
    usage: 'key rotate',
    outsideTransaction: true,
    summary: 'retire the payload-encryption key and make a new one',
    async run(ctx, args) {
      oneOf('key: the action', args[0], ['rotate'])
      noMore('key rotate', args.slice(1))
      if (!ctx.rotateKey) throw new OpsError('key rotation needs the running server')
      const k = await ctx.rotateKey()
      ctx.audit?.({ target: 'payload-encryption key', before: null, after: { kid: k.kid } })
      return `new key ${k.kid}`
    },
  },

  status: {
    usage: 'status',
    readOnly: () => true,
    summary: 'show maintenance, blocked regions and addresses',
    async run(ctx, args) {
      noMore('status', args)
      const row = await accessSettingsOf(ctx.db, ctx.merchantCode)
      const ips = await ipBlockCount(ctx.db)
      return [
        `brand: ${ctx.merchantCode}`,
        `maintenance: ${row?.maintenance ? 'on' : 'off'}${row?.maintenanceMessage ? ` (${row.maintenanceMessage})` : ''}`,
        `blocked regions: ${row?.blockedCountries.join(', ') || 'none'}`,
        `blocked addresses: ${ips}`,
      ].join('\n')
    },
  },

  ...auditCommands,
  ...moneyCommands,
  ...goLiveCommands,
  ...paymentMethodCommands,
  ...jobsCommands,
  ...contentCommands,
  ...customerServiceCommands,
  ...lotteryCommands,
  ...gamesCommands,
  ...contractCommands,
}

export function helpText(): string {
  return [
    'usage: npm run ops -- <command>',
    '',
    ...Object.values(commands).map((c) => `  ${c.usage.padEnd(62)} ${c.summary}`),
  ].join('\n')
}

/** One row's note from what a command said about its action (most say one thing or nothing). */
function noteOf(notes: readonly AuditNote[]): AuditNote {
  if (notes.length <= 1) return notes[0] ?? {}
  return {
    target: notes.flatMap((n) => (n.target ? [n.target] : [])).join(', ') || undefined,
    before: notes.map((n) => n.before ?? null),
    after: notes.map((n) => n.after ?? null),
  }
}

/**
 * Runs one command line; OpsError for a user's mistake, with a message to print.
 *
 * A command that changes something needs a named operator and runs in one transaction with
 * its row in the audit trail (server/ops/audit.ts): both are written or neither. The running
 * server is told to drop its caches once that transaction has committed.
 */
export async function runCommand(ctx: OpsContext, argv: string[]): Promise<string> {
  const [name, ...args] = argv
  const spec = name ? commands[name] : undefined
  if (!spec) throw new OpsError(helpText())
  if (spec.readOnly?.(args)) return spec.run(ctx, args)
  const operator = ctx.operator
  if (!operator) {
    throw new OpsError(
      `${argv.slice(0, 2).join(' ')} changes the brand: name the operator who runs it with --as <name> or OPERATOR=<name> (required in production); nothing was done`,
    )
  }
  const notes: AuditNote[] = []
  let changed = false
  const invalidate = () => {
    changed = true
  }
  const audit = (note: AuditNote) => {
    notes.push(note)
  }
  const record = (db: OpsContext['db']) =>
    createAuditTrail(db).record({
      merchantCode: ctx.merchantCode,
      operator,
      words: argv,
      ...noteOf(notes),
      at: new Date(),
    })
  let output: string
  if (spec.outsideTransaction) {
    output = await spec.run({ ...ctx, invalidate, audit }, args)
    await record(ctx.db)
  } else {
    output = await ctx.db.transaction(async (tx) => {
      const out = await spec.run({ ...ctx, db: tx, invalidate, audit }, args)
      await record(tx)
      return out
    })
  }
  if (changed) ctx.invalidate()
  return output
}
