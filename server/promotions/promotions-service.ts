/**
 * The promotion engine's service: the list with each member's state, every way to claim
 * (tap, sign up, apply, code, an issued reward, a deposit bonus), the operator's decisions
 * and the jobs' issues. Each reward is one transaction: the claim row (whose unique key per
 * member and period is the limit), the ledger movement from the house's bonus account, its
 * turnover requirement and the member's notice. The flows live by who starts them:
 * promotion-claims.ts (members), promotion-operator.ts (operators and jobs) and
 * promotion-deposit.ts (deposit bonuses), over what they share in promotion-core.ts.
 */
import { createPromotionClaims } from './promotion-claims'
import { createPromotionCore, type PromotionDeps } from './promotion-core'
import { createPromotionDeposit } from './promotion-deposit'
import { createPromotionOperator } from './promotion-operator'

export function createPromotionService(deps: PromotionDeps) {
  const core = createPromotionCore(deps)
  return {
    ...createPromotionClaims(core),
    ...createPromotionOperator(core),
    ...createPromotionDeposit(core),
  }
}

export type PromotionService = ReturnType<typeof createPromotionService>
