/** The agent's invitation and the announcements for agents: each for the calling agent only. */
import type { agentInviteEndpoints } from '#contract/agent-invite'
import type { HandlerGroup } from '../http/contract-routes'
import { memberOf } from '../money/wallet-handlers'
import type { InviteService } from './invite-service'

export function inviteHandlers(invite: InviteService): HandlerGroup<typeof agentInviteEndpoints> {
  return {
    async invitation({ caller, req }) {
      return invite.invitation(caller.merchantCode, memberOf(caller), {
        protocol: req.protocol,
        host: req.host,
      })
    },
    async announcements({ input, caller }) {
      memberOf(caller)
      return invite.announcements(caller.merchantCode, caller.locale, input)
    },
  }
}
