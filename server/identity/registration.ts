/**
 * Registration: by username (the brand's field rules), by mobile number with an SMS code,
 * and the check of an invitation code.
 */
import type { FieldError } from '#contract/envelope'
import { checkField, checkFields } from '#contract/register-rules'
import { AppError } from '../http/errors'
import { recordReferral } from '../referral/record'
import { createReferralRepository } from '../referral/referral-repository'
import { hostOf, isBrandHost } from '../system/brand-domains'
import {
  cookieOf,
  minute,
  normalizeUsername,
  problemToField,
  smsText,
  alreadyRegisteredText,
  type IdentityHandlers,
  type IdentityKit,
} from './identity-kit'
import { registrationKey } from './throttle'

type RegistrationEndpoints = 'register' | 'smsRegister' | 'registerMobile' | 'affiliate'

/**
 * Whom a registration's codes name (decision 032): an agent's code places the new member in
 * the agent's team (the upline); a member's referral code records a referrer for rewards
 * only. Both are members.affiliate_code, so one code names one member.
 */
interface Invited {
  parentId: number | null
  referrer: { id: number; code: string } | null
}

export const usernameTaken = () =>
  new AppError('username_taken', 'this username is taken', {
    fields: [{ path: 'username', code: 'taken', message: 'taken' }],
  })

