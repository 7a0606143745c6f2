/**
 * The referral calls (src/contract/referral.ts): each answers the calling member's own
 * records only. `referral.details` answers an agent their agent invitation (their team's
 * link, under AFFMAN3) and any other member their referral code.
 */
import type { referralEndpoints } from '#contract/referral'
import type { InviteService } from '../agent/invite-service'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'
import { isAgentType } from '../identity/sessions'
import { memberOf } from '../money/wallet-handlers'
import type { ReferralService } from './referral-service'

export function referralHandlers(deps: {
  referrals: ReferralService
  invite: InviteService
  agentInvitesOn: (merchantCode: string) => Promise<boolean>
}): HandlerGroup<typeof referralEndpoints> {
  const { referrals, invite } = deps
  return {
    async details({ caller, req }) {
      const memberId = memberOf(caller)
      const request = { protocol: req.protocol, host: req.host }
      if (caller.session && isAgentType(caller.session.type)) {
        if (!(await deps.agentInvitesOn(caller.merchantCode))) {
          throw new AppError('feature_disabled', 'AFFMAN3 is switched off')
        }
        return invite.invitation(caller.merchantCode, memberId, request)
      }
      return referrals.details(caller.merchantCode, memberId, request)
    },
    async friends({ input, caller }) {
      return referrals.friends(caller.merchantCode, memberOf(caller), input)
    },
    async claims({ input, caller }) {
      return referrals.claims(caller.merchantCode, memberOf(caller), input)
    },
    async overview({ caller }) {
      return referrals.overview(caller.merchantCode, memberOf(caller))
    },
    async bind({ input, caller }) {
      await referrals.bind(caller.merchantCode, memberOf(caller), input.referralCode, caller.ip)
      return { bound: true as const }
    },
  }
}
