/**
 * The operator audit trail: every operator command that changes something writes one row
 * in the same transaction as its effect (server/ops/commands.ts `runCommand`): who (the
 * operator), when, the command and its words, and, where the command knows them, what it
 * acted on and the state before and after. A command that fails writes neither.
 * `npm run ops -- audit` lists it; the back office will read the same rows.
 */
import { and, desc, eq, lt } from 'drizzle-orm'
import { z } from 'zod'
import { operatorActions } from '../db/schema'
import type { Db } from '../plugins/external/db'

/** An operator's name as given with `--as` or OPERATOR: a login name or an e-mail address. */
export const OperatorName = z
  .string()
  .regex(/^[\p{L}\p{N}._@+-]{1,64}$/u, 'an operator name is 1 to 64 letters, digits or . _ @ + -')

/** What a command says about its own action, beside its words. */
export interface AuditNote {
  /** What it acted on: a member, a deposit, a flag, a brand… */
  target?: string
  before?: unknown
  after?: unknown
}

export interface AuditEntry extends AuditNote {
  merchantCode: string
  operator: string
  /** The command and its words, as typed (no command takes a secret as a word). */
  words: string[]
  at: Date
}

export interface AuditRow {
  id: number
  operator: string
  words: string[]
  target: string | null
  before: unknown
  after: unknown
  at: Date
}

/** A value as JSON keeps it: bigint amounts as strings, dates as ISO strings. */
function plain(value: unknown): unknown {
  if (value === undefined) return null
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
}

export function createAuditTrail(db: Db) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(operatorActions).values({
        merchantCode: entry.merchantCode,
        operator: entry.operator,
        action: entry.words.slice(0, 2).join(' '),
        words: entry.words,
        target: entry.target ?? null,
        before: plain(entry.before),
        after: plain(entry.after),
        at: entry.at,
      })
    },

    /** The newest first, `limit` of them, before the row `beforeId` when given. */
    async list(merchantCode: string, limit: number, beforeId?: number): Promise<AuditRow[]> {
      return db
        .select({
          id: operatorActions.id,
          operator: operatorActions.operator,
          words: operatorActions.words,
          target: operatorActions.target,
          before: operatorActions.before,
          after: operatorActions.after,
          at: operatorActions.at,
        })
        .from(operatorActions)
        .where(
          and(
            eq(operatorActions.merchantCode, merchantCode),
            beforeId === undefined ? undefined : lt(operatorActions.id, beforeId),
          ),
        )
        .orderBy(desc(operatorActions.id))
        .limit(limit)
    },
  }
}
