/**
 * Idempotency keys for money mutations. The key row is written in the same database
 * transaction as the movement it guards, with the answer:
 * - a retry with the same key and the same body gets the first answer again, and nothing
 *   moves twice. A retry after the first committed is answered from the stored row before
 *   any work; one that races the first does its work, then finds the key taken when it
 *   writes it (the unique index waits for the first to commit), so its transaction rolls
 *   back whole and it replays the first answer;
 * - the same key with another body, or for another call, is refused (409);
 * - a movement that failed (insufficient funds, a wrong password) stored nothing, so a retry
 *   is judged afresh.
 */
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { idempotencyKeys } from '../db/schema'
import { AppError } from '../http/errors'
import type { Db, Tx } from '../plugins/external/db'

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

/** Thrown inside the transaction to roll it back when another request owns the key. */
class KeyTaken extends Error {}

/** Runs `work` in one transaction guarded by the key; see the module comment. */
export async function withIdempotency<T>(
  db: Db,
  args: IdempotencyArgs,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const hash = requestHash(args.endpoint, args.body)
  const where = and(eq(idempotencyKeys.memberId, args.memberId), eq(idempotencyKeys.key, args.key))

  async function replay(): Promise<T | undefined> {
    const [first] = await db.select().from(idempotencyKeys).where(where)
    if (!first) return undefined
    if (first.endpoint !== args.endpoint || first.requestHash !== hash) {
      throw new AppError('idempotency_key_reused', 'this idempotency key was used for another request')
    }
    // The route's response schema checks the replayed answer on its way out.
    return first.response as T
  }

  const earlier = await replay()
  if (earlier !== undefined) return earlier
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx)
      const written = await tx
        .insert(idempotencyKeys)
        .values({
          memberId: args.memberId,
          key: args.key,
          endpoint: args.endpoint,
          requestHash: hash,
          response: result as unknown,
          createdAt: args.at,
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      if (written.length === 0) throw new KeyTaken()
      return result
    })
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err
    const first = await replay()
    if (first === undefined) throw new Error('idempotency key vanished', { cause: err })
    return first
  }
}
