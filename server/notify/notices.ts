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
  /** Writes many notices inside `tx` in one statement (a settlement's payments). */
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

/** Inserts many notices' rows in one statement; answers their ids in the notices' order. */
export async function insertNotices(
  tx: Tx,
  ns: readonly NewNotice[],
  pushedAt: (n: NewNotice) => Date | null = () => null,
): Promise<number[]> {
  if (ns.length === 0) return []
  const rows = await tx
    .insert(fundNotices)
    .values(
      ns.map((n) => ({
        memberId: n.memberId,
        kind: n.kind,
        amount: n.amount,
        reference: n.reference,
        createdAt: n.at,
        reason: n.reason ?? null,
        pushedAt: pushedAt(n),
      })),
    )
    .returning({ id: fundNotices.id })
  // Serial ids are taken in the order of the rows.
  return rows.map((r) => r.id).sort((a, b) => a - b)
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
