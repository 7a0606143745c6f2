/**
 * Idempotency keys for money mutations. The route layer (http/contract-routes.ts) owns the
 * key of every endpoint row marked `idempotent`: it names the request (member, key, the
 * row's name and a hash of its body) and answers a retry from the stored row before the
 * handler runs any check. The handler writes the key row in the same database transaction
 * as the movement it guards, with the answer:
 * - a retry after the first committed is answered from the stored row before any work, so
 *   it gets the first answer even when the balance or the withdrawal's state has moved on;
 * - one that races the first does its checks, then finds the key taken when it writes it
 *   (the unique index waits for the first to commit), so its transaction rolls back whole
 *   and it replays the first answer; one refused by a check the first's effect made fail
 *   is answered from the stored row too (see the route layer);
 * - the same key with another body, or for another endpoint, is refused (409);
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

/** The hash a retry must match: the endpoint and its parsed input, secrets left out. */
export function requestHash(endpoint: string, input: unknown, secrets: readonly string[] = []): string {
  let hashed = input
  if (secrets.length > 0 && input && typeof input === 'object' && !Array.isArray(input)) {
    hashed = Object.fromEntries(Object.entries(input).filter(([k]) => !secrets.includes(k)))
  }
  return createHash('sha256').update(endpoint).update('\u0000').update(canonical(hashed)).digest('hex')
}

/** One idempotent request as the route layer names it. */
export interface IdempotencyContext {
  memberId: number
  key: string
  /** The contract row's name, e.g. `funds.withdraw`. */
  endpoint: string
  hash: string
}

/** The route layer's context, for a handler of an idempotent row. */
export function idempotencyOf(caller: { idempotency?: IdempotencyContext }): IdempotencyContext {
  if (!caller.idempotency) throw new Error('idempotency context missing on an idempotent endpoint')
  return caller.idempotency
}

/** The row an earlier request with the key left: what it was for, and its answer. */
export interface StoredKey {
  endpoint: string
  requestHash: string
  response: unknown
}

/**
 * The answer to replay from the row an earlier request with this key left, if there is
 * one; refuses the key when it was used for another endpoint or another body.
 */
export function replayOf(
  first: StoredKey | undefined,
  ctx: IdempotencyContext,
): { response: unknown } | undefined {
  if (!first) return undefined
  if (first.endpoint !== ctx.endpoint || first.requestHash !== ctx.hash) {
    throw new AppError('idempotency_key_reused', 'this idempotency key was used for another request')
  }
  return { response: first.response }
}

/**
 * The stored answer of an earlier request with this key, if one committed; refuses the key
 * when it was used for another endpoint or another body.
 */
export async function storedAnswer(
  db: Db,
  ctx: IdempotencyContext,
): Promise<{ response: unknown } | undefined> {
  const [first] = await db
    .select({
      endpoint: idempotencyKeys.endpoint,
      requestHash: idempotencyKeys.requestHash,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, ctx.memberId), eq(idempotencyKeys.key, ctx.key)))
  return replayOf(first, ctx)
}

/** Thrown inside the transaction to roll it back when another request owns the key. */
class KeyTaken extends Error {}

/** Runs `work` in one transaction that also writes the key row; see the module comment. */
export async function withIdempotency<T>(
  db: Db,
  ctx: IdempotencyContext,
  at: Date,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx)
      const written = await tx
        .insert(idempotencyKeys)
        .values({
          memberId: ctx.memberId,
          key: ctx.key,
          endpoint: ctx.endpoint,
          requestHash: ctx.hash,
          response: result as unknown,
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      if (written.length === 0) throw new KeyTaken()
      return result
    })
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err
    const first = await storedAnswer(db, ctx)
    if (first === undefined) throw new Error('idempotency key vanished', { cause: err })
    // The route's response schema checks the replayed answer on its way out.
    return first.response as T
  }
}
