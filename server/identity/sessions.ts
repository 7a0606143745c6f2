/**
 * Sessions: an opaque random token goes to the client; only its SHA-256 is stored. A
 * session ends after SESSION_IDLE_MINUTES without a request, SESSION_MAX_HOURS after
 * login, at logout, and (all others of the member) at a password change.
 */
import { createHash, randomBytes } from 'node:crypto'
import { memberTypes } from '#contract/identity'
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm'
import { members, sessions } from '../db/schema'
import { AppError } from '../http/errors'
import type { Db, Tx } from '../plugins/external/db'

export interface SessionPolicy {
  idleMs: number
  maxMs: number
}

export interface AuthedSession {
  sessionId: number
  memberId: number
  merchantCode: string
  type: number
  username: string
  /** A default or reset password: only the password change and logout are answered. */
  mustChangePassword: boolean
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function createSessions(db: Db, policy: SessionPolicy, now: () => Date) {
  /**
   * last_seen_at is written only when more than a tenth of the idle limit has passed since
   * it was last written (a write on every request would be one more statement on every
   * request's path). So it is at most idle/10 behind the last request, and a session ends
   * between 0.9 and 1.0 times the idle limit after its last request, never later.
   */
  const touchEveryMs = Math.floor(policy.idleMs / 10)
  return {
    async create(
      memberId: number,
      loginType: string,
      ip: string,
      userAgent: string | undefined,
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url')
      const t = now()
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        memberId,
        loginType,
        ip,
        userAgent: userAgent?.slice(0, 512) ?? null,
        createdAt: t,
        lastSeenAt: t,
        expiresAt: new Date(t.getTime() + policy.maxMs),
      })
      return token
    },

    /** The session behind a raw Authorization token; AppError 401 when there is none. */
    async authenticate(token: string | undefined, merchantCode: string): Promise<AuthedSession> {
      if (!token) throw new AppError('CUSTOMER_NOT_LOGIN', 'please log in')
      if (token.length > 512) throw new AppError('user.or.token.invalid', 'the session is not valid')
      const [row] = await db
        .select({
          sessionId: sessions.id,
          memberId: sessions.memberId,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          merchantCode: members.merchantCode,
          type: members.type,
          username: members.username,
          status: members.status,
          mustChangePassword: members.mustChangePassword,
          loginType: sessions.loginType,
        })
        .from(sessions)
        .innerJoin(members, eq(members.id, sessions.memberId))
        .where(eq(sessions.tokenHash, hashToken(token)))
      const t = now()
      if (
        !row ||
        row.revokedAt !== null ||
        row.expiresAt <= t ||
        t.getTime() - row.lastSeenAt.getTime() > policy.idleMs ||
        row.status !== 'active' ||
        row.merchantCode !== merchantCode
      ) {
        throw new AppError('user.or.token.invalid', 'the session has ended; please log in again')
      }
      if (t.getTime() - row.lastSeenAt.getTime() > touchEveryMs) {
        await db.update(sessions).set({ lastSeenAt: t }).where(eq(sessions.id, row.sessionId))
      }
      return {
        sessionId: row.sessionId,
        memberId: row.memberId,
        merchantCode: row.merchantCode,
        type: row.type,
        username: row.username,
        // A login by SMS code or a social provider never forces the change (spec section 4).
        mustChangePassword: row.mustChangePassword && row.loginType !== 'social' && row.loginType !== 'sms',
      }
    },

    async revoke(sessionId: number): Promise<void> {
      await db.update(sessions).set({ revokedAt: now() }).where(eq(sessions.id, sessionId))
    },

    /** Ends every session of the member (after a password reset). */
    async revokeAll(memberId: number, tx?: Tx): Promise<void> {
      await (tx ?? db)
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)))
    },

    /** Ends every other session of the member (after a password change). */
    async revokeOthers(memberId: number, keepSessionId: number, tx?: Tx): Promise<void> {
      await (tx ?? db)
        .update(sessions)
        .set({ revokedAt: now() })
        .where(
          and(eq(sessions.memberId, memberId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)),
        )
    },

    /**
     * Removes sessions that ended (expired, idle too long, or revoked) more than `keepMs`
     * ago; one statement, so several instances may run it. Returns how many went.
     */
    async prune(keepMs: number = sessionRetentionMs): Promise<number> {
      const t = now().getTime()
      const cutoff = new Date(t - keepMs)
      const idleCutoff = new Date(t - keepMs - policy.idleMs)
      const gone = await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, cutoff),
            lt(sessions.revokedAt, cutoff),
            lt(sessions.lastSeenAt, idleCutoff),
          ),
        )
        .returning({ id: sessions.id })
      return gone.length
    },
  }
}

/** Ended sessions are kept this long (for support questions), then pruned: 7 days. */
export const sessionRetentionMs = 7 * 24 * 3_600_000

export type Sessions = ReturnType<typeof createSessions>

export function isAgentType(type: number): boolean {
  return (memberTypes.agentTypes as readonly number[]).includes(type)
}
