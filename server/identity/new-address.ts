/**
 * The second step of a password login from an address the member has never used
 * (LOGINIPVERF3): a code by SMS or e-mail, the real name on the account, or the
 * authenticator app's code (a recovery code when the phone is lost; decision 031).
 */
import { randomBytes } from 'node:crypto'
import type { LoginVerifyRequired } from '#contract/identity'
import { AppError } from '../http/errors'
import type { CallerContext } from '../http/request-context'
import { rememberIfAsked } from './device-handlers'
import { minute, smsText, type IdentityHandlers, type IdentityKit } from './identity-kit'
import type { MemberRow } from './members-repository'
import { hashToken } from './sessions'

/** Tries at the second step of a login from a new address. */
export const pendingPolicy = { maxAttempts: 5 }

/**
 * The second step a password login needs, or null. The very first login, and an account
 * with no phone, e-mail or real name, go through.
 */
export async function secondStepFor(
  kit: IdentityKit,
  member: MemberRow,
  caller: CallerContext,
): Promise<LoginVerifyRequired | null> {
  const { access, logins, now } = kit
  const snap = await access.snapshot(caller.merchantCode)
  if (!access.isEnabled(snap, 'LOGINIPVERF3')) return null
  const seen = await logins.knownIps(member.id)
  if (seen.length === 0 || seen.includes(caller.ip)) return null
  const methods: LoginVerifyRequired['methods'] = [
    ...((await kit.authenticator.isOn(member.id)) ? (['authenticator', 'recoveryCode'] as const) : []),
    ...(member.mobile ? (['sms'] as const) : []),
    ...(member.email ? (['email'] as const) : []),
    ...(member.payeeName ? (['realName'] as const) : []),
  ]
  if (methods.length === 0) return null
  const verifyToken = randomBytes(24).toString('base64url')
  await logins.addPending({
    tokenHash: hashToken(verifyToken),
    memberId: member.id,
    ip: caller.ip,
    expiresAt: new Date(now().getTime() + 10 * minute),
  })
  return { verifyToken, methods }
}

export function newAddressHandlers(
  kit: IdentityKit,
): Pick<IdentityHandlers, 'loginVerifySend' | 'loginVerify'> {
  const { members, logins, codes, record, startSession, authenticator, now } = kit

  /**
   * The waiting login of a second-step token. With `takeTry`, one of its five tries is
   * taken in the same statement that finds it, before the answer is checked, so parallel
   * answers get no more than five checks between them.
   */
  async function pendingOf(verifyToken: string, caller: CallerContext, takeTry = false) {
    const p = await logins.livePending({
      tokenHash: hashToken(verifyToken),
      ip: caller.ip,
      at: now(),
      maxAttempts: pendingPolicy.maxAttempts,
      takeTry,
    })
    if (!p) throw new AppError('login_verify_required', 'log in again to verify this address')
    const m = await members.byId(p.memberId)
    if (!m || m.merchantCode !== caller.merchantCode)
      throw new AppError('login_verify_required', 'log in again')
    return { pending: p, member: m }
  }

  return {
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

    async loginVerify({ input, caller, req, reply }) {
      const { pending, member } = await pendingOf(input.verifyToken, caller, true)
      if (input.method === 'realName') {
        const norm = (v: string | null | undefined) => (v ?? '').trim().replace(/\s+/g, ' ').toLowerCase()
        if (!member.payeeName || norm(input.realName) !== norm(member.payeeName)) {
          throw new AppError('invalid_credentials', 'the real name does not match')
        }
      } else if (input.method === 'authenticator' || input.method === 'recoveryCode') {
        // The member's own budget of wrong codes guards this too: five tries per waiting
        // login, and five wrong codes in 15 minutes across logins lock the authenticator.
        if (!(await authenticator.isOn(member.id)))
          throw new AppError('login_verify_required', 'that method is not available')
        await authenticator.check(
          member.id,
          input.verificationCode ?? '',
          input.method === 'authenticator' ? 'totp' : 'recovery',
        )
      } else {
        const destination = input.method === 'sms' ? member.mobile : `email:${member.id}`
        if (!destination) throw new AppError('login_verify_required', 'that method is not available')
        await codes.consume(caller.merchantCode, 'login', destination, input.verificationCode)
      }
      if (!(await logins.usePending(pending.tokenHash, now())))
        throw new AppError('login_verify_required', 'log in again')
      const res = await startSession(member, 'username', caller, req.headers['user-agent'])
      await record(caller, 'login', { memberId: member.id, detail: { verified: input.method } })
      await rememberIfAsked(kit, input.rememberDevice, member, input.entrance, res, caller, req, reply)
      return res
    },
  }
}
