/**
 * The reads and writes behind member referrals (decision 032): the brand's settings, the
 * referral rows, the friends list (one query, paged by the referrer's index), the summary,
 * the rewards due, and the operator's held rows. Each takes the database or the caller's
 * transaction.
 */
import { and, eq, sql } from 'drizzle-orm'
import { memberTypes } from '#contract/identity-values'
import type { ReferralFlag, ReferralReview } from '#contract/referral-values'
import { members } from '../db/schema/identity'
import { referralSettings, referrals } from '../db/schema/referrals'
import { rowsOf, type Db, type Tx } from '../plugins/external/db'

type Executor = Db | Tx

export type ReferralSettingsRow = typeof referralSettings.$inferSelect
export type ReferralRow = typeof referrals.$inferSelect
export type NewReferral = typeof referrals.$inferInsert

export interface FriendRow {
  id: number
  username: string
  joinedAt: Date
  review: ReferralReview
  rewardAmount: bigint | null
  deposited: boolean
  validBet: bigint
}

export interface ReferralCounts {
  total: number
  deposited: number
  rewarded: number
  pending: number
}

export interface ClaimRow {
  period: string
  amount: bigint
  paidAt: Date
  /** The friend a per-friend reward is for (their username); null for a day's share. */
  friend: string | null
}

export interface DueReward {
  id: number
  referrerId: number
  friendId: number
}

export interface DueShare {
  referrerId: number
  validBet: bigint
}

const bool = (v: unknown) => v === true || v === 't' || v === 'true'

