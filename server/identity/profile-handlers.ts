/**
 * The profile calls (src/contract/profile.ts): the member reads and updates their own
 * profile, and binds an e-mail address or mobile number with a code sent to it (the SMS and
 * e-mail codes of codes.ts, rationed as every code is). Every call acts on the session's
 * own account; none names another member.
 */
import type { Endpoints } from '#contract/endpoints'
import type { BoundField } from '#contract/profile'
import { checkField } from '#contract/register-rules'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'
import type { CallerContext } from '../http/request-context'
import { requireSession, smsText, type IdentityKit } from './identity-kit'
import { profileProblemToField, type ProfileService } from './profile-service'

export function profileCallHandlers(
  kit: IdentityKit,
  profiles: ProfileService,
): HandlerGroup<Endpoints['profile']> {
  const { codes, phoneOf, members } = kit

  /** The destination the code goes to (and is kept under), checked against the field's rule. */
  async function destinationOf(
    caller: CallerContext,
    input: { field: BoundField; value: string; countryDialingCode?: string | undefined },
  ): Promise<{ key: string; value: string; to: string; dialingCode?: string }> {
    const rules = await profiles.rulesOf(caller.merchantCode)
    const rule = rules.find((r) => r.field === input.field && r.enabled)
    const fail = (code: string, message: string) =>
      new AppError('validation_failed', message, { fields: [{ path: 'value', code, message }] })
    if (!rule) throw fail('disabled', `${input.field} is not asked for`)
    const problem = checkField({ ...rule, required: true }, input.value)
    if (problem)
      throw new AppError('validation_failed', 'not valid', {
        fields: [profileProblemToField('value', problem)],
      })
    if (input.field === 'email') {
      const email = input.value.trim().toLowerCase()
      return { key: `email:${email}`, value: email, to: email }
    }
    const dialing = (input.countryDialingCode ?? '').replace(/^\+/, '')
    if (!dialing) throw fail('required', 'the country code is required')
    const e164 = await phoneOf(input.value.trim(), dialing, 'value')
    return { key: e164, value: e164, to: e164, dialingCode: dialing }
  }

  return {
    async info({ caller }) {
      return profiles.read(requireSession(caller).memberId)
    },

    async update({ input, caller }) {
      const s = requireSession(caller)
      await profiles.update(s.memberId, input, { operator: false })
      return profiles.read(s.memberId)
    },

    async bindSend({ input, caller }) {
      const s = requireSession(caller)
      const d = await destinationOf(caller, input)
      if (input.field === 'mobile') {
        const owner = await members.byMobile(caller.merchantCode, d.value)
        if (owner && owner.id !== s.memberId) {
          throw new AppError('mobile_taken', 'this mobile number is already registered')
        }
      }
      const expiredMinutes = await codes.send({
        merchantCode: caller.merchantCode,
        purpose: 'bind',
        destination: d.key,
        to: d.to,
        via: input.field === 'email' ? 'email' : 'sms',
        ...(input.field === 'email' ? { subject: 'Verification code' } : {}),
        text: smsText,
        ip: caller.ip,
      })
      return { expiredMinutes }
    },

    async bindVerify({ input, caller }) {
      const s = requireSession(caller)
      const d = await destinationOf(caller, input)
      await codes.consume(caller.merchantCode, 'bind', d.key, input.verificationCode)
      await profiles.bind(s.memberId, input.field, d.value, d.dialingCode)
      return profiles.read(s.memberId)
    },
  }
}
