/**
 * The operator commands, gathered from the areas that own them (server/<area>/commands.ts),
 * and how one runs. The same functions run inside the server (through the loopback operator
 * API) or in the CLI's own process when no server holds the database.
 */
import { agentCommands } from '../agent/commands'
import { contentCommands } from '../content/commands'
import { contractsCommands } from '../contracts/commands'
import { feedbackCommands } from '../feedback/commands'
import { gamesCommands } from '../games/commands'
import { identityCommands } from '../identity/commands'
import { jobsCommands } from '../jobs/commands'
import { lotteryCommands } from '../lottery/commands'
import { missionCommands } from '../loyalty/missions/commands'
import { pointsCommands } from '../loyalty/points/commands'
import { mallCommands } from '../loyalty/points/mall-commands'
import { vipCommands } from '../loyalty/vip/commands'
import { moneyCommands } from '../money/commands'
import type { NoticeWriter } from '../notify/notices'
import type { Db } from '../plugins/external/db'
import { promotionCommands } from '../promotions/commands'
import { referralCommands } from '../referral/commands'
import { createAuditTrail, type AuditNote } from '../system/audit'
import { systemCommands } from '../system/commands'
import type { GatewayKind } from '../system/golive-commands'
import { OpsError } from './ops-error'

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
  /**
   * How long each server keeps the brand's settings (SETTINGS_TTL_SECONDS): a versioned
   * setting (the point settings) takes effect this long after the command, once every
   * server has read it. The longest allowed when not given.
   */
  settingsTtlSeconds?: number
  /** The install runs in demo mode (what only a demo may do: settle contracts as of a later time). */
  demo?: boolean
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
   * transaction (key rotation), or in short transactions of its own (a month's VIP
   * evaluation, with these words): its audit row follows the effect instead of sharing its
   * transaction.
   */
  outsideTransaction?: true | ((args: string[]) => boolean)
  /**
   * With these words the service the command calls writes the audit row itself, in its own
   * transaction with the effect (`turnover waive`): the command's transaction writes none.
   */
  auditedByService?: (args: string[]) => boolean
  run: (ctx: OpsContext, args: string[]) => Promise<string>
}

/** One area's operator commands, by the name the operator types. */
export type AreaCommands = Readonly<Record<string, CommandSpec>>

/**
 * Every area's commands, in the order buildApp registers the areas (help lists them so), the
 * platform's jobs last. A new area's commands are its server/<area>/commands.ts and one line here.
 */
const areas: readonly (readonly [area: string, commands: AreaCommands])[] = [
  ['system', systemCommands],
  ['content', contentCommands],
  ['money', moneyCommands],
  ['identity', identityCommands],
  ['games', gamesCommands],
  ['lottery', lotteryCommands],
  ['agent', agentCommands],
  ['contracts', contractsCommands],
  ['promotions', promotionCommands],
  ['points', pointsCommands],
  ['pointMall', mallCommands],
  ['vip', vipCommands],
  ['missions', missionCommands],
  ['feedback', feedbackCommands],
  ['referral', referralCommands],
  ['jobs', jobsCommands],
]

/** The areas' commands as one table; a name two areas define is refused at load, naming both. */
export function gatherCommands(
  list: readonly (readonly [area: string, commands: AreaCommands])[],
): Record<string, CommandSpec> {
  const all: Record<string, CommandSpec> = {}
  const owners = new Map<string, string>()
  for (const [area, own] of list) {
    for (const [name, spec] of Object.entries(own)) {
      const other = owners.get(name)
      if (other !== undefined) throw new Error(`operator command ${name} is defined by ${other} and ${area}`)
      owners.set(name, area)
      all[name] = spec
    }
  }
  return all
}

export const commands: Record<string, CommandSpec> = gatherCommands(areas)

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
 * its row in the audit trail (server/system/audit.ts): both are written or neither. The running
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
  const outside =
    typeof spec.outsideTransaction === 'function' ? spec.outsideTransaction(args) : spec.outsideTransaction
  if (outside) {
    output = await spec.run({ ...ctx, invalidate, audit }, args)
    await record(ctx.db)
  } else {
    const selfAudited = spec.auditedByService?.(args) === true
    output = await ctx.db.transaction(async (tx) => {
      const out = await spec.run({ ...ctx, db: tx, invalidate, audit }, args)
      if (!selfAudited) await record(tx)
      return out
    })
  }
  if (changed) ctx.invalidate()
  return output
}
