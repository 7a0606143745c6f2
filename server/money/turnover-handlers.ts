/**
 * The member's turnover requirements on the wire (decision 026): each one's progress and
 * what is left to wager before a withdrawal, in the brand's currency.
 */
import type { Endpoints } from '#contract/endpoints'
import { minorToMoney } from '#contract/money'
import type { TurnoverRequirement, TurnoverSummary } from '#contract/turnover'
import type { HandlerGroup } from '../http/contract-routes'
import { memberTurnover, type MemberTurnover, type RequirementView } from '../promotions/turnover-service'
import { currencyOf, ms, type MerchantRow } from './common'
import { memberOf, type MoneyDeps } from './wallet-handlers'

function requirementView(v: RequirementView, m: MerchantRow): TurnoverRequirement {
  const c = currencyOf(m)
  return {
    id: v.row.id,
    bonus: minorToMoney(v.row.bonus, c),
    required: minorToMoney(v.row.required, c),
    done: minorToMoney(v.done, c),
    remaining: minorToMoney(v.remaining, c),
    status: v.status,
    source: v.row.source,
    createdAt: v.row.createdAt.getTime(),
    closedAt: ms(v.row.closedAt),
  }
}

/** The member's open requirements in sum, as the withdraw page shows them. */
export function turnoverSummary(t: MemberTurnover, m: MerchantRow): TurnoverSummary {
  const c = currencyOf(m)
  return {
    remaining: minorToMoney(t.remaining, c),
    count: t.count,
    required: minorToMoney(t.openRequired, c),
    done: minorToMoney(t.openDone, c),
  }
}

export function turnoverHandlers({ db, settings }: MoneyDeps): HandlerGroup<Endpoints['turnover']> {
  return {
    async info({ caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const t = await memberTurnover(db, memberId)
      return {
        ...turnoverSummary(t, m),
        requirements: t.requirements.map((v) => requirementView(v, m)),
      }
    },
  }
}
