/**
 * The contract endpoints: per kind, the agent's read, its action and its payment history,
 * for its own contracts (and those it pays) only.
 */
import type { ContractAction, ContractKind, ContractPaymentsQuery } from '#contract/contracts'
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../http/contract-routes'
import type { CallerContext } from '../http/request-context'
import { idempotencyOf, withIdempotency } from '../money/idempotency'
import type { MoneySettings } from '../money/settings'
import { memberOf } from '../money/wallet-handlers'
import type { Db } from '../plugins/external/db'
import type { ContractService } from './contracts-service'
import type { SettlementService } from './settlement-service'

type Rows = Endpoints['contracts']

export function contractHandlers(deps: {
  db: Db
  contracts: ContractService
  settlement: Pick<SettlementService, 'history'>
  settings: MoneySettings
  now: () => Date
}): HandlerGroup<Rows> {
  const { db, contracts, settlement, settings, now } = deps

  const read =
    (kind: ContractKind) =>
    async ({ input, caller }: { input: { pageNo: number; pageSize: number }; caller: CallerContext }) =>
      contracts.overview(await settings.merchant(caller.merchantCode), memberOf(caller), kind, input)

  const act =
    (kind: ContractKind) =>
    async ({ input, caller }: { input: ContractAction; caller: CallerContext }) =>
      contracts.act(await settings.merchant(caller.merchantCode), memberOf(caller), kind, input, (work) =>
        withIdempotency(db, idempotencyOf(caller), now(), work),
      )

  const payments =
    (kind: ContractKind) =>
    async ({ input, caller }: { input: ContractPaymentsQuery; caller: CallerContext }) => {
      const m = await settings.merchant(caller.merchantCode)
      // The periods are days (and hours) of the brand's clock: the page writes them in it.
      return { ...(await settlement.history(m, memberOf(caller), kind, input)), timeZone: m.timeZone }
    }

  return {
    dividendPayments: payments('dividend'),
    dailySalaryPayments: payments('dailySalary'),
    hourlySalaryPayments: payments('hourlySalary'),
    realTimeSalaryPayments: payments('realTimeSalary'),
    dividend: read('dividend'),
    dividendAction: act('dividend'),
    dailySalary: read('dailySalary'),
    dailySalaryAction: act('dailySalary'),
    hourlySalary: read('hourlySalary'),
    hourlySalaryAction: act('hourlySalary'),
    realTimeSalary: read('realTimeSalary'),
    realTimeSalaryAction: act('realTimeSalary'),
  }
}
