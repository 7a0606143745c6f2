/**
 * Logging in and out: the captcha, a password login (captcha after 3 failures, a
 * 15-minute lock after 10), a login by SMS code, and free play on a trial account.
 */
import { randomBytes } from 'node:crypto'
import { memberTypes } from '#contract/identity'
import { AppError, retryLater, secondsUntil } from '../http/errors'
import { captchaCookie } from './captcha'
import { clearDeviceCookie, rememberIfAsked } from './device-handlers'
import {
  cookieOf,
  minute,
  normalizeUsername,
  requireSession,
  type IdentityHandlers,
  type IdentityKit,
} from './identity-kit'
import type { MemberRow } from './members-repository'
import { secondStepFor } from './new-address'
import { isAgentType } from './sessions'
import { loginKeys } from './throttle'

/**
 * Over 15 minutes: 3 failures of an account (from anywhere) or of an address (at any
 * account) bring the captcha; 10 of one account from one address lock that pair; 20 from
 * one address across accounts stop that address (docs/decisions/001-login-attempt-limits.md).
 */
export const loginPolicy = {
  windowMs: 15 * minute,
  captchaAfter: 3,
  lockAfter: 10,
  lockMs: 15 * minute,
  addressLimit: 20,
}

export const captchaWindowMs = 5000
export const captchaBurst = 5

type LoginEndpoints = 'captcha' | 'login' | 'smsLogin' | 'freePlay' | 'logout'

