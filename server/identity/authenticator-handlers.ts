/**
 * The member's side of the authenticator app: the security settings, set-up with a first
 * code, and turning it off with a code. `auth: 'member'` rows: a guest (type 4) and a
 * visitor never reach these, and each acts only on the session's own account.
 */
import type { authenticatorEndpoints } from '#contract/authenticator'
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'
import { requireSession, type IdentityKit } from './identity-kit'

type AuthenticatorEndpoints = keyof typeof authenticatorEndpoints

export function authenticatorHandlers(
  kit: IdentityKit,
): Pick<HandlerGroup<Endpoints['identity']>, AuthenticatorEndpoints> {
  const { authenticator, members, repo } = kit
  return {
    async securityConfig({ caller }) {
      const { memberId } = requireSession(caller)
      return {
        authenticator: await authenticator.status(memberId),
        authenticatorOnWithdraw: await kit.authenticatorOnWithdraw(caller.merchantCode),
      }
    },

    async authenticatorSetup({ caller }) {
      const { memberId } = requireSession(caller)
      const member = await members.byId(memberId)
      if (!member) throw new AppError('user.or.token.invalid', 'the account no longer exists')
      const brand = await repo.merchant(caller.merchantCode)
      return authenticator.setup(memberId, brand?.name ?? caller.merchantCode, member.username)
    },

    async authenticatorConfirm({ input, caller }) {
      const { memberId } = requireSession(caller)
      const recoveryCodes = await authenticator.confirm(memberId, input.code)
      await kit.record(caller, 'authenticator_on', { memberId })
      return { recoveryCodes }
    },

    async authenticatorDisable({ input, caller }) {
      const { memberId } = requireSession(caller)
      await authenticator.disable(memberId, input.code)
      await kit.record(caller, 'authenticator_off', { memberId })
      return null
    },
  }
}
