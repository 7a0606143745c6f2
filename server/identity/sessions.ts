/**
 * Sessions: an opaque random token goes to the client; only its SHA-256 is stored. A
 * session ends after SESSION_IDLE_MINUTES without a request, SESSION_MAX_HOURS after
 * login, at logout, and (all others of the member) at a password change.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm'
import { memberTypes } from '#contract/identity'
import { sessions } from '../db/schema'
import { AppError } from '../http/errors'
import type { StoredKey } from '../money/idempotency'
import { runPrepared, type Db, type PreparedStatement, type Tx } from '../plugins/external/db'

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

/**
 * The session behind a token hash ($2), its member, and that member's idempotency row for
 * the key $1 (none when $1 is null). Run on every authenticated request, so it is prepared
 * once. Times come back as epoch milliseconds, the same on both engines.
 */
const lookupStatement: PreparedStatement = {
  name: 'session_lookup_v1',
  text: `select s.id as session_id, s.member_id, s.login_type,
       floor(extract(epoch from s.last_seen_at) * 1000)::float8 as last_seen_ms,
       floor(extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
       s.revoked_at is not null as revoked,
       m.merchant_code, m.type, m.username, m.status, m.must_change_password,
       k.endpoint as key_endpoint, k.request_hash as key_hash, k.response as key_response
from sessions s
join members m on m.id = s.member_id
left join idempotency_keys k on k.member_id = s.member_id and k.key = $1::text
where s.token_hash = $2::text`,
}

/** The row of the lookup statement. */
interface SessionRow {
  session_id: number
  member_id: number
  login_type: string
  last_seen_ms: number
  expires_ms: number
  revoked: boolean
  merchant_code: string
  type: number
  username: string
  status: string
  must_change_password: boolean
  key_endpoint: string | null
  key_hash: string | null
  key_response: unknown
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

  /** One statement: the session, its member, and (given a key) the member's row for that key. */
  async function lookup(
    token: string | undefined,
    merchantCode: string,
    idempotencyKey: string | undefined,
  ): Promise<{ session: AuthedSession; stored: StoredKey | undefined }> {
    if (!token) throw new AppError('CUSTOMER_NOT_LOGIN', 'please log in')
    if (token.length > 512) throw new AppError('user.or.token.invalid', 'the session is not valid')
    const [row] = await runPrepared<SessionRow>(db, lookupStatement, [
      idempotencyKey ?? null,
      hashToken(token),
    ])
    const t = now()
    const lastSeenMs = Number(row?.last_seen_ms)
    if (
      !row ||
      row.revoked ||
      Number(row.expires_ms) <= t.getTime() ||
      t.getTime() - lastSeenMs > policy.idleMs ||
      row.status !== 'active' ||
      row.merchant_code !== merchantCode
    ) {
      throw new AppError('user.or.token.invalid', 'the session has ended; please log in again')
    }
    const sessionId = Number(row.session_id)
    if (t.getTime() - lastSeenMs > touchEveryMs) {
      await db.update(sessions).set({ lastSeenAt: t }).where(eq(sessions.id, sessionId))
    }
    return {
      session: {
        sessionId,
        memberId: Number(row.member_id),
        merchantCode: row.merchant_code,
        type: Number(row.type),
        username: row.username,
        // A login by SMS code or a social provider never forces the change (spec section 4).
        mustChangePassword:
          row.must_change_password && row.login_type !== 'social' && row.login_type !== 'sms',
      },
      stored:
        row.key_endpoint === null || row.key_hash === null
          ? undefined
          : { endpoint: row.key_endpoint, requestHash: row.key_hash, response: row.key_response },
    }
  }

  return {
    async create(
      memberId: number,
      loginType: string,
      ip: string,
      userAgent: string | undefined,
      tx?: Tx,
      deviceId?: number,
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url')
      const t = now()
      await (tx ?? db).insert(sessions).values({
        tokenHash: hashToken(token),
        memberId,
        loginType,
        ip,
        userAgent: userAgent?.slice(0, 512) ?? null,
        createdAt: t,
        lastSeenAt: t,
        expiresAt: new Date(t.getTime() + policy.maxMs),
        deviceId: deviceId ?? null,
      })
      return token
    },

    /** The session behind a raw Authorization token; AppError 401 when there is none. */
    async authenticate(token: string | undefined, merchantCode: string): Promise<AuthedSession> {
      return (await lookup(token, merchantCode, undefined)).session
    },

    /**
     * The session, as `authenticate`, and the row an earlier request of its member left
     * with this idempotency key (if one committed), read in the same statement: an
     * idempotent request's replay check costs no round trip of its own.
     */
    async authenticateWithKey(
      token: string | undefined,
      merchantCode: string,
      idempotencyKey: string,
    ): Promise<{ session: AuthedSession; stored: StoredKey | undefined }> {
      return lookup(token, merchantCode, idempotencyKey)
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