export function loginHandlers(kit: IdentityKit): Pick<IdentityHandlers, LoginEndpoints> {
  const { members, access, sessions, passwords, throttle, captchas, codes, record, now } = kit
  const { phoneOf, tooMany, startSession, sendIfAccount } = kit

  const locked = (until: Date) =>
    retryLater('account_locked', 'too many failed logins; try again later', secondsUntil(until, now()), {
      captcha: true,
    })

  return {
    async captcha({ caller, reply }) {
      // The PWA asks for a new image at most once a second; the server allows a small burst
      // (a reload, two tabs) and refuses a flood: 5 per 5 seconds per address.
      const t = await throttle.hit(`captcha:${caller.ip}`, captchaWindowMs)
      if (t.count > captchaBurst) {
        throw retryLater('TOO_MANY_REQUESTS', 'too many captchas', 5)
      }
      const c = await captchas.issue()
      void reply.setCookie(captchaCookie, c.id, {
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        path: '/wps',
        maxAge: 300,
      })
      return c.image
    },

    async login({ input, caller, req, reply }) {
      if (input.type === 'sms') {
        const snap = await access.snapshot(caller.merchantCode)
        if (!access.isEnabled(snap, 'MOBILEVERCODELOGIN3'))
          throw new AppError('feature_disabled', 'login by SMS code is off')
        const e164 = await phoneOf(input.mobileNum ?? '', input.countryDialingCode ?? '')
        await codes.consume(caller.merchantCode, 'login', e164, input.verificationCode)
        const member = await members.byMobile(caller.merchantCode, e164)
        if (!member) throw new AppError('invalid_credentials', 'no account has this number')
        if (member.status !== 'active') throw new AppError('account_disabled', 'this account is disabled')
        const res = await startSession(member, 'sms', caller, req.headers['user-agent'])
        await record(caller, 'login', { memberId: member.id, detail: { type: 'sms' } })
        await rememberIfAsked(kit, input.rememberDevice, member, input.entrance, res, caller, req, reply)
        return res
      }
      const username = normalizeUsername(input.username ?? '')
      const password = input.password ?? ''
      if (!username || !password) {
        throw new AppError('validation_failed', 'username and password are required', {
          fields: [
            ...(username ? [] : [{ path: 'username', code: 'required', message: 'username is required' }]),
            ...(password ? [] : [{ path: 'password', code: 'required', message: 'password is required' }]),
          ],
        })
      }
      // Every limit takes its attempt before the password is hashed, so parallel guesses
      // get no more checks than the limits allow (docs/decisions/001-login-attempt-limits.md).
      const pairKey = loginKeys.pair(caller.merchantCode, username, caller.ip)
      const ipKey = loginKeys.address(caller.ip)
      const userKey = loginKeys.user(caller.merchantCode, username)
      // Guesses at one pair are checked one after another in this process, so parallel
      // requests wait for each other instead of polling the budget.
      const member = await throttle.oneAtATime(pairKey, async () => {
        const pair = await throttle.reserve(pairKey, loginPolicy.windowMs, loginPolicy.lockAfter)
        if (!pair.granted) throw locked(pair.until)
        let captchaOn: boolean
        try {
          captchaOn = access.isEnabled(await access.snapshot(caller.merchantCode), 'CAPTCHA3')
        } catch (err) {
          await throttle.release(pairKey)
          throw err
        }
        // With the captcha on, an address's attempts first take from a budget of 3 that
        // counts checks still running as failures-to-be: 30 guesses sent at once get 3
        // checks, and the rest wait for them (milliseconds) and then meet the captcha. Right
        // passwords sent together from one address (a café) wait their turn and pass; one
        // that waits past the limit goes on without the captcha, under the address budget.
        let address = captchaOn
          ? await throttle.reserve(ipKey, loginPolicy.windowMs, loginPolicy.captchaAfter)
          : null
        let addressCaptcha = false
        if (!address?.granted) {
          addressCaptcha = address?.reason === 'full'
          address = await throttle.reserve(ipKey, loginPolicy.windowMs, loginPolicy.addressLimit)
        }
        if (!address.granted) {
          await throttle.release(pairKey)
          throw tooMany('too many failed logins from this address', address.until)
        }
        const user = await throttle.hit(userKey, loginPolicy.windowMs)
        // An attempt that was not a wrong password gives back what it took.
        const giveBack = (account: 'release' | 'clear') =>
          Promise.all([
            throttle.release(pairKey),
            throttle.release(ipKey),
            account === 'clear' ? throttle.clear(userKey) : throttle.unhit(userKey),
          ])
        let member: MemberRow | undefined
        let ok: boolean
        try {
          // The counts include this attempt: the captcha is asked for once 3 failures stand
          // for the account (from anywhere) or for the address (at any account, with checks
          // still running counted). With captchas switched off by the operator, the lock and
          // the address budget alone guard the accounts.
          if (captchaOn && (user.count > loginPolicy.captchaAfter || addressCaptcha)) {
            if (!input.captcha) throw new AppError('captcha_required', 'enter the captcha', { captcha: true })
            if (!(await captchas.check(cookieOf(req), input.captcha))) {
              throw new AppError('captcha_invalid', 'the captcha is wrong', { captcha: true })
            }
          }
          member = await members.byUsername(caller.merchantCode, username)
          ok = await passwords.verify(member?.passwordHash, password)
        } catch (err) {
          // A missing or wrong captcha, or the server failing to check, is no wrong password.
          await giveBack('release')
          throw err
        }
        if (!member || !ok) {
          // A wrong password counts for the pair and the address; the failure that reaches a
          // limit blocks its key.
          const [pairNow] = await Promise.all([
            throttle.fail(pairKey, loginPolicy.windowMs, loginPolicy.lockAfter, loginPolicy.lockMs),
            throttle.fail(ipKey, loginPolicy.windowMs, loginPolicy.addressLimit, loginPolicy.lockMs),
          ])
          const lockedUntil = pairNow.blockedUntil
          await record(caller, 'login_failed', { memberId: member?.id, username })
          if (lockedUntil) {
            await record(caller, 'account_locked', { memberId: member?.id, username })
            throw locked(lockedUntil)
          }
          const captcha =
            captchaOn && (user.count >= loginPolicy.captchaAfter || address.count >= loginPolicy.captchaAfter)
          throw new AppError('invalid_credentials', 'the account or password is wrong', { captcha })
        }
        // The account's captcha count is cleared. The pair and the address give back only this
        // attempt: failures counted before it stay, so an address guessing at several accounts
        // keeps its count when it logs into one of its own.
        await giveBack('clear')
        return member
      })
      if (member.status !== 'active') throw new AppError('account_disabled', 'this account is disabled')
      if (input.entrance === 'agent' && !isAgentType(member.type)) {
        throw new AppError('error_not_agent', 'non-agents cannot log in here')
      }
      if (input.entrance === 'member' && member.type === memberTypes.guest) {
        throw new AppError('member_no_enter', 'this account cannot log in here')
      }
      const second = await secondStepFor(kit, member, caller)
      if (second) {
        await record(caller, 'login_failed', { memberId: member.id, detail: { reason: 'new address' } })
        throw new AppError('login_verify_required', 'confirm this new address', second)
      }
      const res = await startSession(member, 'username', caller, req.headers['user-agent'])
      await record(caller, 'login', { memberId: member.id, username })
      await rememberIfAsked(kit, input.rememberDevice, member, input.entrance, res, caller, req, reply)
      return res
    },

    async smsLogin({ input, caller }) {
      const e164 = await phoneOf(input.mobileNum, input.countryDialingCode)
      return { expiredMinutes: await sendIfAccount(caller, e164, 'login') }
    },

    async freePlay({ caller, req }) {
      const t = await throttle.hit(`freeplay:${caller.ip}`, 60 * minute)
      if (t.count > 20) throw tooMany('too many trial accounts from this address', t.resetsAt)
      const suffix = randomBytes(6).toString('hex')
      // Hashed before the transaction: the embedded database has one connection, held by it.
      const passwordHash = await passwords.hash(randomBytes(24).toString('base64url'))
      // The account and its play money are written together: never a trial account without money.
      const guest = await kit.db.transaction(async (tx) => {
        const row = await members.create(
          {
            merchantCode: caller.merchantCode,
            username: `guest_${suffix}`,
            account: `guest_${suffix}`,
            nickname: 'Guest',
            passwordHash,
            type: memberTypes.guest,
            language: caller.locale,
            registerIp: caller.ip,
            createdAt: now(),
            passwordChangedAt: now(),
          },
          tx,
        )
        await kit.creditTrial(caller.merchantCode, row.id, tx)
        return row
      })
      const res = await startSession(guest, 'freeplay', caller, req.headers['user-agent'])
      await record(caller, 'free_play', { memberId: guest.id })
      return res
    },

    async logout({ caller, reply }) {
      const s = requireSession(caller)
      // The tab's device ends with it: "Stay signed in" lasts until the member logs out.
      await kit.devices.endOfSession(s.sessionId)
      clearDeviceCookie(reply)
      await sessions.revoke(s.sessionId)
      await record(caller, 'logout', { memberId: s.memberId })
      return null
    },
  }
}
