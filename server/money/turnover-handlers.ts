/**
 * The member's turnover requirements on the wire (decision 026): each one's progress and
 * what is left to wager before a withdrawal, in the brand's currency; and the forfeit of the
 * open bonuses, where the brand allows it.
 */
import type { Endpoints } from '#contract/endpoints'
import { minorToMoney } from '#contract/money'
import type { BonusForfeitOffer, TurnoverRequirement, TurnoverSummary } from '#contract/turnover'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'
import {
  forfeitOpenBonuses,
  forfeitTake,
  memberTurnover,
  type MemberTurnover,
  type RequirementView,
} from '../promotions/turnover-service'
import { amountOrThrow, currencyOf, ms, type MerchantRow } from './common'
import { idempotencyOf, withIdempotency } from './idempotency'
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

/**
 * What forfeiting the open bonuses would take now, when the brand lets members do it and a
 * requirement is open; null otherwise. `balance` is the main wallet's.
 */
export function forfeitOffer(t: MemberTurnover, balance: bigint, m: MerchantRow): BonusForfeitOffer | null {
  if (!m.bonusForfeit || t.openIds.length === 0) return null
  const c = currencyOf(m)
  return {
    amount: minorToMoney(forfeitTake(t.openBonus, balance), c),
    bonus: minorToMoney(t.openBonus, c),
    count: t.openIds.length,
  }
}

/** The amount the member was shown: zero (an empty wallet) or an amount in the brand's currency. */
function shownAmountOrThrow(input: string, m: MerchantRow): bigint {
  const zero = m.currencyDecimals > 0 ? new RegExp(`^0+(\\.0{1,${m.currencyDecimals}})?$`) : /^0+$/
  return zero.test(input.trim()) ? 0n : amountOrThrow(input, m)
}

export function turnoverHandlers({
  db,
  ledger,
  settings,
  now,
}: MoneyDeps): HandlerGroup<Endpoints['turnover']> {
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

    async forfeit({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const c = currencyOf(m)
      const expected = shownAmountOrThrow(input.amount, m)
      if (!m.bonusForfeit) {
        throw new AppError('bonus_forfeit_not_allowed', 'this brand does not let members forfeit a bonus')
      }
      const wallet = await ledger.memberAccount(m.code, memberId)
      const house = await ledger.houseAccount(m.code, 'bonuses')
      return withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
        const done = await forfeitOpenBonuses(tx, ledger, {
          merchantCode: m.code,
          memberId,
          wallet,
          house,
          expected,
          at: now(),
          money: (minor) => minorToMoney(minor, c),
        })
        return {
          forfeited: minorToMoney(done.taken, c),
          count: done.closed.length,
          balance: minorToMoney(done.balance, c),
        }
      })
    },
  }
}
