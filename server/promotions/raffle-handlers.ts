/**
 * The raffle's endpoints: the caller's status of a raffle (its current period and the last
 * draw, with what anyone needs to re-check it) and joining the current period.
 */
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../http/contract-routes'
import { idempotencyOf, withIdempotency } from '../money/idempotency'
import type { MoneySettings } from '../money/settings'
import { memberOf } from '../money/wallet-handlers'
import type { Db } from '../plugins/external/db'
import type { RaffleService } from './raffle-service'

export function raffleHandlers(deps: {
  db: Db
  raffles: RaffleService
  settings: MoneySettings
  now: () => Date
}): HandlerGroup<Endpoints['raffle']> {
  const { db, raffles, settings, now } = deps
  return {
    async status({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return raffles.status(m, memberOf(caller), input.promotionId)
    },
    async join({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return raffles.join(m, memberOf(caller), input.promotionId, (work) =>
        withIdempotency(db, idempotencyOf(caller), now(), work),
      )
    },
  }
}
