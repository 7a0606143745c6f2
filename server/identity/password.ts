/**
 * The login password: its change by the member, and its reset by a code sent by e-mail
 * or SMS.
 */
import { memberTypes } from '#contract/identity'
import { checkField } from '#contract/register-rules'
import { AppError } from '../http/errors'
import {
  minute,
  normalizeUsername,
  problemToField,
  requireSession,
  type IdentityHandlers,
  type IdentityKit,
} from './identity-kit'

/** Wrong current passwords given to change it (or to set a payment password): 5 in 15 minutes. */
export function oldPasswordGuesses(memberId: number) {
  return { key: `oldpw:${memberId}`, windowMs: 15 * minute, limit: 5 }
}

type PasswordEndpoints = 'changePassword' | 'forgotByEmail' | 'resetByEmail' | 'forgotBySms' | 'resetByMobile'

export function passwordHandlers(kit: IdentityKit): Pick<IdentityHandlers, PasswordEndpoints> {
  const { db, repo, members, sessions, passwords, throttle, codes, record, now } = kit
  const { phoneOf, tooMany, sendIfAccount, startSession } = kit

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
   * so a failure never leaves a new password beside the old sessions. The hash is computed
   * before it: the embedded database has one connection, held by the transaction.
   */
  async function setPassword(memberId: number, password: string, keepSessionId?: number): Promise<void> {
    const passwordHash = await passwords.hash(password)
    await db.transaction(async (tx) => {
      await members.setPassword(memberId, passwordHash, now(), tx)
      if (keepSessionId === undefined) await sessions.revokeAll(memberId, tx)
      else await sessions.revokeOthers(memberId, keepSessionId, tx)
      // Every remembered device signs in with the password again.
      await kit.devices.endAll(memberId, 'password', tx)
      await throttle.clear(`oldpw:${memberId}`, tx)
    })
  }

  return {
    async changePassword({ input, caller }) {
      const s = requireSession(caller)
      const m = await members.byId(s.memberId)
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
      await record(caller, 'password_changed', { memberId: m.id })
      return null
    },

    async forgotByEmail({ input, caller }) {
      const username = normalizeUsername(input.username)
      const t = await throttle.hit(`forgot:${caller.ip}`, 60 * minute)
      if (t.count > 10) throw tooMany('too many reset requests from this address', t.resetsAt)
      const email = input.email.trim().toLowerCase()
      const m = await members.byUsername(caller.merchantCode, username)
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
      const m = await members.byUsername(caller.merchantCode, username)
      await checkNewPassword(caller.merchantCode, input.newPassword, input.confirmNewPassword)
      // An unknown username is answered as a wrong code: no code was ever sent for it.
      if (!m) throw new AppError('verification_code_invalid', 'the code is wrong')
      await codes.consume(caller.merchantCode, 'reset', `email:${m.id}`, input.verificationCode)
      await setPassword(m.id, input.newPassword)
      await record(caller, 'password_changed', { memberId: m.id, detail: { via: 'email' } })
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
      const m = await members.byMobile(caller.merchantCode, e164)
      if (!m) throw new AppError('account_not_found', 'no account has this number')
      await setPassword(m.id, input.newPassword)
      await record(caller, 'password_changed', { memberId: m.id, detail: { via: 'sms' } })
      const fresh = await members.byId(m.id)
      if (!fresh) throw new AppError('account_not_found', 'no account has this number')
      return startSession(fresh, 'sms', caller, req.headers['user-agent'])
    },
  }
}
