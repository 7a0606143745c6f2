/**
 * A member's side of the promotion engine: the list with the member's state of each, the
 * categories, the claim history, and every way to claim (sign up, tap, an issued reward, a
 * promo code, the apply form). Each reward is one transaction (`run`): the claim row, whose
 * unique key per member and period is the limit, and its credit.
 */
import type { ImageUpload } from '#contract/funds'
import type { Locale } from '#contract/locales'
import { minorToMoney } from '#contract/money'
import {
  maxApplyImages,
  maxRemarkLength,
  type ClaimStatus,
  type Promotion,
  type PromotionCategory,
} from '#contract/promotions'
import { wallDate } from '../contracts/periods'
import { AppError } from '../http/errors'
import { cleanImage, type CleanImage } from '../money/clean-image'
import { currencyOf, storeImage, type MerchantRow } from '../money/common'
import { closedReason, periodOf, remarkLength, rewardOf, stateOf } from './engine'
import { claimReference, lastDay, endedShownMs, type Run, type PromotionCore } from './promotion-core'
import { isUnlisted, kindOfTemplate } from './templates'

export function createPromotionClaims(core: PromotionCore) {
  const {
    db,
    repo,
    now,
    deps,
    textOf,
    claimView,
    rewardView,
    engineClaim,
    computedReward,
    credit,
    listedOrThrow,
    openOrThrow,
    memberOrThrow,
    already,
    answer,
  } = core
  return {
    /** The brand's running and coming promotions with the member's (or a visitor's) state. */
    async list(m: MerchantRow, memberId: number | null, locale: Locale, category?: PromotionCategory) {
      const at = now()
      const all = (await repo.listed(m.code, new Date(at.getTime() - endedShownMs))).filter(
        (p) => !category || p.category === category,
      )
      const me = memberId === null ? undefined : await repo.member(memberId)
      const periods = new Map(all.map((p) => [p.id, periodOf(p.frequency, m.timeZone, at)]))
      const claims = me
        ? await repo.claimsFor(
            me.id,
            all.map((p) => p.id),
            [...new Set([...periods.values()].map((x) => x.key))],
          )
        : []
      const claimedRefs = claims.filter((c) => c.status === 'claimed').map((c) => claimReference(c.id))
      const open = me && claimedRefs.length > 0 ? await deps.turnover.openOf(me.id, claimedRefs) : new Set()
      const list: Promotion[] = []
      for (const p of all) {
        const period = periods.get(p.id) ?? { key: '', end: null }
        const mine = claims.filter((c) => c.promotionId === p.id)
        const current = mine.find((c) => c.period === period.key) ?? null
        const issued = mine.find((c) => c.status === 'issued') ?? null
        let qualifyDone = 0n
        if (me && current?.status === 'signedUp') {
          qualifyDone = await repo.validBetsBetween(me.id, wallDate(m.timeZone, current.createdAt), lastDay)
        }
        // What a tap would pay, for a tap-to-claim promotion the member may take now: the
        // claim's own computation, so a Claim shown is a Claim that pays.
        const tappable =
          me &&
          p.claimMode === 'claim' &&
          !current &&
          !issued &&
          at >= p.startsAt &&
          closedReason(p, { joinedAt: me.createdAt }, at) === null
        const rewardNow = tappable ? (await computedReward(m, p, me.id, db)).amount : undefined
        const d = stateOf(
          p,
          {
            member: me ? { joinedAt: me.createdAt } : null,
            current: current ? engineClaim(current) : null,
            issued: issued ? engineClaim(issued) : null,
            requirementOpen: current !== null && open.has(claimReference(current.id)),
            qualifyDone,
            ...(rewardNow === undefined ? {} : { rewardNow }),
          },
          period,
          at,
        )
        const claimRow = d.claim ? (mine.find((c) => c.id === d.claim?.id) ?? null) : null
        const target = p.eligibility.qualifyValidBets
        list.push({
          id: p.id,
          kind: kindOfTemplate(p.template),
          category: p.category,
          claimMode: p.claimMode,
          frequency: p.frequency,
          title: textOf(p.titles, locale, m),
          content: textOf(p.contents, locale, m),
          imageUrl: p.imageUrl,
          startsAt: p.startsAt.getTime(),
          endsAt: p.endsAt ? p.endsAt.getTime() : null,
          reward: rewardView(p, m),
          turnover: p.turnover,
          state: d.state,
          reason: d.reason,
          progress:
            p.claimMode === 'signUp' && target !== undefined && current?.status === 'signedUp'
              ? {
                  done: minorToMoney(qualifyDone, currencyOf(m)),
                  target: minorToMoney(BigInt(target), currencyOf(m)),
                }
              : null,
          claimId: claimRow?.id ?? null,
          amount: claimRow?.amount == null ? null : minorToMoney(claimRow.amount, currencyOf(m)),
          rejectReason: claimRow?.status === 'rejected' ? claimRow.reason : null,
          changesAt: d.changesAt ? d.changesAt.getTime() : null,
          needsForm: p.claimMode === 'apply',
          needsCode: p.claimMode === 'promoCode',
        })
      }
      return {
        list,
        claimable: list.filter((x) => x.state === 'claim' || x.state === 'issued').length,
        timeZone: m.timeZone,
      }
    },

    /** Categories with a listed promotion, and how many, in the filter's order. */
    async categories(m: MerchantRow) {
      const at = now()
      const listed = (await repo.listed(m.code, at)).filter((p) => !p.pausedAt)
      const counts = new Map<PromotionCategory, number>()
      for (const p of listed) counts.set(p.category, (counts.get(p.category) ?? 0) + 1)
      return { list: [...counts].map(([category, count]) => ({ category, count })) }
    },

    async claimList(
      m: MerchantRow,
      memberId: number,
      locale: Locale,
      q: { pageNo: number; pageSize: number; startTime?: number; endTime?: number; status?: ClaimStatus },
    ) {
      const { rows, total } = await repo.claimPage({
        memberId,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        ...(q.startTime === undefined ? {} : { from: new Date(q.startTime) }),
        ...(q.endTime === undefined ? {} : { to: new Date(q.endTime) }),
        ...(q.status === undefined ? {} : { status: q.status }),
      })
      return {
        list: rows.map((r) => claimView(r.claim, { titles: r.titles, category: r.category }, locale, m)),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      }
    },

    /** Joins a sign-up promotion for the current period. */
    async signUp(m: MerchantRow, memberId: number, locale: Locale, promotionId: number, run: Run) {
      return run(async (tx) => {
        const me = await memberOrThrow(memberId, tx)
        const p = await listedOrThrow(m, promotionId, tx)
        if (p.claimMode !== 'signUp') throw new AppError('promotion_wrong_mode', 'not a sign-up promotion')
        const at = now()
        openOrThrow(p, me, at)
        const c = await repo.insertClaim(
          {
            promotionId: p.id,
            merchantCode: m.code,
            memberId,
            period: periodOf(p.frequency, m.timeZone, at).key,
            status: 'signedUp',
            createdAt: at,
          },
          tx,
        )
        if (!c) throw already()
        return answer(m, p, c, locale, null)
      })
    },

    /**
     * Claims a promotion the member may take with one tap now: a claim-mode one (the daily
     * login, the newbie bonus, the app-download reward, a rescue), or a sign-up one it has
     * qualified for. `installed`: how the page runs, for the app-download reward.
     */
    async claim(
      m: MerchantRow,
      memberId: number,
      locale: Locale,
      promotionId: number,
      run: Run,
      installed?: boolean,
    ) {
      return run(async (tx) => {
        const me = await memberOrThrow(memberId, tx)
        const p = await listedOrThrow(m, promotionId, tx)
        const at = now()
        const period = periodOf(p.frequency, m.timeZone, at)
        if (p.claimMode === 'signUp') {
          const [mine] = await repo.claimsFor(memberId, [p.id], [period.key], tx)
          if (!mine || mine.status !== 'signedUp') {
            if (mine) throw already()
            throw new AppError('promotion_not_eligible', 'join it first', { reason: 'notSignedUp' })
          }
          openOrThrow(p, me, at)
          const target = BigInt(p.eligibility.qualifyValidBets ?? 0)
          const done = await repo.validBetsBetween(
            memberId,
            wallDate(m.timeZone, mine.createdAt),
            lastDay,
            tx,
          )
          if (done < target) {
            throw new AppError('promotion_not_eligible', 'not qualified yet', {
              target: minorToMoney(target, currencyOf(m)),
              done: minorToMoney(done, currencyOf(m)),
            })
          }
          const amount = rewardOf(p.rule, {})
          if (amount <= 0n) throw new AppError('promotion_nothing_to_claim', 'nothing to claim')
          const c = await repo.moveClaim(
            mine.id,
            'signedUp',
            { status: 'claimed', amount, base: done, claimedAt: at },
            tx,
            memberId,
          )
          if (!c) throw already()
          const balance = await credit(tx, m, p, c, amount, 0n, 'member')
          return answer(m, p, c, locale, balance)
        }
        if (p.claimMode !== 'claim') throw new AppError('promotion_wrong_mode', 'not claimed with a tap')
        openOrThrow(p, me, at)
        if (p.eligibility.installed && !installed) {
          throw new AppError('promotion_not_eligible', 'open the app from the home screen', {
            reason: 'notInstalled',
          })
        }
        const { amount, base } = await computedReward(m, p, memberId, tx)
        if (amount <= 0n) throw new AppError('promotion_nothing_to_claim', 'nothing to claim')
        const c = await repo.insertClaim(
          {
            promotionId: p.id,
            merchantCode: m.code,
            memberId,
            period: period.key,
            status: 'claimed',
            amount,
            base,
            createdAt: at,
            claimedAt: at,
          },
          tx,
        )
        if (!c) throw already()
        const balance = await credit(tx, m, p, c, amount, 0n, 'member')
        return answer(m, p, c, locale, balance)
      })
    },

    /** Claims a reward the platform issued to this member (the reward centre's one tap). */
    async claimIssued(m: MerchantRow, memberId: number, locale: Locale, claimId: number, run: Run) {
      return run(async (tx) => {
        await memberOrThrow(memberId, tx)
        const at = now()
        const c = await repo.moveClaim(claimId, 'issued', { status: 'claimed', claimedAt: at }, tx, memberId)
        if (!c) {
          const seen = await repo.claim(claimId, tx)
          // Another member's claim answers as a missing one.
          if (!seen || seen.memberId !== memberId) {
            throw new AppError('promotion_nothing_to_claim', 'nothing issued to claim')
          }
          throw already()
        }
        const p = await listedOrThrow(m, c.promotionId, tx)
        const balance = await credit(tx, m, p, c, c.amount ?? 0n, 0n, 'member')
        return answer(m, p, c, locale, balance)
      })
    },

    /**
     * A promo code: a wrong, expired, not started or used-up code answers alike
     * (promo_code_invalid), so a burst of guesses learns nothing; the handler throttles them.
     */
    async claimCode(m: MerchantRow, memberId: number, locale: Locale, code: string, run: Run) {
      const wanted = code.trim().toUpperCase()
      return run(async (tx) => {
        const me = await memberOrThrow(memberId, tx)
        const p = wanted ? await repo.byCode(m.code, wanted, tx) : undefined
        const invalid = () => new AppError('promo_code_invalid', 'no such code')
        if (!p || isUnlisted(p) || p.claimMode !== 'promoCode') throw invalid()
        const at = now()
        if (at < p.startsAt || closedReason(p, null, at)) throw invalid()
        const reason = closedReason(p, { joinedAt: me.createdAt }, at)
        if (reason) throw new AppError('promotion_not_eligible', 'not eligible', { reason })
        if (p.codeUses !== null) {
          // The uses are counted under the promotion's lock: parallel members cannot pass the limit.
          await repo.lock(p.id, tx)
          if ((await repo.claimCount(p.id, tx)) >= p.codeUses) throw invalid()
        }
        const amount = rewardOf(p.rule, {})
        if (amount <= 0n) throw new AppError('promotion_nothing_to_claim', 'nothing to claim')
        const c = await repo.insertClaim(
          {
            promotionId: p.id,
            merchantCode: m.code,
            memberId,
            period: periodOf(p.frequency, m.timeZone, at).key,
            status: 'claimed',
            amount,
            createdAt: at,
            claimedAt: at,
          },
          tx,
        )
        if (!c) throw already()
        const balance = await credit(tx, m, p, c, amount, 0n, 'member')
        return answer(m, p, c, locale, balance)
      })
    },

    /** The apply form: checked before anything is stored; the operator decides later. */
    async apply(
      m: MerchantRow,
      memberId: number,
      locale: Locale,
      input: { promotionId: number; remark: string; images: readonly ImageUpload[] },
      run: Run,
    ) {
      const remark = input.remark.trim()
      if (remarkLength(remark) > maxRemarkLength) {
        throw new AppError('remark_too_long', 'the remark is too long', { max: maxRemarkLength })
      }
      if (input.images.length > maxApplyImages) {
        throw new AppError('too_many_images', 'too many images', { max: maxApplyImages })
      }
      const cleaned: CleanImage[] = []
      for (const i of input.images) cleaned.push(await cleanImage(i))
      return run(async (tx) => {
        const me = await memberOrThrow(memberId, tx)
        const p = await listedOrThrow(m, input.promotionId, tx)
        if (p.claimMode !== 'apply') throw new AppError('promotion_wrong_mode', 'not an apply promotion')
        const at = now()
        openOrThrow(p, me, at)
        const period = periodOf(p.frequency, m.timeZone, at).key
        const [mine] = await repo.claimsFor(memberId, [p.id], [period], tx)
        if (mine) throw already()
        const images: number[] = []
        for (const img of cleaned) images.push(await storeImage(tx, memberId, img, at))
        const c = await repo.insertClaim(
          {
            promotionId: p.id,
            merchantCode: m.code,
            memberId,
            period,
            status: 'applying',
            remark,
            images,
            createdAt: at,
          },
          tx,
        )
        if (!c) throw already()
        return answer(m, p, c, locale, null)
      })
    },
  }
}