export function createReferralRepository(db: Db) {
  return {
    async settings(merchantCode: string, ex: Executor = db): Promise<ReferralSettingsRow | undefined> {
      const [row] = await ex
        .select()
        .from(referralSettings)
        .where(eq(referralSettings.merchantCode, merchantCode))
      return row
    },

    async saveSettings(row: ReferralSettingsRow, ex: Executor = db): Promise<void> {
      const { merchantCode, ...set } = row
      await ex
        .insert(referralSettings)
        .values(row)
        .onConflictDoUpdate({ target: referralSettings.merchantCode, set: { ...set, merchantCode } })
    },

    /**
     * The member a code names, when it is an active, real (not trial) account of the brand:
     * an agent's code or a member's referral code, both members.affiliate_code.
     */
    async ownerOfCode(
      merchantCode: string,
      code: string,
      ex: Executor = db,
    ): Promise<{ id: number; agent: boolean; registerIp: string | null } | undefined> {
      const [row] = await ex
        .select({ id: members.id, type: members.type, registerIp: members.registerIp })
        .from(members)
        .where(
          and(
            eq(members.merchantCode, merchantCode),
            eq(members.affiliateCode, code.trim().toUpperCase()),
            eq(members.status, 'active'),
            sql`${members.type} <> ${memberTypes.guest}`,
          ),
        )
      if (!row) return undefined
      return {
        id: row.id,
        agent: (memberTypes.agentTypes as readonly number[]).includes(row.type),
        registerIp: row.registerIp,
      }
    },

    /** The friend's referral, when they have one. */
    async ofFriend(friendId: number, ex: Executor = db): Promise<ReferralRow | undefined> {
      const [row] = await ex.select().from(referrals).where(eq(referrals.friendId, friendId))
      return row
    },

    /** Writes the referral unless the friend has one already (one statement: of many at once, one lands). */
    async insert(values: NewReferral, ex: Executor = db): Promise<ReferralRow | undefined> {
      const [row] = await ex
        .insert(referrals)
        .values(values)
        .onConflictDoNothing({ target: referrals.friendId })
        .returning()
      return row
    },

    /** Whether the referrer registered from or logged in from this address. */
    async referrerUsedAddress(referrerId: number, ip: string, ex: Executor = db): Promise<boolean> {
      const rows = rowsOf<{ hit: unknown }>(
        await ex.execute(sql`
          select (exists (select 1 from members where id = ${referrerId} and register_ip = ${ip})
            or exists (select 1 from known_ips where member_id = ${referrerId} and ip = ${ip})) as hit`),
      )
      return bool(rows[0]?.hit)
    },

    /**
     * Whether this device registered the referrer (when they were referred themselves) or
     * another friend of the referrer: the registrations the platform knows a device of.
     */
    async referrerUsedDevice(referrerId: number, device: string, ex: Executor = db): Promise<boolean> {
      const rows = rowsOf<{ hit: unknown }>(
        await ex.execute(sql`
          select exists (select 1 from referrals
            where friend_device = ${device} and (friend_id = ${referrerId} or referrer_id = ${referrerId})) as hit`),
      )
      return bool(rows[0]?.hit)
    },

    /**
     * A page of the referrer's friends, newest first, with their deposits and valid bets (the
     * referral's kept totals). The page's ids come from the index `(referrer_id, id)` alone
     * (an index-only scan, however deep the page); only the page's rows are read and joined.
     */
    async friends(
      referrerId: number,
      page: { pageNo: number; pageSize: number },
      ex: Executor = db,
    ): Promise<{ list: FriendRow[]; total: number }> {
      const offset = (page.pageNo - 1) * page.pageSize
      const [rows, count] = await Promise.all([
        ex.execute(sql`
          select r.id, m.username, m.created_at as joined_at, r.review, r.reward_amount::text as reward_amount,
            r.deposit_count > 0 as deposited, r.valid_bet::text as valid_bet
          from (select id from referrals where referrer_id = ${referrerId}
                order by id desc limit ${page.pageSize} offset ${offset}) p
          join referrals r on r.id = p.id
          join members m on m.id = r.friend_id
          order by r.id desc`),
        ex.execute(sql`select count(*)::int as n from referrals where referrer_id = ${referrerId}`),
      ])
      const list = rowsOf<{
        id: number
        username: string
        joined_at: Date | string
        review: ReferralReview
        reward_amount: string | null
        deposited: unknown
        valid_bet: string
      }>(rows).map((r) => ({
        id: Number(r.id),
        username: r.username,
        joinedAt: new Date(r.joined_at),
        review: r.review,
        rewardAmount: r.reward_amount === null ? null : BigInt(r.reward_amount),
        deposited: bool(r.deposited),
        validBet: BigInt(r.valid_bet),
      }))
      return { list, total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0) }
    },

    async counts(referrerId: number, ex: Executor = db): Promise<ReferralCounts> {
      const rows = rowsOf<{ total: number; deposited: number; rewarded: number; pending: number }>(
        await ex.execute(sql`
          select count(*)::int as total,
            count(*) filter (where r.deposit_count > 0)::int as deposited,
            count(*) filter (where r.rewarded_at is not null)::int as rewarded,
            count(*) filter (where r.rewarded_at is null and r.review <> 'rejected')::int as pending
          from referrals r where r.referrer_id = ${referrerId}`),
      )
      const r = rows[0]
      return {
        total: Number(r?.total ?? 0),
        deposited: Number(r?.deposited ?? 0),
        rewarded: Number(r?.rewarded ?? 0),
        pending: Number(r?.pending ?? 0),
      }
    },

    /** What the member was paid by the brand's referral promotion, minor units. */
    async earned(promotionId: number | undefined, memberId: number, ex: Executor = db): Promise<bigint> {
      if (promotionId === undefined) return 0n
      const rows = rowsOf<{ total: string }>(
        await ex.execute(sql`
          select coalesce(sum(amount), 0)::text as total from promotion_claims
          where promotion_id = ${promotionId} and member_id = ${memberId}`),
      )
      return BigInt(rows[0]?.total ?? '0')
    },

    /**
     * A page of the rewards the brand's referral promotion paid the member, newest first
     * (the index `(member_id, created_at)`), each with the friend it was for.
     */
    async claims(
      promotionId: number | undefined,
      memberId: number,
      page: { pageNo: number; pageSize: number },
      ex: Executor = db,
    ): Promise<{ list: ClaimRow[]; total: number }> {
      if (promotionId === undefined) return { list: [], total: 0 }
      const offset = (page.pageNo - 1) * page.pageSize
      const [rows, count] = await Promise.all([
        ex.execute(sql`
          select c.period, c.amount::text as amount, coalesce(c.claimed_at, c.created_at) as paid_at, m.username
          from promotion_claims c
          left join members m on m.id = case when c.period like 'friend:%' then substr(c.period, 8)::int end
          where c.member_id = ${memberId} and c.promotion_id = ${promotionId} and c.status = 'claimed'
          order by c.created_at desc, c.id desc
          limit ${page.pageSize} offset ${offset}`),
        ex.execute(sql`
          select count(*)::int as n from promotion_claims
          where member_id = ${memberId} and promotion_id = ${promotionId} and status = 'claimed'`),
      ])
      const list = rowsOf<{
        period: string
        amount: string
        paid_at: Date | string
        username: string | null
      }>(rows).map((r) => ({
        period: r.period,
        amount: BigInt(r.amount),
        paidAt: new Date(r.paid_at),
        friend: r.username,
      }))
      return { list, total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0) }
    },

    /**
     * The next chunk of the brand's referrals whose friend qualifies (a deposit, and valid
     * bets since joining of at least `turnover`) and whose reward is not paid, nor held.
     */
    async dueRewards(
      merchantCode: string,
      turnover: bigint,
      afterId: number,
      limit: number,
      ex: Executor = db,
    ): Promise<DueReward[]> {
      const rows = rowsOf<{ id: number; referrer_id: number; friend_id: number }>(
        await ex.execute(sql`
          select r.id, r.referrer_id, r.friend_id from referrals r
          join members ref on ref.id = r.referrer_id
          where r.merchant_code = ${merchantCode} and r.rewarded_at is null
            and r.review in ('ok', 'approved') and r.id > ${afterId} and ref.status = 'active'
            and r.deposit_count > 0 and r.valid_bet >= ${turnover.toString()}::bigint
          order by r.id limit ${limit}`),
      )
      return rows.map((r) => ({
        id: Number(r.id),
        referrerId: Number(r.referrer_id),
        friendId: Number(r.friend_id),
      }))
    },

    /** Marks the friend's reward paid (in the transaction that paid it); false when it already was. */
    async markRewarded(id: number, amount: bigint, at: Date, ex: Executor = db): Promise<boolean> {
      const set = await ex
        .update(referrals)
        .set({ rewardAmount: amount, rewardedAt: at })
        .where(and(eq(referrals.id, id), sql`${referrals.rewardedAt} is null`))
        .returning({ id: referrals.id })
      return set.length > 0
    },

    /**
     * The next chunk of referrers with rewarded friends who bet on the brand day `day`, with
     * those friends' valid bets that day, not yet paid their share of it (`period`).
     */
    async dueShares(
      merchantCode: string,
      day: string,
      promotionId: number,
      period: string,
      afterId: number,
      limit: number,
      ex: Executor = db,
    ): Promise<DueShare[]> {
      const rows = rowsOf<{ referrer_id: number; valid_bet: string }>(
        await ex.execute(sql`
          select r.referrer_id, sum(d.valid_bet)::text as valid_bet from referrals r
          join member_daily_stats d on d.member_id = r.friend_id and d.day = ${day}
          join members ref on ref.id = r.referrer_id and ref.status = 'active'
          where r.merchant_code = ${merchantCode} and r.rewarded_at is not null and r.referrer_id > ${afterId}
            and not exists (select 1 from promotion_claims c
              where c.promotion_id = ${promotionId} and c.member_id = r.referrer_id and c.period = ${period})
          group by r.referrer_id
          order by r.referrer_id limit ${limit}`),
      )
      return rows.map((r) => ({ referrerId: Number(r.referrer_id), validBet: BigInt(r.valid_bet) }))
    },

    /** The brand's referrals held for the operator, oldest first. */
    async held(merchantCode: string, ex: Executor = db) {
      return ex
        .select({
          id: referrals.id,
          referrerId: referrals.referrerId,
          friendId: referrals.friendId,
          flag: referrals.flag,
          friendIp: referrals.friendIp,
          createdAt: referrals.createdAt,
        })
        .from(referrals)
        .where(and(eq(referrals.merchantCode, merchantCode), eq(referrals.review, 'held')))
        .orderBy(referrals.id)
    },

    /** Decides a held referral; undefined when it is not held (decided already, or missing). */
    async decide(
      merchantCode: string,
      id: number,
      review: Extract<ReferralReview, 'approved' | 'rejected'>,
      by: string,
      at: Date,
      ex: Executor = db,
    ): Promise<ReferralRow | undefined> {
      const [row] = await ex
        .update(referrals)
        .set({ review, reviewedBy: by, reviewedAt: at })
        .where(
          and(eq(referrals.id, id), eq(referrals.merchantCode, merchantCode), eq(referrals.review, 'held')),
        )
        .returning()
      return row
    },
  }
}

export type ReferralRepository = ReturnType<typeof createReferralRepository>

export type { ReferralFlag }
