/**
 * Identity handlers: captcha, log in (with captcha after 3 failures and a 15-minute lock
 * after 10), free play, register, member info, change password, language, log out.
 */
import type { Endpoints } from '#contract/endpoints'
import type { FieldError } from '#contract/envelope'
import {
  defaultAvatar,
  memberTypes,
  staticAvatars,
  staticAvatarUrl,
  type Avatar,
  type LoginResponse,
  type StaticAvatar,
} from '#contract/identity'
import { checkField, checkFields, type FieldProblem } from '#contract/register-rules'
import { parseLocale } from '#contract/locales'
import { randomBytes } from 'node:crypto'
import type { LoginVerifyRequired } from '#contract/identity'
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import { knownIps, members, pendingLogins } from '../db/schema'
import { hashToken } from './sessions'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError, retryLater, secondsUntil } from '../http/errors'
import type { CallerContext } from '../http/request-context'
import type { Db, Tx } from '../plugins/external/db'
import type { AccessService } from '../system/access'
import type { SystemRepository } from '../system/system-repository'
import type { Audit } from './audit'
import { captchaCookie, type Captchas } from './captcha'
import type { Passwords } from './passwords'
import { isAgentType, type AuthedSession, type Sessions } from './sessions'
import { loginKeys, type Throttle } from './throttle'
import type { Codes } from './codes'
import { socialBasePath, socialCookie, socialPolicy, type Social } from './social'

export interface IdentityDeps {
  db: Db
  repo: SystemRepository
  access: AccessService
  sessions: Sessions
  passwords: Passwords
  throttle: Throttle
  captchas: Captchas
  audit: Audit
  codes: Codes
  /** Gives a new trial (guest) account its play money. */
  creditTrial: (merchantCode: string, memberId: number, tx: Tx) => Promise<void>
  social: Social
  now: () => Date
}

const minute = 60_000
/** Login types that prove the person without the password: no forced change after them. */
export const passwordlessLogins: ReadonlySet<string> = new Set(['sms', 'social'])

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

/** Wrong current passwords given to change it (or to set a payment password): 5 in 15 minutes. */
export function oldPasswordGuesses(memberId: number) {
  return { key: `oldpw:${memberId}`, windowMs: loginPolicy.windowMs, limit: 5 }
}

/** Tries at the second step of a login from a new address. */
export const pendingPolicy = { maxAttempts: 5 }

export const captchaWindowMs = 5000
export const captchaBurst = 5

export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase()
}

function problemToField(path: string, p: FieldProblem): FieldError {
  switch (p.kind) {
    case 'required':
      return { path, code: 'required', message: `${path} is required` }
    case 'characters':
      return { path, code: 'characters', message: `${path} has characters that are not allowed` }
    case 'length':
      return { path, code: 'length', message: `${path} must be ${p.min}-${p.max} characters` }
    case 'pattern':
      return { path, code: `pattern:${p.patternId}`, message: `${path} does not match ${p.patternId}` }
  }
}

/**
 * The avatar kept on the account: a static avatar's id, or `custom:<url>` for an uploaded
 * picture. None (or an id this build no longer ships) is the default static avatar.
 */
export function avatarOf(stored: string | null): Avatar {
  if (stored?.startsWith('custom:')) return { avatar: stored.slice('custom:'.length), avatarType: 'CUSTOM' }
  const id = (staticAvatars as readonly string[]).includes(stored ?? '')
    ? (stored as StaticAvatar)
    : defaultAvatar
  return { avatar: staticAvatarUrl(id), avatarType: 'STATIC' }
}

function requireSession(caller: CallerContext): AuthedSession {
  if (!caller.session) throw new AppError('CUSTOMER_NOT_LOGIN', 'please log in')
  return caller.session
}

function cookieOf(req: { cookies?: Record<string, string | undefined> }): string | undefined {
  return req.cookies?.[captchaCookie]
}

