/** The audit trail: logins, failures, locks, registrations, password changes, logouts. */
import { auditEvents } from '../db/schema'
import type { Db, Tx } from '../plugins/external/db'

export type AuditEvent =
  | 'login'
  | 'login_failed'
  | 'account_locked'
  | 'register'
  | 'password_changed'
  | 'logout'
  | 'free_play'
  | 'authenticator_on'
  | 'authenticator_off'
  | 'device_remembered'
  | 'device_login'
  | 'device_reused'
  | 'device_signed_out'
  | 'signed_out_everywhere'

export function createAudit(db: Db, now: () => Date) {
  return async (
    e: {
      merchantCode: string
      event: AuditEvent
      ip: string
      memberId?: number | null
      username?: string | null
      detail?: Record<string, unknown>
    },
    tx?: Tx,
  ): Promise<void> => {
    await (tx ?? db).insert(auditEvents).values({
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

export interface AuditAbout {
  memberId?: number | null | undefined
  username?: string | null | undefined
  detail?: Record<string, unknown> | undefined
}

/** The audit entry of a request: its brand and address come from the caller. */
export function callerAudit(audit: Audit) {
  /** `tx`: written with the rest of what the event changes (a registration's member and session). */
  return (caller: { merchantCode: string; ip: string }, event: AuditEvent, about: AuditAbout = {}, tx?: Tx) =>
    audit({ merchantCode: caller.merchantCode, ip: caller.ip, event, ...about }, tx)
}

export type CallerAudit = ReturnType<typeof callerAudit>
