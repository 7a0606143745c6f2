/**
 * Idempotency keys for money mutations. The key row is written in the same database
 * transaction as the movement it guards, with the answer:
 * - a retry with the same key and the same body gets the first answer again, and nothing
 *   moves twice (a concurrent retry waits on the key's unique index until the first
 *   commits, then replays it);
 * - the same key with another body, or for another call, is refused (409);
 * - a movement that failed (insufficient funds, a wrong password) stored nothing, so a retry
 *   is judged afresh.
 */
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { idempotencyKeys } from '../db/schema'
import { AppError } from '../http/errors'
import type { Db } from '../plugins/external/db'
import type { Tx } from './ledger'

/** JSON with keys in a fixed order, so the same body always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`
  }
  return JSON.stringify(v) ?? 'null'
}

export function requestHash(endpoint: string, body: unknown): string {
  return createHash('sha256').update(endpoint).update('\u0000').update(canonical(body)).digest('hex')
}

export interface IdempotencyArgs {
  memberId: number
  key: string
  endpoint: string
  body: unknown
  at: Date
}

/** Runs `work` in one transaction guarded by the key; see the module comment. */
export async function withIdempotency<T>(
  db: Db,
  args: IdempotencyArgs,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const hash = requestHash(args.endpoint, args.body)
  const where = and(eq(idempotencyKeys.memberId, args.memberId), eq(idempotencyKeys.key, args.key))
  return db.transaction(async (tx) => {
    const mine = await tx
      .insert(idempotencyKeys)
      .values({
        memberId: args.memberId,
        key: args.key,
        endpoint: args.endpoint,
        requestHash: hash,
        createdAt: args.at,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (mine.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(where)
      if (!first || first.endpoint !== args.endpoint || first.requestHash !== hash) {
        throw new AppError('idempotency_key_reused', 'this idempotency key was used for another request')
      }
      // The route's response schema checks the replayed answer on its way out.
      return first.response as T
    }
    const result = await work(tx)
    await tx
      .update(idempotencyKeys)
      .set({ response: result as unknown })
      .where(where)
    return result
  })
}
