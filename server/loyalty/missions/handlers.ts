/**
 * The missions' endpoints (decision 030, section 6): the caller's summary, a mission's rules,
 * the milestones, the week's leaderboard and the claim (a check-in included). The member is
 * read from the session only; no call takes a member id.
 */
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../../http/contract-routes'
import { idempotencyOf, withIdempotency } from '../../money/idempotency'
import type { MoneySettings } from '../../money/settings'
import { memberOf } from '../../money/wallet-handlers'
import type { Db } from '../../plugins/external/db'
import type { MissionService } from './missions-service'

export function missionHandlers(deps: {
  db: Db
  missions: MissionService
  settings: MoneySettings
  now: () => Date
}): HandlerGroup<Endpoints['missions']> {
  const { db, missions, settings, now } = deps
  return {
    async summary({ caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return missions.summary(m, memberOf(caller), caller.locale)
    },
    async rules({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      memberOf(caller)
      return missions.rules(m, input.missionId, caller.locale)
    },
    async milestones({ caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return missions.milestones(m, memberOf(caller), caller.locale)
    },
    async leaderboard({ caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return missions.leaderboard(m, memberOf(caller))
    },
    async claim({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return missions.claim(m, memberOf(caller), input, (work) =>
        withIdempotency(db, idempotencyOf(caller), now(), work),
      )
    },
  }
}
