/**
 * Member referrals (decision 032): a member's code and link (their one code,
 * members.affiliate_code, made on first ask as an agent's is), the friends they brought,
 * what they earned, a friend's code added after registering, the referral written with a
 * registration, and the rewards.
 *
 * Rewards go through the one promotion engine (decision 027): `give(…, 'friend:<id>', …)` on
 * the brand's unlisted `referral` promotion, once per friend by the claim's unique key, in
 * the transaction that marks the referral paid; and, when the brand gives a share of
 * friends' valid bets, `give(…, 'share:<brand day>', …)` once per referrer and day.
 *
 * A referral that looks like self-referral (the friend registered from an address the
 * referrer used, or a device that registered the referrer or another of their friends) is
 * held: it is counted and listed, but pays nothing until the operator approves it.
 */
import { sql } from 'drizzle-orm'
import { invitationLink, type Invitation } from '#contract/agent-invite'
import { formatMinor, minorToMoney } from '#contract/money'
import type { ReferralClaim, ReferralFriend, ReferralOverview, ReferralRules } from '#contract/referral'
import type { FriendRewardState, ReferralReview } from '#contract/referral-values'
import { wallDate } from '../contracts/periods'
import { AppError } from '../http/errors'
import { currencyOf, type MerchantRow } from '../money/common'
import { maskUsername } from '../play/winners'
import type { Db, Tx } from '../plugins/external/db'
import type { PromotionRepository, PromotionRow } from '../promotions/promotions-repository'
import type { PromotionService } from '../promotions/promotions-service'
import { referralTemplateName } from '../promotions/templates'
import { brandOrigin } from '../system/brand-domains'
import { recordReferral, type ReferralToRecord } from './record'
import type { ReferralRepository, ReferralSettingsRow } from './referral-repository'

export const defaultReferralSettings = (merchantCode: string, at: Date): ReferralSettingsRow => ({
  merchantCode,
  enabled: false,
  rewardAmount: 0n,
  turnover: 0n,
  shareBp: 0,
  turnoverTenths: 10,
  updatedAt: at,
  updatedBy: 'system',
})

const titles = {
  en: 'Referral reward',
  km: 'រង្វាន់ណែនាំមិត្តភក្តិ',
  zh: '邀请好友奖励',
  th: 'รางวัลแนะนำเพื่อน',
  vi: 'Thưởng giới thiệu bạn bè',
}

export const friendPeriod = (friendId: number) => `friend:${friendId}`
export const sharePeriod = (day: string) => `share:${day}`

export interface ReferralDeps {
  db: Db
  repo: ReferralRepository
  promotions: Pick<PromotionService, 'give'>
  promotionRepo: Pick<PromotionRepository, 'all' | 'add'>
  /** The member's code, made on first ask (the agent area's, server/agent/invite-service.ts). */
  ensureCode: (memberId: number) => Promise<string>
  domains: (merchantCode: string) => Promise<string[]>
  merchant: (merchantCode: string) => Promise<MerchantRow | undefined>
  publicUrl: string | undefined
  now: () => Date
  /** Referrals read per query by the job. */
  chunkSize?: number
}

/** The state a friend's reward is in, from the referral's review and payment. */
export function rewardStateOf(review: ReferralReview, rewarded: boolean): FriendRewardState {
  if (rewarded) return 'rewarded'
  if (review === 'held') return 'held'
  if (review === 'rejected') return 'rejected'
  return 'pending'
}

