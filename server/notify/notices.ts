/**
 * Writing a fund notice: the member's inbox message about a deposit or a withdrawal, in the
 * settlement's own transaction. The push service's writer also queues the notice's push in
 * that transaction (server/notify/push-service.ts); the plain writer leaves it to the
 * `push.sweep` job, for a process that runs no job queue (the operator CLI on its own).
 */
import { fundNotices } from '../db/schema'
import type { Tx } from '../plugins/external/db'

export interface NewNotice {
  memberId: number
  kind: (typeof fundNotices.$inferInsert)['kind']
  /** Minor units. */
  amount: bigint
  /** What it is about: `deposit:<id>` or `withdrawal:<id>`. */
  reference: string
  at: Date
  /** The operator's reason, when one was given (a rejected withdrawal's). */
  reason?: string | null
}

export interface NoticeWriter {
  /** Writes the notice inside `tx`: it exists if and only if the settlement commits. */
  record(tx: Tx, notice: NewNotice): Promise<void>
  /** Writes several notices inside `tx` in one statement (a red envelope's recipients). */
  recordMany(tx: Tx, notices: readonly NewNotice[]): Promise<void>
}

/** Inserts the notice's row; `pushedAt` set means its push is already taken care of. */
export async function insertNotice(tx: Tx, n: NewNotice, pushedAt: Date | null = null): Promise<number> {
  const [row] = await tx
    .insert(fundNotices)
    .values({
      memberId: n.memberId,
      kind: n.kind,
      amount: n.amount,
      reference: n.reference,
      createdAt: n.at,
      reason: n.reason ?? null,
      pushedAt,
    })
    .returning({ id: fundNotices.id })
  if (!row) throw new Error('fund notice not written')
  return row.id
}

/**
 * Inserts several notices' rows in one statement; their ids in the notices' order.
 * `handedOver`: their pushes are taken care of (each `pushedAt` is its own time).
 */
export async function insertNotices(
  tx: Tx,
  notices: readonly NewNotice[],
  handedOver = false,
): Promise<number[]> {
  if (notices.length === 0) return []
  const rows = await tx
    .insert(fundNotices)
    .values(
      notices.map((n) => ({
        memberId: n.memberId,
        kind: n.kind,
        amount: n.amount,
        reference: n.reference,
        createdAt: n.at,
        reason: n.reason ?? null,
        pushedAt: handedOver ? n.at : null,
      })),
    )
    .returning({ id: fundNotices.id })
  if (rows.length !== notices.length) throw new Error('fund notices not written')
  return rows.map((r) => r.id)
}

/** Writes the notice only; the push sweep sends it. */
export const sweptNotices: NoticeWriter = {
  async record(tx, notice) {
    await insertNotice(tx, notice)
  },
  async recordMany(tx, notices) {
    await insertNotices(tx, notices)
  },
}
