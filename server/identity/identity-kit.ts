/**
 * What the identity flows share: their dependencies, the member and login repositories,
 * the audit of a request, mobile numbers, the upline of a new member and the start of a
 * session.
 */
import type { Endpoints } from '#contract/endpoints'
import type { FieldError } from '#contract/envelope'
import type { LoginResponse } from '#contract/identity'
import type { FieldProblem } from '#contract/register-rules'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError, retryLater, secondsUntil } from '../http/errors'
import type { CallerContext } from '../http/request-context'
import type { Db, Tx } from '../plugins/external/db'
import type { AccessService } from '../system/access'
import { phoneOrThrow } from '../system/phone'
import type { SystemRepository } from '../system/system-repository'
import { callerAudit, type Audit } from './audit'
import { createAuthenticator } from './authenticator'
import { lazyAuthenticatorKeys } from './authenticator-seal'
import { captchaCookie, type Captchas } from './captcha'
import type { Codes } from './codes'
import { createDevices } from './devices'
import { createDevicesRepository } from './devices-repository'
import { createLoginsRepository } from './logins-repository'
import { createMembersRepository, type MemberRow } from './members-repository'
import type { Passwords } from './passwords'
import type { AuthedSession, Sessions } from './sessions'
import type { Social } from './social'
import type { Throttle } from './throttle'

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

/** The identity endpoints' handlers; each flow file answers a part of them. */
export type IdentityHandlers = HandlerGroup<Endpoints['identity']>

export const minute = 60_000

/** Login types that prove the person without the password: no forced change after them. */
export const passwordlessLogins: ReadonlySet<string> = new Set(['sms', 'social'])

export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase()
}

export function problemToField(path: string, p: FieldProblem): FieldError {
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

export function requireSession(caller: CallerContext): AuthedSession {
  if (!caller.session) throw new AppError('CUSTOMER_NOT_LOGIN', 'please log in')
  return caller.session
}

export function cookieOf(req: { cookies?: Record<string, string | undefined> }): string | undefined {
  return req.cookies?.[captchaCookie]
}

export const smsText = (code: string, minutes: number) =>
  `Your verification code is ${code}. It expires in ${minutes} minutes. Never share it.`

/** Sent instead of a registration code to a number that has an account already. */
export const alreadyRegisteredText =
  'Someone asked to register with this number, which already has an account. ' +
  'Log in, or reset your password if you forgot it. If it was not you, ignore this message.'

export function createIdentityKit(deps: IdentityDeps) {
  const { db, repo, access, sessions, codes, now } = deps
  const members = createMembersRepository(db)
  const logins = createLoginsRepository(db)
  const devices = createDevices({ db, repo: createDevicesRepository(db), now })
  const authenticator = createAuthenticator({
    db,
    throttle: deps.throttle,
    keys: lazyAuthenticatorKeys(db),
    now,
  })

  /** The brand asks for the authenticator's code on withdrawal (of members who have it on). */
  async function authenticatorOnWithdraw(merchantCode: string): Promise<boolean> {
    return access.isEnabled(await access.snapshot(merchantCode), 'WDGOOGLECODE3')
  }

  /** A mobile number in E.164 form, checked against the country's digit count. */
  async function phoneOf(mobile: string, dialingCode: string, path = 'mobileNum'): Promise<string> {
    return phoneOrThrow(await repo.countries(), mobile, dialingCode, path)
  }

  /** 429 with the real wait: until the counting window ends. */
  function tooMany(message: string, until: Date): AppError {
    return retryLater('TOO_MANY_REQUESTS', message, secondsUntil(until, now()))
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
    const known = (await members.byMobile(caller.merchantCode, e164)) !== undefined
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

  /** The upline of a new member: none without a code, the agent with one, refused when unknown. */
  async function uplineFor(merchantCode: string, code: string | undefined): Promise<number | null> {
    if (!code?.trim()) return null
    const agent = await members.agentByCode(merchantCode, code)
    if (!agent) throw new AppError('invitation_code_error', 'the invitation code is not valid')
    return agent.id
  }

  async function passwordExpired(merchantCode: string, changedAt: Date): Promise<boolean> {
    const m = await repo.merchant(merchantCode)
    if (!m || m.passwordExpiryDays <= 0) return false
    const snap = await access.snapshot(merchantCode)
    if (!access.isEnabled(snap, 'PWDEXPFORCECHANGE3')) return false
    return now().getTime() - changedAt.getTime() > m.passwordExpiryDays * 24 * 60 * minute
  }

  /** A new session for the member, its address remembered and the login marked; in `tx` when given. */
  async function openSession(
    member: MemberRow,
    loginType: string,
    caller: CallerContext,
    userAgent: string | undefined,
    tx?: Tx,
  ): Promise<string> {
    const token = await sessions.create(member.id, loginType, caller.ip, userAgent, tx)
    await logins.rememberIp(member.id, caller.ip, now(), tx)
    await members.markLogin(member.id, now(), tx)
    return token
  }

  /** What a login answers for a session just opened (reads the brand's password rules). */
  async function sessionAnswer(member: MemberRow, loginType: string, token: string): Promise<LoginResponse> {
    // A login by SMS code or a social provider never forces a password change (spec section 4).
    const forcing = !passwordlessLogins.has(loginType)
    return {
      token,
      firstTimeLogin: member.lastLoginAt === null,
      passwordExpired: forcing && (await passwordExpired(member.merchantCode, member.passwordChangedAt)),
      mustChangePassword: forcing && member.mustChangePassword,
    }
  }

  async function startSession(
    member: MemberRow,
    loginType: string,
    caller: CallerContext,
    userAgent: string | undefined,
  ): Promise<LoginResponse> {
    return sessionAnswer(member, loginType, await openSession(member, loginType, caller, userAgent))
  }

  return {
    ...deps,
    members,
    logins,
    devices,
    authenticator,
    authenticatorOnWithdraw,
    record: callerAudit(deps.audit),
    phoneOf,
    tooMany,
    sendIfAccount,
    uplineFor,
    startSession,
    openSession,
    sessionAnswer,
  }
}

export type IdentityKit = ReturnType<typeof createIdentityKit>
