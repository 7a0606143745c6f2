/** The contract endpoints: per kind, the agent's read and its action, for its own contracts only. */
import type { ContractAction, ContractKind } from '#contract/contracts'
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../http/contract-routes'
import type { CallerContext } from '../http/request-context'
import { idempotencyOf, withIdempotency } from '../money/idempotency'
import type { MoneySettings } from '../money/settings'
import { memberOf } from '../money/wallet-handlers'
import type { Db } from '../plugins/external/db'
import type { ContractService } from './contracts-service'

type Rows = Endpoints['contracts']

export function contractHandlers(deps: {
  db: Db
  contracts: ContractService
  settings: MoneySettings
  now: () => Date
}): HandlerGroup<Rows> {
  const { db, contracts, settings, now } = deps

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

  return {
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
