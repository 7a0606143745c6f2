/**
 * Deposit bonuses: the ones a member may choose with a deposit, the choice kept in the
 * deposit's transaction, and the bonus credited in the transaction that credits the deposit.
 */
import type { Locale } from '#contract/locales'
import { minorToMoney } from '#contract/money'
import { AppError } from '../http/errors'
import { currencyOf, type MerchantRow } from '../money/common'
import type { Tx } from '../plugins/external/db'
import { closedReason, periodOf, rewardOf } from './engine'
import { claimReference, type PromotionCore } from './promotion-core'

export function createPromotionDeposit(core: PromotionCore) {
  const { repo, now, textOf, credit, listedOrThrow, openOrThrow, memberOrThrow, notice } = core
  return {
    /** The deposit bonuses the member may choose with a deposit of `amount` (minor units). */
    async depositOptions(m: MerchantRow, memberId: number, locale: Locale, amount: bigint | null) {
      const at = now()
      const me = await memberOrThrow(memberId)
      const list = (await repo.listed(m.code, at)).filter(
        (p) =>
          p.claimMode === 'auto' &&
          p.rule.kind === 'depositPercent' &&
          at >= p.startsAt &&
          closedReason(p, { joinedAt: me.createdAt }, at) === null,
      )
      const firstDone = list.some((p) => p.eligibility.firstDeposit)
        ? await repo.hasCreditedDeposit(memberId, null)
        : false
      const periods = [...new Set(list.map((p) => periodOf(p.frequency, m.timeZone, at).key))]
      const taken = new Set(
        (
          await repo.claimsFor(
            memberId,
            list.map((p) => p.id),
            periods,
          )
        ).map((c) => c.promotionId),
      )
      const c = currencyOf(m)
      return {
        list: list
          .filter((p) => !taken.has(p.id) && !(p.eligibility.firstDeposit && firstDone))
          .flatMap((p) =>
            p.rule.kind === 'depositPercent'
              ? [
                  {
                    id: p.id,
                    title: textOf(p.titles, locale, m),
                    bonus: minorToMoney(amount === null ? 0n : rewardOf(p.rule, { deposit: amount }), c),
                    minDeposit: minorToMoney(BigInt(p.rule.minDeposit), c),
                    cap: minorToMoney(BigInt(p.rule.cap), c),
                    rate: p.rule.rate,
                    turnover: p.turnover,
                  },
                ]
              : [],
          ),
      }
    },

    /**
     * Keeps the bonus the member chose with a deposit, in the deposit's transaction: refused
     * now (not when the money arrives) if the promotion is not one the member may choose.
     */
    async chooseForDeposit(
      tx: Tx,
      m: MerchantRow,
      memberId: number,
      depositId: number,
      amount: bigint,
      promotionId: number,
    ) {
      const me = await memberOrThrow(memberId, tx)
      const p = await listedOrThrow(m, promotionId, tx)
      if (p.claimMode !== 'auto' || p.rule.kind !== 'depositPercent') {
        throw new AppError('promotion_wrong_mode', 'not a deposit bonus')
      }
      openOrThrow(p, me, now())
      if (p.eligibility.firstDeposit && (await repo.hasCreditedDeposit(memberId, null, tx))) {
        throw new AppError('promotion_not_eligible', 'for a first deposit only', {
          reason: 'notFirstDeposit',
        })
      }
      if (rewardOf(p.rule, { deposit: amount }) <= 0n) {
        throw new AppError('promotion_not_eligible', 'the deposit is below the minimum', {
          minDeposit: minorToMoney(BigInt(p.rule.minDeposit), currencyOf(m)),
        })
      }
      await repo.chooseForDeposit(depositId, p.id, tx)
    },

    /**
     * In the transaction that credits a deposit: the bonus the member chose with it, if it
     * still applies (the promotion open, the period's bonus not taken, a first deposit still
     * the first). A bonus that no longer applies is left out; the deposit is credited alike.
     */
    async onDepositCredited(
      tx: Tx,
      m: MerchantRow,
      d: { id: number; memberId: number; amount: bigint },
    ): Promise<void> {
      const promotionId = await repo.chosenForDeposit(d.id, tx)
      if (promotionId === undefined) return
      const p = await repo.byId(m.code, promotionId, tx)
      const me = await repo.member(d.memberId, tx)
      if (!p || !me || p.rule.kind !== 'depositPercent') return
      const at = now()
      if (at < p.startsAt || closedReason(p, { joinedAt: me.createdAt }, at)) return
      if (p.eligibility.firstDeposit && (await repo.hasCreditedDeposit(d.memberId, d.id, tx))) return
      const amount = rewardOf(p.rule, { deposit: d.amount })
      if (amount <= 0n) return
      const c = await repo.insertClaim(
        {
          promotionId: p.id,
          merchantCode: m.code,
          memberId: d.memberId,
          period: periodOf(p.frequency, m.timeZone, at).key,
          status: 'claimed',
          amount,
          base: d.amount,
          depositId: d.id,
          createdAt: at,
          claimedAt: at,
          decidedBy: 'system',
        },
        tx,
      )
      if (!c) return
      await credit(tx, m, p, c, amount, d.amount, 'system')
      await notice(tx, {
        memberId: d.memberId,
        kind: 'promotion_credited',
        amount,
        reference: claimReference(c.id),
      })
    },
  }
}
