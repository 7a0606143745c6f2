/**
 * Remembered devices ("Stay signed in", docs/decisions/034-remembered-devices.md).
 *
 * - A login with "Stay signed in" makes a device: a random refresh token goes to the browser
 *   in an HttpOnly, SameSite=Strict cookie (Secure over HTTPS) on the session paths only;
 *   the server keeps its SHA-256. The device lasts the brand's days (`brand devices`).
 * - A new tab or a relaunch of the installed app trades the cookie for a tab session (the
 *   token the tab keeps in sessionStorage). Each trade rotates the refresh token.
 * - A token traded once and shown again after a short grace (two tabs opened together send
 *   the same cookie) is a copy: the device and every tab session from it end.
 * - Logout ends the tab's device; a password change or reset ends all of the member's; the
 *   security centre signs out one device or everywhere. The password is never in a cookie.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import Bowser from 'bowser'
import type { Device } from '#contract/devices'
import type { Entrance } from '#contract/identity'
import { AppError } from '../http/errors'
import type { Db, Tx } from '../plugins/external/db'
import type { DevicesRepository } from './devices-repository'

/** A traded token shown again this soon is a second tab opening at once, not a copy. */
export const reuseGraceMs = 30_000

/** Ended devices are kept a week (for support questions), then pruned. */
export const deviceRetentionMs = 7 * 24 * 3_600_000

export type DeviceEndReason =
  'logout' | 'sign_out' | 'sign_out_everywhere' | 'password' | 'reuse' | 'operator'

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** "Chrome on Android", "Safari on iPhone"; "Browser" when the agent says nothing known. */
export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return 'Browser'
  const p = Bowser.parse(userAgent.slice(0, 512))
  const browser = p.browser.name ?? 'Browser'
  const model =
    p.platform.model && /^(iPhone|iPad|iPod)$/.test(p.platform.model) ? p.platform.model : undefined
  const os = model ?? p.os.name
  return (os ? `${browser} on ${os}` : browser).slice(0, 64)
}

export interface Remembered {
  /** The refresh token for the cookie. */
  token: string
  maxAgeSeconds: number
}

export type TradeResult =
  | {
      kind: 'rotated'
      memberId: number
      entrance: Entrance
      deviceId: number
      token: string
      maxAgeSeconds: number
    }
  | { kind: 'again'; memberId: number; entrance: Entrance; deviceId: number }

