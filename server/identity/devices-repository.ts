/**
 * The rows of remembered devices (server/db/schema/identity.ts): the device, its refresh
 * tokens (hashes only) and the tab sessions opened from it. Each write takes the caller's
 * transaction.
 */
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { deviceSessions, deviceTokens, members, sessions } from '../db/schema'
import type { Db, Tx } from '../plugins/external/db'

export interface NewDevice {
  publicId: string
  memberId: number
  entrance: string
  name: string
  userAgent: string | null
  lastIp: string
  at: Date
  expiresAt: Date
}

/** A refresh token's row with its device and member, the device locked for the trade. */
export interface TokenRow {
  deviceId: number
  tokenId: number
  replacedAt: Date | null
  revokedAt: Date | null
  expiresAt: Date
  entrance: string
  memberId: number
  merchantCode: string
}

export function createDevicesRepository(db: Db) {
  return {
    async insertDevice(d: NewDevice, tokenHash: string, tx: Tx): Promise<number> {
      const [row] = await tx
        .insert(deviceSessions)
        .values({
          publicId: d.publicId,
          memberId: d.memberId,
          entrance: d.entrance,
          name: d.name,
          userAgent: d.userAgent,
          createdAt: d.at,
          lastUsedAt: d.at,
          lastIp: d.lastIp,
          expiresAt: d.expiresAt,
        })
        .returning({ id: deviceSessions.id })
      if (!row) throw new Error('the device row was not written')
      await tx.insert(deviceTokens).values({ tokenHash, deviceId: row.id, createdAt: d.at })
      return row.id
    },

    /** Marks the tab session with the device it came from. */
    async linkSession(sessionTokenHash: string, deviceId: number, tx: Tx): Promise<void> {
      await tx.update(sessions).set({ deviceId }).where(eq(sessions.tokenHash, sessionTokenHash))
    },

    /**
     * The token's row, its device locked (FOR UPDATE): trades of one device's tokens run one
     * after another, so two tabs opening at once cannot both rotate it.
     */
    async lockToken(tokenHash: string, tx: Tx): Promise<TokenRow | undefined> {
      const [row] = await tx
        .select({
          deviceId: deviceTokens.deviceId,
          tokenId: deviceTokens.id,
          replacedAt: deviceTokens.replacedAt,
          revokedAt: deviceSessions.revokedAt,
          expiresAt: deviceSessions.expiresAt,
          entrance: deviceSessions.entrance,
          memberId: deviceSessions.memberId,
          merchantCode: members.merchantCode,
        })
        .from(deviceTokens)
        .innerJoin(deviceSessions, eq(deviceSessions.id, deviceTokens.deviceId))
        .innerJoin(members, eq(members.id, deviceSessions.memberId))
        .where(eq(deviceTokens.tokenHash, tokenHash))
        .for('update', { of: deviceSessions })
      return row
    },

    /**
     * The device's tokens are traded: each is kept (to catch a copy), marked replaced, and the
     * new one is the live one.
     */
    async rotate(newHash: string, deviceId: number, at: Date, tx: Tx): Promise<void> {
      await tx
        .update(deviceTokens)
        .set({ replacedAt: at })
        .where(and(eq(deviceTokens.deviceId, deviceId), isNull(deviceTokens.replacedAt)))
      await tx.insert(deviceTokens).values({ tokenHash: newHash, deviceId, createdAt: at })
    },

    /**
     * Whether a token the device was given after the token `tokenId` has itself been traded:
     * then the device moved on, and the older token shown now is a copy (or a tab long behind).
     */
    async tradedSince(deviceId: number, tokenId: number, tx: Tx): Promise<boolean> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(deviceTokens)
        .where(
          and(
            eq(deviceTokens.deviceId, deviceId),
            gt(deviceTokens.id, tokenId),
            sql`${deviceTokens.replacedAt} is not null`,
          ),
        )
      return Number(row?.n ?? 0) > 0
    },

    async touch(deviceId: number, ip: string, at: Date, tx: Tx): Promise<void> {
      await tx
        .update(deviceSessions)
        .set({ lastUsedAt: at, lastIp: ip })
        .where(eq(deviceSessions.id, deviceId))
    },

    /**
     * Ends devices and every tab session opened from them, in one transaction. Returns the
     * devices that were still signed in.
     */
    async revoke(deviceIds: number[], reason: string, at: Date, tx: Tx): Promise<number> {
      if (deviceIds.length === 0) return 0
      const ended = await tx
        .update(deviceSessions)
        .set({ revokedAt: at, revokeReason: reason })
        .where(and(inArray(deviceSessions.id, deviceIds), isNull(deviceSessions.revokedAt)))
        .returning({ id: deviceSessions.id })
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(inArray(sessions.deviceId, deviceIds), isNull(sessions.revokedAt)))
      return ended.length
    },

    /** The member's devices still signed in (not ended, not expired), newest use first. */
    async listActive(memberId: number, at: Date, tx?: Tx) {
      return (tx ?? db)
        .select({
          id: deviceSessions.id,
          publicId: deviceSessions.publicId,
          name: deviceSessions.name,
          createdAt: deviceSessions.createdAt,
          lastUsedAt: deviceSessions.lastUsedAt,
          lastIp: deviceSessions.lastIp,
        })
        .from(deviceSessions)
        .where(
          and(
            eq(deviceSessions.memberId, memberId),
            isNull(deviceSessions.revokedAt),
            gt(deviceSessions.expiresAt, at),
          ),
        )
        .orderBy(sql`${deviceSessions.lastUsedAt} desc`, sql`${deviceSessions.id} desc`)
    },

    /** The member's device by its public id (another member's answers as none). */
    async byPublicId(memberId: number, publicId: string, tx?: Tx) {
      const [row] = await (tx ?? db)
        .select({
          id: deviceSessions.id,
          revokedAt: deviceSessions.revokedAt,
          expiresAt: deviceSessions.expiresAt,
        })
        .from(deviceSessions)
        .where(and(eq(deviceSessions.memberId, memberId), eq(deviceSessions.publicId, publicId)))
      return row
    },

    /** The device a tab session came from, if any. */
    async deviceOfSession(sessionId: number, tx?: Tx): Promise<number | null> {
      const [row] = await (tx ?? db)
        .select({ deviceId: sessions.deviceId })
        .from(sessions)
        .where(eq(sessions.id, sessionId))
      return row?.deviceId ?? null
    },

    /** Every device of the member still signed in, by id. */
    async activeIds(memberId: number, tx?: Tx): Promise<number[]> {
      const rows = await (tx ?? db)
        .select({ id: deviceSessions.id })
        .from(deviceSessions)
        .where(and(eq(deviceSessions.memberId, memberId), isNull(deviceSessions.revokedAt)))
      return rows.map((r) => r.id)
    },

    /** Ends every tab session of the member (sign out everywhere). */
    async revokeAllSessions(memberId: number, at: Date, tx: Tx): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)))
    },

    /** Removes devices that ended (expired or signed out) before `cutoff`; their tokens go with them. */
    async prune(cutoff: Date): Promise<number> {
      const gone = await db
        .delete(deviceSessions)
        .where(or(lt(deviceSessions.expiresAt, cutoff), lt(deviceSessions.revokedAt, cutoff)))
        .returning({ id: deviceSessions.id })
      return gone.length
    },
  }
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>