export function identityHandlers(deps: IdentityDeps): HandlerGroup<Endpoints['identity']> {
  const { db, repo, access, sessions, passwords, throttle, captchas, audit, codes, social, now } = deps

  /** A mobile number in E.164 form, checked against the country's digit count. */
  async function phoneOf(mobile: string, dialingCode: string, path = 'mobileNum'): Promise<string> {
    const dial = dialingCode.trim().replace(/^\+/, '')
    const country = (await repo.countries()).find((c) => c.countryDialingCode === dial)
    const national = mobile.replace(/[\s-]/g, '').replace(/^0+/, '')
    if (
      !country ||
      !/^\d+$/.test(national) ||
      national.length < country.minDigits ||
      national.length > country.maxDigits
    ) {
      throw new AppError('validation_failed', 'the mobile number is not valid', {
        fields: [
          {
            path,
            code: country ? `digits:${country.minDigits}-${country.maxDigits}` : 'country',
            message: 'the mobile number is not valid',
          },
        ],
      })
    }
    return `+${dial}${national}`
  }

  async function memberByMobile(merchantCode: string, e164: string) {
    const [m] = await db
      .select()
      .from(members)
      .where(and(eq(members.merchantCode, merchantCode), eq(members.mobile, e164)))
    return m
  }

  /** 429 with the real wait: until the counting window ends. */
  function tooMany(message: string, until: Date): AppError {
    return retryLater('TOO_MANY_REQUESTS', message, secondsUntil(until, now()))
  }

  /**
   * A password login from an address the member has never used asks for a second step
   * (LOGINIPVERF3): a code by SMS or e-mail, or the real name on the account. The very first
   * login, and an account with none of those, go through.
   */
  async function secondStepFor(
    member: typeof members.$inferSelect,
    caller: CallerContext,
  ): Promise<LoginVerifyRequired | null> {
    const snap = await access.snapshot(caller.merchantCode)
    if (!access.isEnabled(snap, 'LOGINIPVERF3')) return null
    const seen = await db.select({ ip: knownIps.ip }).from(knownIps).where(eq(knownIps.memberId, member.id))
    if (seen.length === 0 || seen.some((r) => r.ip === caller.ip)) return null
    const methods: LoginVerifyRequired['methods'] = [
      ...(member.mobile ? (['sms'] as const) : []),
      ...(member.email ? (['email'] as const) : []),
      ...(member.payeeName ? (['realName'] as const) : []),
    ]
    if (methods.length === 0) return null
    const verifyToken = randomBytes(24).toString('base64url')
    await db.insert(pendingLogins).values({
      tokenHash: hashToken(verifyToken),
      memberId: member.id,
      ip: caller.ip,
      expiresAt: new Date(now().getTime() + 10 * minute),
    })
    return { verifyToken, methods }
  }

  /**
   * The waiting login of a second-step token. With `takeTry`, one of its five tries is
   * taken in the same statement that finds it, before the answer is checked, so parallel
   * answers get no more than five checks between them.
   */
  async function pendingOf(verifyToken: string, caller: CallerContext, takeTry = false) {
    const t = now()
    const live = and(
      eq(pendingLogins.tokenHash, hashToken(verifyToken)),
      isNull(pendingLogins.usedAt),
      gt(pendingLogins.expiresAt, t),
      eq(pendingLogins.ip, caller.ip),
      lt(pendingLogins.attempts, pendingPolicy.maxAttempts),
    )
    const [p] = takeTry
      ? await db
          .update(pendingLogins)
          .set({ attempts: sql`${pendingLogins.attempts} + 1` })
          .where(live)
          .returning()
      : await db.select().from(pendingLogins).where(live)
    if (!p) throw new AppError('login_verify_required', 'log in again to verify this address')
    const [m] = await db.select().from(members).where(eq(members.id, p.memberId))
    if (!m || m.merchantCode !== caller.merchantCode)
      throw new AppError('login_verify_required', 'log in again')
    return { pending: p, member: m }
  }

  /** The active agent whose invitation (affiliate) code this is, any case. */
  async function agentByCode(merchantCode: string, code: string): Promise<{ id: number } | undefined> {
    const [agent] = await db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.merchantCode, merchantCode),
          eq(members.affiliateCode, code.trim().toUpperCase()),
          inArray(members.type, [...memberTypes.agentTypes]),
          eq(members.status, 'active'),
        ),
      )
    return agent
  }

  /** The upline of a new member: none without a code, the agent with one, refused when unknown. */
  async function uplineFor(merchantCode: string, code: string | undefined): Promise<number | null> {
    if (!code?.trim()) return null
    const agent = await agentByCode(merchantCode, code)
    if (!agent) throw new AppError('invitation_code_error', 'the invitation code is not valid')
    return agent.id
  }

  /**
   * Sends a login or reset code to a number only when an account has it. A number with no
   * account is rationed the same way (one a minute, five an hour), so the answers, their
   * status and their work are the same and numbers cannot be probed.
   */
  async function sendIfAccount(
    caller: CallerContext,
    e164: string,
    purpose: 'login' | 'reset',
  ): Promise<number> {
    const known = (await memberByMobile(caller.merchantCode, e164)) !== undefined
    return codes.send({
      merchantCode: caller.merchantCode,
      purpose,
      destination: e164,
      via: 'sms',
      text: smsText,
      ip: caller.ip,
      known,
    })
  }

  /** The new password by the brand's rule, and its confirmation equal. */
  async function checkNewPassword(merchantCode: string, password: string, confirm: string): Promise<void> {
    const rules = await repo.registerRules(merchantCode)
    const rule = rules.find((r) => r.field === 'password')
    const problem = rule ? checkField({ ...rule, required: true }, password) : null
    if (problem)
      throw new AppError('validation_failed', 'the new password is not valid', {
        fields: [problemToField('newPassword', problem)],
      })
    if (password !== confirm) {
      throw new AppError('password_mismatch', 'the passwords differ', {
        fields: [{ path: 'confirmNewPassword', code: 'mismatch', message: 'the passwords differ' }],
      })
    }
  }

  /**
   * Sets a new password: the hash, the end of the member's sessions (all of them after a
   * reset, all others after a change) and the end of its guess counts are one transaction,
   * so a failure never leaves a new password beside the old sessions.
   */
  async function setPassword(memberId: number, password: string, keepSessionId?: number): Promise<void> {
    const passwordHash = await passwords.hash(password)
    await db.transaction(async (tx) => {
      await tx
        .update(members)
        .set({ passwordHash, passwordChangedAt: now(), mustChangePassword: false })
        .where(eq(members.id, memberId))
      if (keepSessionId === undefined) await sessions.revokeAll(memberId, tx)
      else await sessions.revokeOthers(memberId, keepSessionId, tx)
      await throttle.clear(`oldpw:${memberId}`, tx)
    })
  }

  /** The avatar column of the session's own account: no endpoint names another member. */
  async function storedAvatar(memberId: number): Promise<string | null> {
    const [m] = await db.select({ avatar: members.avatar }).from(members).where(eq(members.id, memberId))
    if (!m) throw new AppError('user.or.token.invalid', 'the account no longer exists')
    return m.avatar
  }

  const smsText = (code: string, minutes: number) =>
    `Your verification code is ${code}. It expires in ${minutes} minutes. Never share it.`

  async function passwordExpired(merchantCode: string, changedAt: Date): Promise<boolean> {
    const m = await repo.merchant(merchantCode)
    if (!m || m.passwordExpiryDays <= 0) return false
    const snap = await access.snapshot(merchantCode)
    if (!access.isEnabled(snap, 'PWDEXPFORCECHANGE3')) return false
    return now().getTime() - changedAt.getTime() > m.passwordExpiryDays * 24 * 60 * minute
  }

  async function startSession(
    member: typeof members.$inferSelect,
    loginType: string,
    caller: CallerContext,
    userAgent: string | undefined,
  ): Promise<LoginResponse> {
    const token = await sessions.create(member.id, loginType, caller.ip, userAgent)
    await db
      .insert(knownIps)
      .values({ memberId: member.id, ip: caller.ip, firstSeenAt: now() })
      .onConflictDoNothing()
    await db.update(members).set({ lastLoginAt: now() }).where(eq(members.id, member.id))
    // A login by SMS code or a social provider never forces a password change (spec section 4).
    const forcing = !passwordlessLogins.has(loginType)
    return {
      token,
      firstTimeLogin: member.lastLoginAt === null,
      passwordExpired: forcing && (await passwordExpired(member.merchantCode, member.passwordChangedAt)),
      mustChangePassword: forcing && member.mustChangePassword,
    }
  }

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

    async login({ input, caller, req }) {
      if (input.type === 'sms') {
        const snap = await access.snapshot(caller.merchantCode)
        if (!access.isEnabled(snap, 'MOBILEVERCODELOGIN3'))
          throw new AppError('feature_disabled', 'login by SMS code is off')
        const e164 = await phoneOf(input.mobileNum ?? '', input.countryDialingCode ?? '')
        await codes.consume(caller.merchantCode, 'login', e164, input.verificationCode)
        const member = await memberByMobile(caller.merchantCode, e164)
        if (!member) throw new AppError('invalid_credentials', 'no account has this number')
        if (member.status !== 'active') throw new AppError('account_disabled', 'this account is disabled')
        const res = await startSession(member, 'sms', caller, req.headers['user-agent'])
        await audit({
          merchantCode: caller.merchantCode,
          event: 'login',
          ip: caller.ip,
          memberId: member.id,
          detail: { type: 'sms' },
        })
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
        if (!pair.granted) {
          throw retryLater(
            'account_locked',
            'too many failed logins; try again later',
            secondsUntil(pair.until, now()),
            {
              captcha: true,
            },
          )
        }
        const address = await throttle.reserve(ipKey, loginPolicy.windowMs, loginPolicy.addressLimit)
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
        let member: typeof members.$inferSelect | undefined
        let ok: boolean
        let captchaOn: boolean
        try {
          const snapNow = await access.snapshot(caller.merchantCode)
          captchaOn = access.isEnabled(snapNow, 'CAPTCHA3')
          // The counts include this attempt: the captcha is asked for once 3 failures stand
          // for the account (from anywhere) or for the address (at any account). With captchas switched off by
          // the operator, the lock and the address budget alone guard the accounts.
          if (
            captchaOn &&
            (user.count > loginPolicy.captchaAfter || address.count > loginPolicy.captchaAfter)
          ) {
            if (!input.captcha) throw new AppError('captcha_required', 'enter the captcha', { captcha: true })
            if (!(await captchas.check(cookieOf(req), input.captcha))) {
              throw new AppError('captcha_invalid', 'the captcha is wrong', { captcha: true })
            }
          }
          ;[member] = await db
            .select()
            .from(members)
            .where(and(eq(members.merchantCode, caller.merchantCode), eq(members.username, username)))
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
          await audit({
            merchantCode: caller.merchantCode,
            event: 'login_failed',
            ip: caller.ip,
            memberId: member?.id,
            username,
          })
          if (lockedUntil) {
            await audit({
              merchantCode: caller.merchantCode,
              event: 'account_locked',
              ip: caller.ip,
              memberId: member?.id,
              username,
            })
            throw retryLater(
              'account_locked',
              'too many failed logins; try again later',
              secondsUntil(lockedUntil, now()),
              {
                captcha: true,
              },
            )
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
      const second = await secondStepFor(member, caller)
      if (second) {
        await audit({
          merchantCode: caller.merchantCode,
          event: 'login_failed',
          ip: caller.ip,
          memberId: member.id,
          detail: { reason: 'new address' },
        })
        throw new AppError('login_verify_required', 'confirm this new address', second)
      }
      const res = await startSession(member, 'username', caller, req.headers['user-agent'])
      await audit({
        merchantCode: caller.merchantCode,
        event: 'login',
        ip: caller.ip,
        memberId: member.id,
        username,
      })
      return res
    },

    async freePlay({ caller, req }) {
      const t = await throttle.hit(`freeplay:${caller.ip}`, 60 * minute)
      if (t.count > 20) throw tooMany('too many trial accounts from this address', t.resetsAt)
      const suffix = randomBytes(6).toString('hex')
      const passwordHash = await passwords.hash(randomBytes(24).toString('base64url'))
      // The account and its play money are written together: never a trial account without money.
      const guest = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(members)
          .values({
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
          })
          .returning()
        if (!row) throw new Error('trial account not created')
        await deps.creditTrial(caller.merchantCode, row.id, tx)
        return row
      })
      const res = await startSession(guest, 'freeplay', caller, req.headers['user-agent'])
      await audit({
        merchantCode: caller.merchantCode,
        event: 'free_play',
        ip: caller.ip,
        memberId: guest.id,
      })
      return res
    },

    async logout({ caller }) {
      const s = requireSession(caller)
      await sessions.revoke(s.sessionId)
      await audit({ merchantCode: caller.merchantCode, event: 'logout', ip: caller.ip, memberId: s.memberId })
      return null
    },

    async register({ input, caller, req }) {
      const rules = await repo.registerRules(caller.merchantCode)
      const snap = await access.snapshot(caller.merchantCode)
      // With captchas switched off for the brand, the captcha rule does not apply.
      const captchaOn = access.isEnabled(snap, 'CAPTCHA3')
      const problems = checkFields(captchaOn ? rules : rules.filter((r) => r.field !== 'captcha'), input)
      const fields: FieldError[] = Object.entries(problems).map(([path, p]) => problemToField(path, p))
      if (input.password !== input.confirmPassword) {
        fields.push({ path: 'confirmPassword', code: 'mismatch', message: 'the passwords differ' })
      }
      if (fields.length > 0) throw new AppError('validation_failed', 'some fields are not valid', { fields })
      if (!input.termsAccepted) throw new AppError('terms_not_accepted', 'accept the terms to register')

      const captchaRule = rules.find((r) => r.field === 'captcha' && r.enabled)
      if (captchaRule && captchaOn) {
        if (!(await captchas.check(cookieOf(req), input.captcha))) {
          throw new AppError('captcha_invalid', 'the captcha is wrong', { captcha: true })
        }
      }
      const t = await throttle.hit(`register:${caller.ip}`, 60 * minute)
      if (t.count > 10) throw tooMany('too many registrations from this address', t.resetsAt)

      const parentId = await uplineFor(caller.merchantCode, input.affiliateCode || input.referralCode)

      const account = input.username.trim()
      const username = normalizeUsername(account)
      const [existing] = await db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.merchantCode, caller.merchantCode), eq(members.username, username)))
      if (existing)
        throw new AppError('username_taken', 'this username is taken', {
          fields: [{ path: 'username', code: 'taken', message: 'taken' }],
        })

      // Only fields the brand asks for (and so were checked above) are kept.
      const enabled = new Set(rules.filter((r) => r.enabled).map((r) => r.field))
      const keep = (field: (typeof rules)[number]['field'], v: string | undefined) =>
        enabled.has(field) && v?.trim() ? v.trim() : null
      const contacts: Record<string, string> = {}
      for (const k of ['qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber'] as const) {
        const v = keep(k, input[k])
        if (v) contacts[k] = v
      }
      const [member] = await db
        .insert(members)
        .values({
          merchantCode: caller.merchantCode,
          username,
          account,
          nickname: account,
          passwordHash: await passwords.hash(input.password),
          parentId,
          mobile: keep('mobileNum', input.mobileNum),
          countryDialingCode: keep('mobileNum', input.mobileNum)
            ? input.countryDialingCode?.trim() || null
            : null,
          email: keep('email', input.email),
          payeeName: keep('payeeName', input.payeeName),
          paymentPasswordHash:
            enabled.has('paymentPassword') && input.paymentPassword
              ? await passwords.hash(input.paymentPassword)
              : null,
          contacts,
          language: caller.locale,
          registerIp: caller.ip,
          passwordChangedAt: now(),
        })
        .onConflictDoNothing()
        .returning()
      // A racing registration of the same name lands here rather than on a constraint error.
      if (!member)
        throw new AppError('username_taken', 'this username is taken', {
          fields: [{ path: 'username', code: 'taken', message: 'taken' }],
        })
      await audit({
        merchantCode: caller.merchantCode,
        event: 'register',
        ip: caller.ip,
        memberId: member.id,
        username,
      })
      return startSession(member, 'register', caller, req.headers['user-agent'])
    },

    async smsRegister({ input, caller }) {
      const e164 = await phoneOf(input.mobileNo, input.countryDialingCode, 'mobileNo')
      if (await memberByMobile(caller.merchantCode, e164)) {
        throw new AppError('mobile_taken', 'this mobile number is already registered')
      }
      const expiredMinutes = await codes.send({
        merchantCode: caller.merchantCode,
        purpose: 'register',
        destination: e164,
        via: 'sms',
        text: smsText,
        ip: caller.ip,
      })
      return { expiredMinutes }
    },

    async smsLogin({ input, caller }) {
      const e164 = await phoneOf(input.mobileNum, input.countryDialingCode)
      return { expiredMinutes: await sendIfAccount(caller, e164, 'login') }
    },

    async registerMobile({ input, caller, req }) {
      const rules = await repo.registerRules(caller.merchantCode)
      const fields: FieldError[] = []
      const rule = rules.find((r) => r.field === 'password')
      const problem = rule ? checkField({ ...rule, required: true }, input.password) : null
      if (problem) fields.push(problemToField('password', problem))
      if (input.password !== input.confirmPassword) {
        fields.push({ path: 'confirmPassword', code: 'mismatch', message: 'the passwords differ' })
      }
      if (fields.length > 0) throw new AppError('validation_failed', 'some fields are not valid', { fields })
      if (!input.termsAccepted) throw new AppError('terms_not_accepted', 'accept the terms to register')
      const e164 = await phoneOf(input.mobileNum, input.countryDialingCode)
      if (await memberByMobile(caller.merchantCode, e164)) {
        throw new AppError('mobile_taken', 'this mobile number is already registered')
      }
      await codes.consume(caller.merchantCode, 'register', e164, input.verificationCode)
      const parentId = await uplineFor(caller.merchantCode, input.affiliateCode || input.referralCode)
      const username = e164.slice(1)
      const [member] = await db
        .insert(members)
        .values({
          merchantCode: caller.merchantCode,
          username,
          account: username,
          nickname: `${'*'.repeat(Math.max(0, username.length - 4))}${username.slice(-4)}`,
          passwordHash: await passwords.hash(input.password),
          parentId,
          mobile: e164,
          countryDialingCode: input.countryDialingCode.replace(/^\+/, ''),
          language: caller.locale,
          registerIp: caller.ip,
          passwordChangedAt: now(),
        })
        .onConflictDoNothing()
        .returning()
      if (!member) throw new AppError('mobile_taken', 'this mobile number is already registered')
      await audit({
        merchantCode: caller.merchantCode,
        event: 'register',
        ip: caller.ip,
        memberId: member.id,
        detail: { type: 'mobile' },
      })
      return startSession(member, 'register', caller, req.headers['user-agent'])
    },

    async forgotByEmail({ input, caller }) {
      const username = normalizeUsername(input.username)
      const t = await throttle.hit(`forgot:${caller.ip}`, 60 * minute)
      if (t.count > 10) throw tooMany('too many reset requests from this address', t.resetsAt)
      const email = input.email.trim().toLowerCase()
      const [m] = await db
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, caller.merchantCode), eq(members.username, username)))
      const known = !!m && !!m.email && m.email.toLowerCase() === email && m.type !== memberTypes.guest
      // A username and e-mail that do not belong together are rationed and answered like
      // ones that do, so neither can be probed; only the account's owner gets a code.
      await codes.send({
        merchantCode: caller.merchantCode,
        purpose: 'reset',
        destination: known && m ? `email:${m.id}` : `email:${caller.merchantCode}:${username}:${email}`,
        via: 'email',
        text: (code, minutes) =>
          `Your password reset code for ${m?.account ?? username} is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`,
        ip: caller.ip,
        ...(known && m?.email ? { to: m.email } : {}),
        subject: 'Password reset code',
        known,
      })
      return null
    },

    async resetByEmail({ input, caller }) {
      const username = normalizeUsername(input.username)
      const [m] = await db
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, caller.merchantCode), eq(members.username, username)))
      await checkNewPassword(caller.merchantCode, input.newPassword, input.confirmNewPassword)
      // An unknown username is answered as a wrong code: no code was ever sent for it.
      if (!m) throw new AppError('verification_code_invalid', 'the code is wrong')
      await codes.consume(caller.merchantCode, 'reset', `email:${m.id}`, input.verificationCode)
      await setPassword(m.id, input.newPassword)
      await audit({
        merchantCode: caller.merchantCode,
        event: 'password_changed',
        ip: caller.ip,
        memberId: m.id,
        detail: { via: 'email' },
      })
      return null
    },

    async forgotBySms({ input, caller }) {
      const e164 = await phoneOf(input.mobileNum, input.countryDialingCode)
      return { expiredMinutes: await sendIfAccount(caller, e164, 'reset') }
    },

    async resetByMobile({ input, caller, req }) {
      const e164 = await phoneOf(input.mobileNum, input.countryDialingCode)
      await checkNewPassword(caller.merchantCode, input.newPassword, input.newPassword)
      await codes.consume(caller.merchantCode, 'reset', e164, input.verificationCode)
      const m = await memberByMobile(caller.merchantCode, e164)
      if (!m) throw new AppError('account_not_found', 'no account has this number')
      await setPassword(m.id, input.newPassword)
      await audit({
        merchantCode: caller.merchantCode,
        event: 'password_changed',
        ip: caller.ip,
        memberId: m.id,
        detail: { via: 'sms' },
      })
      const [fresh] = await db.select().from(members).where(eq(members.id, m.id))
      if (!fresh) throw new AppError('account_not_found', 'no account has this number')
      return startSession(fresh, 'sms', caller, req.headers['user-agent'])
    },

    async loginVerifySend({ input, caller }) {
      const { member } = await pendingOf(input.verifyToken, caller)
      const destination = input.method === 'sms' ? member.mobile : member.email ? `email:${member.id}` : null
      if (!destination) throw new AppError('login_verify_required', 'that method is not available')
      const expiredMinutes = await codes.send({
        merchantCode: caller.merchantCode,
        purpose: 'login',
        destination,
        via: input.method,
        text: smsText,
        ip: caller.ip,
        ...(input.method === 'email' && member.email
          ? { to: member.email, subject: 'Login verification code' }
          : {}),
      })
      return { expiredMinutes }
    },

    async loginVerify({ input, caller, req }) {
      const { pending, member } = await pendingOf(input.verifyToken, caller, true)
      if (input.method === 'realName') {
        const norm = (v: string | null | undefined) => (v ?? '').trim().replace(/\s+/g, ' ').toLowerCase()
        if (!member.payeeName || norm(input.realName) !== norm(member.payeeName)) {
          throw new AppError('invalid_credentials', 'the real name does not match')
        }
      } else {
        const destination = input.method === 'sms' ? member.mobile : `email:${member.id}`
        if (!destination) throw new AppError('login_verify_required', 'that method is not available')
        await codes.consume(caller.merchantCode, 'login', destination, input.verificationCode)
      }
      const used = await db
        .update(pendingLogins)
        .set({ usedAt: now() })
        .where(and(eq(pendingLogins.tokenHash, pending.tokenHash), isNull(pendingLogins.usedAt)))
        .returning()
      if (used.length === 0) throw new AppError('login_verify_required', 'log in again')
      const res = await startSession(member, 'username', caller, req.headers['user-agent'])
      await audit({
        merchantCode: caller.merchantCode,
        event: 'login',
        ip: caller.ip,
        memberId: member.id,
        detail: { verified: input.method },
      })
      return res
    },

    async memberInfo({ caller }) {
      const s = requireSession(caller)
      const [m] = await db.select().from(members).where(eq(members.id, s.memberId))
      if (!m) throw new AppError('user.or.token.invalid', 'the account no longer exists')
      const mobile = m.mobile ? `${'*'.repeat(Math.max(0, m.mobile.length - 4))}${m.mobile.slice(-4)}` : null
      return {
        id: m.id,
        account: m.account,
        nickname: m.nickname,
        type: m.type,
        toUpline: m.toUpline,
        clubLabel: m.clubLabel ? { labelName: m.clubLabel } : null,
        memberLabel: m.memberLabels.map((labelName) => ({ labelName })),
        regDate: m.createdAt.getTime(),
        mobile,
        language: parseLocale(m.language) ?? 'km',
        ...avatarOf(m.avatar),
      }
    },

    async changePassword({ input, caller }) {
      const s = requireSession(caller)
      const [m] = await db.select().from(members).where(eq(members.id, s.memberId))
      if (!m) throw new AppError('user.or.token.invalid', 'the account no longer exists')
      await checkNewPassword(caller.merchantCode, input.newPassword, input.confirmNewPassword)
      const checked = await throttle.guard(oldPasswordGuesses(m.id), () =>
        passwords.verify(m.passwordHash, input.oldPassword),
      )
      if (checked.outcome === 'refused') throw tooMany('too many wrong old passwords', checked.until)
      if (checked.outcome === 'wrong') {
        throw new AppError('old_password_wrong', 'the old password is wrong', {
          fields: [{ path: 'oldPassword', code: 'wrong', message: 'the old password is wrong' }],
        })
      }
      if (input.oldPassword === input.newPassword)
        throw new AppError('password_same_as_old', 'choose a new password')
      await setPassword(m.id, input.newPassword, s.sessionId)
      await audit({
        merchantCode: caller.merchantCode,
        event: 'password_changed',
        ip: caller.ip,
        memberId: m.id,
      })
      return null
    },

    async updateLanguage({ input, caller }) {
      const s = requireSession(caller)
      await db.update(members).set({ language: input.language }).where(eq(members.id, s.memberId))
      return null
    },

    async icon({ caller }) {
      return avatarOf(await storedAvatar(requireSession(caller).memberId))
    },

    async playerAvatar({ caller }) {
      return avatarOf(await storedAvatar(requireSession(caller).memberId))
    },

    async changeIcon({ input, caller }) {
      const s = requireSession(caller)
      await db.update(members).set({ avatar: input.avatar }).where(eq(members.id, s.memberId))
      return avatarOf(input.avatar)
    },

    async socialProviders({ caller }) {
      return { providers: await social.enabled(caller.merchantCode) }
    },

    async socialStart({ input, caller, req, reply }) {
      const { url, cookie } = await social.start(input.provider, caller, `${req.protocol}://${req.host}`)
      void reply.setCookie(socialCookie, cookie, {
        httpOnly: true,
        // Lax: the cookie must come along on the provider's top-level redirect back.
        sameSite: 'lax',
        secure: 'auto',
        path: socialBasePath,
        maxAge: socialPolicy.flowMs / 1000,
      })
      return { url }
    },

    async socialExchange({ input, caller, req, reply }) {
      const member = await social.exchange(req.cookies?.[socialCookie], input.code, caller.merchantCode)
      void reply.clearCookie(socialCookie, { path: socialBasePath })
      const res = await startSession(member, 'social', caller, req.headers['user-agent'])
      await audit({
        merchantCode: caller.merchantCode,
        event: 'login',
        ip: caller.ip,
        memberId: member.id,
        detail: { type: 'social' },
      })
      // A social login never forces a password change (spec section 4): the member may not
      // even know a password.
      return { ...res, mustChangePassword: false, passwordExpired: false }
    },

    async affiliate({ input, caller }) {
      return { valid: (await agentByCode(caller.merchantCode, input.code)) !== undefined }
    },
  }
}
