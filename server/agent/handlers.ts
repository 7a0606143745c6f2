/** The agent centre's endpoints: each answers for the calling agent's own team only. */
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../http/contract-routes'
import type { MoneySettings } from '../money/settings'
import { memberOf } from '../money/wallet-handlers'
import type { TeamService } from './team-service'

export function agentHandlers(deps: {
  team: TeamService
  settings: MoneySettings
}): HandlerGroup<Endpoints['agent']> {
  const { team, settings } = deps
  return {
    async teamOverview({ input, caller }) {
      return team.overview(await settings.merchant(caller.merchantCode), memberOf(caller), input)
    },
    async downline({ input, caller }) {
      return team.downline(await settings.merchant(caller.merchantCode), memberOf(caller), input)
    },
    async downlineTransfer({ input, caller }) {
      return team.transfer(caller, memberOf(caller), input)
    },
  }
}
