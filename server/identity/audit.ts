/** The audit trail: logins, failures, locks, registrations, password changes, logouts. */
import { auditEvents } from '../db/schema'
import type { Db } from '../plugins/external/db'

export type AuditEvent =
  'login' | 'login_failed' | 'account_locked' | 'register' | 'password_changed' | 'logout' | 'free_play'

export function createAudit(db: Db, now: () => Date) {
  return async (e: {
    merchantCode: string
    event: AuditEvent
    ip: string
    memberId?: number | null
    username?: string | null
    detail?: Record<string, unknown>
  }): Promise<void> => {
    await db.insert(auditEvents).values({
      merchantCode: e.merchantCode,
      event: e.event,
      ip: e.ip,
      memberId: e.memberId ?? null,
      username: e.username ?? null,
      detail: e.detail ?? {},
      at: now(),
    })
  }
}

export type Audit = ReturnType<typeof createAudit>