export function createReferralService(deps: ReferralDeps) {
  const { db, repo, now } = deps
  const chunkSize = deps.chunkSize ?? 500

  async function merchantOrThrow(code: string): Promise<MerchantRow> {
    const m = await deps.merchant(code)
    if (!m) throw new Error(`unknown brand ${code}`)
    return m
  }

  async function settingsOf(merchantCode: string, ex: Db | Tx = db): Promise<ReferralSettingsRow> {
    return (await repo.settings(merchantCode, ex)) ?? defaultReferralSettings(merchantCode, now())
  }

  async function promotionOf(merchantCode: string, ex: Db | Tx = db): Promise<PromotionRow | undefined> {
    return (await deps.promotionRepo.all(merchantCode, ex)).find((p) => p.template === referralTemplateName)
  }

  /** The brand's unlisted referral promotion, made the first time it is needed. */
  async function backing(m: MerchantRow, tx: Tx): Promise<PromotionRow> {
    // One maker at a time per brand: two first runs at once make one promotion.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral:${m.code}`}))`)
    const found = await promotionOf(m.code, tx)
    if (found) return found
    const at = now()
    return deps.promotionRepo.add(
      {
        merchantCode: m.code,
        template: referralTemplateName,
        category: 'others',
        claimMode: 'auto',
        frequency: 'once',
        rule: { kind: 'fixed', amount: 0 },
        eligibility: {},
        turnover: { multipleTenths: 0, base: 'bonus' },
        code: null,
        codeUses: null,
        titles,
        contents: {},
        imageUrl: null,
        startsAt: at,
        endsAt: null,
        pausedAt: null,
        sort: 1000,
        createdAt: at,
        createdBy: 'system',
      },
      tx,
    )
  }

  function rulesOf(s: ReferralSettingsRow, m: MerchantRow): ReferralRules {
    const c = currencyOf(m)
    return {
      enabled: s.enabled,
      rewardAmount: minorToMoney(s.rewardAmount, c),
      turnover: minorToMoney(s.turnover, c),
      shareBp: s.shareBp,
      rewardTurnoverMultiple: String(s.turnoverTenths / 10),
    }
  }

  const record = (tx: Tx, r: ReferralToRecord) => recordReferral(repo, tx, r, now())

  return {
    record,
    settingsOf,
    backing,

    /** The member's referral code, link and count of friends (made on first ask). */
    async details(
      merchantCode: string,
      memberId: number,
      request: { protocol: string; host: string },
    ): Promise<Invitation> {
      const [referralCode, listed, counts] = await Promise.all([
        deps.ensureCode(memberId),
        deps.domains(merchantCode),
        repo.counts(memberId),
      ])
      const origin = brandOrigin({ publicUrl: deps.publicUrl, listed, request })
      return {
        referralCode,
        registerUrl: invitationLink(origin, referralCode),
        totalInvitations: counts.total,
        promotionDomains: listed,
      }
    },

    async friends(
      merchantCode: string,
      memberId: number,
      page: { pageNo: number; pageSize: number },
    ): Promise<{ list: ReferralFriend[]; total: number; pageNo: number; pageSize: number }> {
      const m = await merchantOrThrow(merchantCode)
      const c = currencyOf(m)
      const { list, total } = await repo.friends(memberId, page)
      return {
        list: list.map((f) => ({
          username: maskUsername(f.username),
          joinedAt: f.joinedAt.getTime(),
          deposited: f.deposited,
          validBet: minorToMoney(f.validBet, c),
          reward: rewardStateOf(f.review, f.rewardAmount !== null),
          rewardAmount: f.rewardAmount === null ? null : minorToMoney(f.rewardAmount, c),
        })),
        total,
        pageNo: page.pageNo,
        pageSize: page.pageSize,
      }
    },

    /** The rewards paid to the member for their friends, newest first (one per row). */
    async claims(
      merchantCode: string,
      memberId: number,
      page: { pageNo: number; pageSize: number },
    ): Promise<{ list: ReferralClaim[]; total: number; pageNo: number; pageSize: number }> {
      const m = await merchantOrThrow(merchantCode)
      const c = currencyOf(m)
      const p = await promotionOf(merchantCode)
      const { list, total } = await repo.claims(p?.id, memberId, page)
      return {
        list: list.map((r) => {
          const share = r.period.startsWith('share:')
          return {
            kind: share ? ('share' as const) : ('friend' as const),
            friend: r.friend === null ? null : maskUsername(r.friend),
            day: share ? r.period.slice('share:'.length) : null,
            amount: minorToMoney(r.amount, c),
            paidAt: r.paidAt.getTime(),
          }
        }),
        total,
        pageNo: page.pageNo,
        pageSize: page.pageSize,
      }
    },

    async overview(merchantCode: string, memberId: number): Promise<ReferralOverview> {
      const m = await merchantOrThrow(merchantCode)
      const [s, counts, p] = await Promise.all([
        settingsOf(merchantCode),
        repo.counts(memberId),
        promotionOf(merchantCode),
      ])
      const earned = await repo.earned(p?.id, memberId)
      return {
        totalInvitations: counts.total,
        deposited: counts.deposited,
        rewarded: counts.rewarded,
        pending: counts.pending,
        totalEarned: minorToMoney(earned, currencyOf(m)),
        rules: rulesOf(s, m),
      }
    },

    /**
     * A member who registered without a code adds a friend's: never their own, never a
     * second referrer, never an agent's (an agent's team is joined at registration only).
     */
    async bind(merchantCode: string, memberId: number, code: string, ip: string): Promise<void> {
      const owner = await repo.ownerOfCode(merchantCode, code)
      if (!owner || owner.agent) throw new AppError('invitation_code_error', 'the referral code is not valid')
      if (owner.id === memberId) throw new AppError('referral_self', 'a member cannot use their own code')
      const written = await db.transaction(async (tx) =>
        record(tx, { merchantCode, referrerId: owner.id, friendId: memberId, code, ip }),
      )
      if (!written) throw new AppError('referral_already_referred', 'this member already has a referrer')
    },

    /**
     * Pays the brand's rewards due now; answers how many were paid by this run. Each reward
     * is its own transaction: the claim (unique per referrer and friend) and the referral
     * marked paid, so a second run at once, a rerun or a crash midway pays nothing twice.
     */
    async payDue(m: MerchantRow, signal?: AbortSignal): Promise<number> {
      const s = await settingsOf(m.code)
      if (!s.enabled) return 0
      const p = await db.transaction((tx) => backing(m, tx))
      const paying = { ...p, turnover: { multipleTenths: s.turnoverTenths, base: 'bonus' as const } }
      let paid = 0
      if (s.rewardAmount > 0n) {
        let after = 0
        for (;;) {
          if (signal?.aborted) return paid
          const chunk = await repo.dueRewards(m.code, s.turnover, after, chunkSize)
          if (chunk.length === 0) break
          for (const d of chunk) {
            if (signal?.aborted) return paid
            const given = await db.transaction(async (tx) => {
              const ok = await deps.promotions.give(
                tx,
                m,
                paying,
                d.referrerId,
                friendPeriod(d.friendId),
                s.rewardAmount,
                null,
              )
              if (ok) await repo.markRewarded(d.id, s.rewardAmount, now(), tx)
              return ok
            })
            if (given) paid += 1
          }
          after = chunk.at(-1)?.id ?? after
        }
      }
      if (s.shareBp > 0) {
        // The brand's last two closed days (a day a run missed near midnight is caught up).
        const at = now().getTime()
        const today = wallDate(m.timeZone, new Date(at))
        const days = [
          ...new Set([2, 1].map((n) => wallDate(m.timeZone, new Date(at - n * 86_400_000)))),
        ].filter((d) => d !== today)
        for (const day of days) {
          let after = 0
          for (;;) {
            if (signal?.aborted) return paid
            const chunk = await repo.dueShares(m.code, day, p.id, sharePeriod(day), after, chunkSize)
            if (chunk.length === 0) break
            for (const d of chunk) {
              const amount = (d.validBet * BigInt(s.shareBp)) / 10_000n
              if (amount <= 0n) continue
              const given = await db.transaction((tx) =>
                deps.promotions.give(tx, m, paying, d.referrerId, sharePeriod(day), amount, d.validBet),
              )
              if (given) paid += 1
            }
            after = chunk.at(-1)?.referrerId ?? after
          }
        }
      }
      return paid
    },

    /** The operator's decision on a held referral, in `tx`; refused when it is not held. */
    async decide(merchantCode: string, id: number, approve: boolean, by: string, tx: Db | Tx) {
      const row = await repo.decide(merchantCode, id, approve ? 'approved' : 'rejected', by, now(), tx)
      if (!row) throw new AppError('validation_failed', `referral ${id} is not waiting for a decision`)
      return row
    },

    /** A money figure in the brand's currency, for the operator's lines. */
    async money(merchantCode: string, v: bigint): Promise<string> {
      const m = await merchantOrThrow(merchantCode)
      const c = currencyOf(m)
      return `${c.symbol}${formatMinor(v, c)}`
    },
  }
}

export type ReferralService = ReturnType<typeof createReferralService>
