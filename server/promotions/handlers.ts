/**
 * The promotion endpoints: the list (a member's states, or a visitor's), the claim list, and
 * every way to take a reward. Each answers for the caller's own claims only; a claim of
 * another member answers as a missing one.
 */
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError, retryLater } from '../http/errors'
import type { Throttle } from '../identity/throttle'
import { amountOrThrow } from '../money/common'
import { idempotencyOf, withIdempotency } from '../money/idempotency'
import type { MoneySettings } from '../money/settings'
import { memberOf } from '../money/wallet-handlers'
import type { Db, Tx } from '../plugins/external/db'
import type { PromotionService } from './promotions-service'
import type { RebateService } from './rebate-service'

type Rows = Endpoints['promotions']

/** Wrong promo codes per member: 5 in 10 minutes, then 15 minutes without a try. */
export const promoCodePolicy = { windowMs: 10 * 60_000, limit: 5, blockMs: 15 * 60_000 }

export function promotionHandlers(deps: {
  db: Db
  promotions: PromotionService
  /** The rebates: the rates page's estimates. */
  rebates: Pick<RebateService, 'estimates'>
  settings: MoneySettings
  throttle: Throttle
  now: () => Date
}): HandlerGroup<Rows> {
  const { db, promotions, rebates, settings, throttle, now } = deps
  const runOf =
    (caller: Parameters<typeof idempotencyOf>[0]) =>
    <T>(work: (tx: Tx) => Promise<T>) =>
      withIdempotency(db, idempotencyOf(caller), now(), work)

  return {
    async categories({ caller }) {
      return promotions.categories(await settings.merchant(caller.merchantCode))
    },
    async available({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return promotions.list(m, memberOf(caller), caller.locale, input.category)
    },
    async merchantAvailable({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return promotions.list(m, null, caller.locale, input.category)
    },
    async claimList({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return promotions.claimList(m, memberOf(caller), caller.locale, input)
    },
    async signUp({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return promotions.signUp(m, memberOf(caller), caller.locale, input.promotionId, runOf(caller))
    },
    async claim({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return promotions.claim(m, memberOf(caller), caller.locale, input.promotionId, runOf(caller))
    },
    async claimRegister({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return promotions.claim(m, memberOf(caller), caller.locale, input.promotionId, runOf(caller))
    },
    async claimAppDownload({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return promotions.claim(
        m,
        memberOf(caller),
        caller.locale,
        input.promotionId,
        runOf(caller),
        input.displayMode !== 'browser',
      )
    },
    async claimIssued({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return promotions.claimIssued(m, memberOf(caller), caller.locale, input.claimId, runOf(caller))
    },
    async claimPromoCode({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      let result: Awaited<ReturnType<PromotionService['claimCode']>> | undefined
      const guarded = await throttle.guard(
        { key: `promo-code:${memberId}`, ...promoCodePolicy },
        async () => {
          try {
            result = await promotions.claimCode(m, memberId, caller.locale, input.code, runOf(caller))
            return true
          } catch (err) {
            if (err instanceof AppError && err.errorCode === 'promo_code_invalid') return false
            throw err
          }
        },
      )
      if (guarded.outcome === 'refused') {
        const seconds = Math.max(1, Math.ceil((guarded.until.getTime() - now().getTime()) / 1000))
        throw retryLater('TOO_MANY_REQUESTS', 'too many wrong codes; try again later', seconds)
      }
      if (guarded.outcome === 'wrong' || !result) {
        throw new AppError('promo_code_invalid', 'this code is not valid')
      }
      return result
    },
    async apply({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return promotions.apply(m, memberOf(caller), caller.locale, input, runOf(caller))
    },
    async rebateRates({ caller }) {
      const m = await settings.merchant(caller.merchantCode)
      return rebates.estimates(m, memberOf(caller), caller.locale)
    },
    async depositPromotions({ input, caller }) {
      const m = await settings.merchant(caller.merchantCode)
      const amount = input.amount === undefined || input.amount === '' ? null : amountOrThrow(input.amount, m)
      return promotions.depositOptions(m, memberOf(caller), caller.locale, amount)
    },
  }
}
