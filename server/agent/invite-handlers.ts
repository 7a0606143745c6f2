/**
 * The announcements for agents, for the calling agent only. The agent's invitation is
 * answered by `referral.details` (server/referral/handlers.ts), the call a member's referral
 * code shares (decision 032).
 */
import type { agentInviteEndpoints } from '#contract/agent-invite'
import type { HandlerGroup } from '../http/contract-routes'
import { memberOf } from '../money/wallet-handlers'
import type { InviteService } from './invite-service'

export function inviteHandlers(invite: InviteService): HandlerGroup<typeof agentInviteEndpoints> {
  return {
    async announcements({ input, caller }) {
      memberOf(caller)
      return invite.announcements(caller.merchantCode, caller.locale, input)
    },
  }
}
