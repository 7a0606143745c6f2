/**
 * The remembered-device calls (server/identity/devices.ts): trading the device's cookie for
 * a tab session, the security centre's list, signing one device out, and everywhere; and
 * the cookie a login with "Stay signed in" sets.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { deviceCookie, deviceCookiePath, type deviceEndpoints } from '#contract/devices'
import type { Entrance, LoginResponse } from '#contract/identity'
import { AppError } from '../http/errors'
import type { CallerContext } from '../http/request-context'
import { minute, requireSession, type IdentityHandlers, type IdentityKit } from './identity-kit'
import type { MemberRow } from './members-repository'

type DeviceEndpoints = keyof typeof deviceEndpoints

/** A new tab or a relaunch trades the cookie; more than this a minute from one address is refused. */
export const deviceTradesPerMinute = 60

function setDeviceCookie(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  void reply.setCookie(deviceCookie, token, {
    httpOnly: true,
    sameSite: 'strict',
    // Secure whenever the request came over HTTPS (behind the proxy too); plain HTTP is
    // only a developer's own machine.
    secure: 'auto',
    path: deviceCookiePath,
    maxAge: maxAgeSeconds,
  })
}

export function clearDeviceCookie(reply: FastifyReply): void {
  void reply.clearCookie(deviceCookie, {
    path: deviceCookiePath,
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
  })
}

export function deviceCookieOf(req: FastifyRequest): string | undefined {
  return req.cookies[deviceCookie]
}

/**
 * After a login's tab session is open: with "Stay signed in", the device is remembered and
 * its cookie set. A guest (free play) is never remembered.
 */
export async function rememberIfAsked(
  kit: IdentityKit,
  asked: boolean | undefined,
  member: MemberRow,
  entrance: Entrance,
  res: LoginResponse,
  caller: CallerContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (!asked || member.type === 4) return
  const brand = await kit.repo.merchant(caller.merchantCode)
  const remembered = await kit.devices.remember({
    memberId: member.id,
    entrance,
    sessionToken: res.token,
    ip: caller.ip,
    userAgent: req.headers['user-agent'],
    days: brand?.deviceSessionDays ?? 30,
  })
  setDeviceCookie(reply, remembered.token, remembered.maxAgeSeconds)
  await kit.record(caller, 'device_remembered', { memberId: member.id })
}

export function deviceHandlers(kit: IdentityKit): Pick<IdentityHandlers, DeviceEndpoints> {
  const { devices, members, sessions, throttle, logins, record, now } = kit

  return {
    async deviceSession({ caller, req, reply }) {
      const t = await throttle.hit(`device:${caller.ip}`, minute)
      if (t.count > deviceTradesPerMinute)
        throw kit.tooMany('too many device sign-ins from this address', t.resetsAt)
      let member: MemberRow | undefined
      let sessionToken = ''
      try {
        const traded = await devices.trade(
          deviceCookieOf(req),
          caller.merchantCode,
          caller.ip,
          async (memberId, deviceId, tx) => {
            member = await members.byId(memberId, tx)
            if (!member || member.status !== 'active')
              throw new AppError('account_disabled', 'this account is disabled')
            sessionToken = await sessions.create(
              member.id,
              'device',
              caller.ip,
              req.headers['user-agent'],
              tx,
              deviceId,
            )
            await logins.rememberIp(member.id, caller.ip, now(), tx)
          },
        )
        if (traded.kind === 'rotated') setDeviceCookie(reply, traded.token, traded.maxAgeSeconds)
        if (!member) throw new AppError('device_session_ended', 'this device is no longer signed in')
        await record(caller, 'device_login', { memberId: member.id })
        const answer = await kit.sessionAnswer(member, 'device', sessionToken)
        return { ...answer, account: member.username, entrance: traded.entrance }
      } catch (err) {
        if (err instanceof AppError && err.errorCode === 'device_session_ended') {
          clearDeviceCookie(reply)
          const reusedBy = (err as AppError & { reusedBy?: number }).reusedBy
          if (reusedBy !== undefined) await record(caller, 'device_reused', { memberId: reusedBy })
        }
        throw err
      }
    },

    async devices({ caller }) {
      const s = requireSession(caller)
      return { devices: await devices.list(s.memberId, s.sessionId) }
    },

    async deviceSignOut({ input, caller }) {
      const s = requireSession(caller)
      await devices.signOut(s.memberId, input.id)
      await record(caller, 'device_signed_out', { memberId: s.memberId })
      return null
    },

    async signOutEverywhere({ caller, reply }) {
      const s = requireSession(caller)
      await devices.signOutEverywhere(s.memberId)
      clearDeviceCookie(reply)
      await record(caller, 'signed_out_everywhere', { memberId: s.memberId })
      return null
    },
  }
}
