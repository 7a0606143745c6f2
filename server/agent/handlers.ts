/** The agent centre's endpoints: each answers for the calling agent's own team only. */
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../http/contract-routes'
import type { MoneySettings } from '../money/settings'
import { memberOf } from '../money/wallet-handlers'
import type { IncomeService } from './income-service'
import { inviteHandlers } from './invite-handlers'
import type { InviteService } from './invite-service'
import type { OpenAccountService } from './open-account-service'
import type { RebateService } from './rebate-service'
import type { ReportService } from './report-service'
import type { TeamService } from './team-service'
import type { TransferService } from './transfer-service'

export function agentHandlers(deps: {
  team: TeamService
  transfers: TransferService
  reports: ReportService
  settings: MoneySettings
  openAccount: OpenAccountService
  rebates: RebateService
  income: IncomeService
  invite: InviteService
}): HandlerGroup<Endpoints['agent']> {
  const { team, reports, settings } = deps
  const merchant = (caller: { merchantCode: string }) => settings.merchant(caller.merchantCode)
  return {
    ...inviteHandlers(deps.invite),
    async teamBets({ input, caller }) {
      return reports.bets(await merchant(caller), memberOf(caller), input)
    },
    async teamProfitLoss({ input, caller }) {
      return reports.profitLoss(await merchant(caller), memberOf(caller), input)
    },
    async teamMovements({ input, caller }) {
      return reports.movements(await merchant(caller), memberOf(caller), input)
    },
    async teamOverview({ input, caller }) {
      return team.overview(await settings.merchant(caller.merchantCode), memberOf(caller), input)
    },
    async downline({ input, caller }) {
      return team.downline(await settings.merchant(caller.merchantCode), memberOf(caller), input)
    },
    async downlineTransfer({ input, caller }) {
      return deps.transfers.transfer(caller, memberOf(caller), input)
    },
    async rebateRates({ caller }) {
      return { rates: await deps.rebates.ratesOf(memberOf(caller)) }
    },
    async openAccount({ input, caller }) {
      return deps.openAccount.open(caller, memberOf(caller), input)
    },
    async downlineRebateRates({ input, caller }) {
      return deps.rebates.downlineRates(memberOf(caller), input.memberId)
    },
    async setDownlineRebateRates({ input, caller }) {
      return deps.rebates.setDownlineRates(caller, memberOf(caller), input)
    },
    async income({ input, caller }) {
      return deps.income.report(await merchant(caller), memberOf(caller), input)
    },
  }
}
