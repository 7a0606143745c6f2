/**
 * The addresses a member has logged in from, and password logins from a new address that
 * wait for their second step. Every method takes an optional transaction.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { knownIps, pendingLogins } from '../db/schema'
import type { Db, Tx } from '../plugins/external/db'

export type PendingLoginRow = typeof pendingLogins.$inferSelect

export function createLoginsRepository(db: Db) {
  return {
    async knownIps(memberId: number, tx?: Tx): Promise<string[]> {
      const rows = await (tx ?? db)
        .select({ ip: knownIps.ip })
        .from(knownIps)
        .where(eq(knownIps.memberId, memberId))
      return rows.map((r) => r.ip)
    },

    async rememberIp(memberId: number, ip: string, at: Date, tx?: Tx): Promise<void> {
      await (tx ?? db).insert(knownIps).values({ memberId, ip, firstSeenAt: at }).onConflictDoNothing()
    },

    async addPending(
      row: { tokenHash: string; memberId: number; ip: string; expiresAt: Date },
      tx?: Tx,
    ): Promise<void> {
      await (tx ?? db).insert(pendingLogins).values(row)
    },

    /**
     * The live waiting login of a token from this address with tries left. With `takeTry`,
     * one try is taken in the same statement that finds it.
     */
    async livePending(
      q: { tokenHash: string; ip: string; at: Date; maxAttempts: number; takeTry: boolean },
      tx?: Tx,
    ): Promise<PendingLoginRow | undefined> {
      const live = and(
        eq(pendingLogins.tokenHash, q.tokenHash),
        isNull(pendingLogins.usedAt),
        gt(pendingLogins.expiresAt, q.at),
        eq(pendingLogins.ip, q.ip),
        lt(pendingLogins.attempts, q.maxAttempts),
      )
      const [p] = q.takeTry
        ? await (tx ?? db)
            .update(pendingLogins)
            .set({ attempts: sql`${pendingLogins.attempts} + 1` })
            .where(live)
            .returning()
        : await (tx ?? db).select().from(pendingLogins).where(live)
      return p
    },

    /** Marks the waiting login used; false when a parallel answer already used it. */
    async usePending(tokenHash: string, at: Date, tx?: Tx): Promise<boolean> {
      const used = await (tx ?? db)
        .update(pendingLogins)
        .set({ usedAt: at })
        .where(and(eq(pendingLogins.tokenHash, tokenHash), isNull(pendingLogins.usedAt)))
        .returning()
      return used.length > 0
    },
  }
}

export type LoginsRepository = ReturnType<typeof createLoginsRepository>