export function registrationHandlers(kit: IdentityKit): Pick<IdentityHandlers, RegistrationEndpoints> {
  const { db, repo, access, members, passwords, throttle, captchas, codes, record, now } = kit
  const { phoneOf, tooMany, openSession, sessionAnswer } = kit
  const referralRepo = createReferralRepository(db)

  /**
   * The new member, its audit row and its first session in one transaction: a registration
   * that fails part way leaves no member without a session or an audit row.
   */
  async function createAndSignIn(
    values: Parameters<typeof members.createUnlessTaken>[0],
    taken: () => AppError,
    caller: Parameters<typeof openSession>[2],
    about: Parameters<typeof record>[2],
    userAgent: string | undefined,
    referral: { referrer: Invited['referrer']; device: string | undefined } = {
      referrer: null,
      device: undefined,
    },
  ) {
    const { member, token } = await db.transaction(async (tx) => {
      const member = await members.createUnlessTaken(values, tx)
      // A racing registration of the same name lands here rather than on a constraint error.
      if (!member) throw taken()
      await record(caller, 'register', { memberId: member.id, ...about }, tx)
      if (referral.referrer) {
        const { id, code } = referral.referrer
        const r = {
          merchantCode: member.merchantCode,
          referrerId: id,
          friendId: member.id,
          code,
          ip: caller.ip,
        }
        await recordReferral(referralRepo, tx, { ...r, device: referral.device }, now())
      }
      return { member, token: await openSession(member, 'register', caller, userAgent, tx) }
    })
    return sessionAnswer(member, 'register', token)
  }

  /**
   * Whether a page on `domain` may use an invitation code: the brand's own addresses, or the
   * address this server answers at (spec section 4); a client that sends no domain is taken
   * at its word, as the platform's older clients send none.
   */
  async function codeDomainAllowed(merchantCode: string, domain: string | undefined, host: string) {
    if (domain === undefined || hostOf(domain) === hostOf(host)) return true
    return isBrandHost(await repo.domains(merchantCode), domain)
  }

  /**
   * The upline and the referrer the registration's codes name, each checked as
   * `/wps/agent/affiliate` checks it: an active agent's code (the upline) or a member's
   * referral code (the referrer), asked from one of the brand's addresses; none without a code.
   */
  async function invitedBy(
    merchantCode: string,
    input: { affiliateCode?: string; referralCode?: string; domain?: string },
    host: string,
  ): Promise<Invited> {
    const codes = [
      ...new Set([input.affiliateCode, input.referralCode].map((c) => c?.trim().toUpperCase() ?? '')),
    ]
    const given = codes.filter((c) => c !== '')
    const invited: Invited = { parentId: null, referrer: null }
    if (given.length === 0) return invited
    if (!(await codeDomainAllowed(merchantCode, input.domain, host))) {
      throw new AppError('invitation_code_error', 'the invitation code is not valid on this address')
    }
    for (const code of given) {
      const owner = await referralRepo.ownerOfCode(merchantCode, code)
      if (!owner) throw new AppError('invitation_code_error', 'the invitation code is not valid')
      if (owner.agent) invited.parentId ??= owner.id
      else invited.referrer ??= { id: owner.id, code }
    }
    return invited
  }

  return {
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
      const t = await throttle.hit(registrationKey(caller.ip), 60 * minute)
      if (t.count > 10) throw tooMany('too many registrations from this address', t.resetsAt)

      const { parentId, referrer } = await invitedBy(caller.merchantCode, input, req.host)

      const account = input.username.trim()
      const username = normalizeUsername(account)
      if (await members.usernameTaken(caller.merchantCode, username)) throw usernameTaken()

      // Only fields the brand asks for (and so were checked above) are kept.
      const enabled = new Set(rules.filter((r) => r.enabled).map((r) => r.field))
      const keep = (field: (typeof rules)[number]['field'], v: string | undefined) =>
        enabled.has(field) && v?.trim() ? v.trim() : null
      const contacts: Record<string, string> = {}
      for (const k of ['qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber'] as const) {
        const v = keep(k, input[k])
        if (v) contacts[k] = v
      }
      const passwordHash = await passwords.hash(input.password)
      const paymentPasswordHash =
        enabled.has('paymentPassword') && input.paymentPassword
          ? await passwords.hash(input.paymentPassword)
          : null
      const member = {
        merchantCode: caller.merchantCode,
        username,
        account,
        nickname: account,
        passwordHash,
        parentId,
        mobile: keep('mobileNum', input.mobileNum),
        countryDialingCode: keep('mobileNum', input.mobileNum)
          ? input.countryDialingCode?.trim() || null
          : null,
        email: keep('email', input.email),
        payeeName: keep('payeeName', input.payeeName),
        paymentPasswordHash,
        contacts,
        language: caller.locale,
        registerIp: caller.ip,
        passwordChangedAt: now(),
      }
      return createAndSignIn(member, usernameTaken, caller, { username }, req.headers['user-agent'], {
        referrer,
        device: input.loginDeviceId,
      })
    },

    async smsRegister({ input, caller }) {
      const e164 = await phoneOf(input.mobileNo, input.countryDialingCode, 'mobileNo')
      // A registered number answers as any other, rationed alike: its owner is told by SMS
      // instead of being sent a code, and the step that needs the code says it is taken.
      const taken = (await members.byMobile(caller.merchantCode, e164)) !== undefined
      const expiredMinutes = await codes.send({
        merchantCode: caller.merchantCode,
        purpose: 'register',
        destination: e164,
        via: 'sms',
        text: smsText,
        ip: caller.ip,
        ...(taken ? { instead: alreadyRegisteredText } : {}),
      })
      return { expiredMinutes }
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
      // The invitation code is checked before the verification code is used up by it; only
      // a right verification code learns that the number is taken (none is sent to one).
      const { parentId, referrer } = await invitedBy(caller.merchantCode, input, req.host)
      await codes.consume(caller.merchantCode, 'register', e164, input.verificationCode)
      if (await members.byMobile(caller.merchantCode, e164)) {
        throw new AppError('mobile_taken', 'this mobile number is already registered')
      }
      const username = e164.slice(1)
      const passwordHash = await passwords.hash(input.password)
      const member = {
        merchantCode: caller.merchantCode,
        username,
        account: username,
        nickname: `${'*'.repeat(Math.max(0, username.length - 4))}${username.slice(-4)}`,
        passwordHash,
        parentId,
        mobile: e164,
        countryDialingCode: input.countryDialingCode.replace(/^\+/, ''),
        language: caller.locale,
        registerIp: caller.ip,
        passwordChangedAt: now(),
      }
      const mobileTaken = () => new AppError('mobile_taken', 'this mobile number is already registered')
      return createAndSignIn(
        member,
        mobileTaken,
        caller,
        { detail: { type: 'mobile' } },
        req.headers['user-agent'],
        { referrer, device: input.loginDeviceId },
      )
    },

    // A code is valid when an active agent of this brand has it and the page asking is on
    // one of the brand's addresses, or on the address this server answers at (spec section
    // 4: a valid code hides the field).
    async affiliate({ input, caller, req }) {
      if (!(await codeDomainAllowed(caller.merchantCode, input.domain, req.host))) return { valid: false }
      // An agent's code and a member's referral code are both valid (decision 032).
      return { valid: (await referralRepo.ownerOfCode(caller.merchantCode, input.code)) !== undefined }
    },
  }
}