export function createDevices(deps: { db: Db; repo: DevicesRepository; now: () => Date }) {
  const { db, repo, now } = deps

  return {
    /**
     * Makes a device for a tab session just opened by a login, and links the two, in one
     * transaction.
     */
    async remember(args: {
      memberId: number
      entrance: Entrance
      sessionToken: string
      ip: string
      userAgent: string | undefined
      days: number
    }): Promise<Remembered> {
      const token = newToken()
      const at = now()
      const maxAgeSeconds = Math.max(1, args.days) * 86_400
      await db.transaction(async (tx) => {
        const id = await repo.insertDevice(
          {
            publicId: randomUUID(),
            memberId: args.memberId,
            entrance: args.entrance,
            name: deviceName(args.userAgent),
            userAgent: args.userAgent?.slice(0, 512) ?? null,
            lastIp: args.ip,
            at,
            expiresAt: new Date(at.getTime() + maxAgeSeconds * 1000),
          },
          hash(token),
          tx,
        )
        await repo.linkSession(hash(args.sessionToken), id, tx)
      })
      return { token, maxAgeSeconds }
    },

    /**
     * Trades a refresh token, in a transaction that holds the device: `open` makes the tab
     * session in it (so a tab session never exists without its device's trade, nor the
     * other way round). Refuses an unknown, ended or expired device, another brand's, and
     * a copy (which ends the device).
     */
    async trade(
      token: string | undefined,
      merchantCode: string,
      ip: string,
      open: (memberId: number, deviceId: number, tx: Tx) => Promise<void>,
    ): Promise<TradeResult> {
      const ended = () => new AppError('device_session_ended', 'this device is no longer signed in')
      if (!token || token.length > 128) throw ended()
      const at = now()
      const old = hash(token)
      const outcome = await db.transaction(async (tx) => {
        const row = await repo.lockToken(old, tx)
        if (!row || row.merchantCode !== merchantCode) return { refused: 'unknown' as const }
        if (row.revokedAt !== null || row.expiresAt.getTime() <= at.getTime())
          return { refused: 'ended' as const }
        const entrance: Entrance = row.entrance === 'agent' ? 'agent' : 'member'
        // A token already traded: if the device never used what it got for it (the answer
        // was lost on the way, or two tabs opened together), this is the device trying
        // again, and it trades once more. If the device moved on since, it is a copy, unless
        // it comes within a moment of its trade (tabs opened together): a tab session then,
        // and no new token.
        if (row.replacedAt !== null && (await repo.tradedSince(row.deviceId, row.tokenId, tx))) {
          if (at.getTime() - row.replacedAt.getTime() > reuseGraceMs) {
            await repo.revoke([row.deviceId], 'reuse', at, tx)
            return { refused: 'reuse' as const, memberId: row.memberId }
          }
          await open(row.memberId, row.deviceId, tx)
          await repo.touch(row.deviceId, ip, at, tx)
          return {
            result: { kind: 'again' as const, memberId: row.memberId, entrance, deviceId: row.deviceId },
          }
        }
        const next = newToken()
        await repo.rotate(hash(next), row.deviceId, at, tx)
        await open(row.memberId, row.deviceId, tx)
        await repo.touch(row.deviceId, ip, at, tx)
        const maxAgeSeconds = Math.max(1, Math.floor((row.expiresAt.getTime() - at.getTime()) / 1000))
        return {
          result: {
            kind: 'rotated' as const,
            memberId: row.memberId,
            entrance,
            deviceId: row.deviceId,
            token: next,
            maxAgeSeconds,
          },
        }
      })
      if ('result' in outcome && outcome.result) return outcome.result
      const error = ended()
      if (outcome.refused === 'reuse') Object.assign(error, { reusedBy: outcome.memberId })
      throw error
    },

    /** The member's devices still signed in; `current` marks the one this tab came from. */
    async list(memberId: number, sessionId: number): Promise<Device[]> {
      const [rows, mine] = [await repo.listActive(memberId, now()), await repo.deviceOfSession(sessionId)]
      return rows.map((r) => ({
        id: r.publicId,
        name: r.name,
        createdAt: r.createdAt.getTime(),
        lastUsedAt: r.lastUsedAt.getTime(),
        lastIp: r.lastIp,
        current: r.id === mine,
      }))
    },

    /** Signs one of the member's devices out (and its open tabs); another's is not found. */
    async signOut(memberId: number, publicId: string): Promise<void> {
      const at = now()
      await db.transaction(async (tx) => {
        const d = await repo.byPublicId(memberId, publicId, tx)
        if (!d || d.revokedAt !== null || d.expiresAt.getTime() <= at.getTime()) {
          throw new AppError('device_not_found', 'no such device is signed in')
        }
        await repo.revoke([d.id], 'sign_out', at, tx)
      })
    },

    /** Every device and every tab session of the member end, this tab's included. */
    async signOutEverywhere(
      memberId: number,
      reason: Extract<DeviceEndReason, 'sign_out_everywhere' | 'operator'> = 'sign_out_everywhere',
    ): Promise<number> {
      const at = now()
      return db.transaction(async (tx) => {
        const n = await repo.revoke(await repo.activeIds(memberId, tx), reason, at, tx)
        await repo.revokeAllSessions(memberId, at, tx)
        return n
      })
    },

    /** The tab's logout: its device ends too (a device signed in from elsewhere stays). */
    async endOfSession(sessionId: number, tx?: Tx): Promise<void> {
      const run = async (t: Tx) => {
        const id = await repo.deviceOfSession(sessionId, t)
        if (id !== null) await repo.revoke([id], 'logout', now(), t)
      }
      if (tx) await run(tx)
      else await db.transaction(run)
    },

    /** A password change or reset: every device of the member ends, in the caller's transaction. */
    async endAll(memberId: number, reason: DeviceEndReason, tx: Tx): Promise<number> {
      return repo.revoke(await repo.activeIds(memberId, tx), reason, now(), tx)
    },

    async prune(keepMs: number = deviceRetentionMs): Promise<number> {
      return repo.prune(new Date(now().getTime() - keepMs))
    },
  }
}

export type Devices = ReturnType<typeof createDevices>
