/**
 * A member's VIP level's benefits where other flows need them (decision 030 section 5,
 * "Benefits in the flows"): the withdrawal limits per brand day, the rebate extra, the
 * birthday bonus and the VIP customer service. The level is the member's `member_vip` row
 * (none: rank 1) among the brand's levels; a brand without levels has none (null).
 */
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../plugins/external/db'
import { rowsOf } from '../../plugins/external/db'

type Ex = Db | Tx

export interface LevelBenefits {
  rank: number
  birthdayBonus: bigint
  bonusTurnoverTenths: number
  rebateExtraBp: number
  /** Null: the brand's own limits (none per day). */
  withdrawDailyCount: number | null
  withdrawDailyMax: bigint | null
  vipService: boolean
}

/** The member's level (the highest of the brand's levels at or below its rank), or null. */
export async function memberBenefits(
  ex: Ex,
  merchantCode: string,
  memberId: number,
): Promise<LevelBenefits | null> {
  const [r] = rowsOf<{
    rank: number
    birthday_bonus: string
    bonus_turnover_tenths: number
    rebate_extra_bp: number
    withdraw_daily_count: number | null
    withdraw_daily_max: string | null
    vip_service: boolean
  }>(
    await ex.execute(sql`
      select l.rank, l.birthday_bonus::text, l.bonus_turnover_tenths, l.rebate_extra_bp,
             l.withdraw_daily_count, l.withdraw_daily_max::text, l.vip_service
      from vip_levels l
      where l.merchant_code = ${merchantCode}
        and l.rank <= coalesce((select rank from member_vip where member_id = ${memberId}), 1)
      order by l.rank desc limit 1`),
  )
  if (!r) return null
  return {
    rank: Number(r.rank),
    birthdayBonus: BigInt(r.birthday_bonus),
    bonusTurnoverTenths: Number(r.bonus_turnover_tenths),
    rebateExtraBp: Number(r.rebate_extra_bp),
    withdrawDailyCount: r.withdraw_daily_count === null ? null : Number(r.withdraw_daily_count),
    withdrawDailyMax: r.withdraw_daily_max === null ? null : BigInt(r.withdraw_daily_max),
    vipService: r.vip_service,
  }
}

export interface DailyWithdrawals {
  count: number
  amount: bigint
  countLimit: number | null
  amountLimit: bigint | null
}

/** What the level still allows today: null where it sets no limit; never below zero. */
export function leftToday(d: DailyWithdrawals) {
  return {
    countLeft: d.countLimit === null ? null : Math.max(0, d.countLimit - d.count),
    amountLeft: d.amountLimit === null ? null : d.amountLimit > d.amount ? d.amountLimit - d.amount : 0n,
  }
}

/** Why a withdrawal of `amount` is over the level's daily limits, or null when it is within them. */
export function overDailyLimit(
  d: DailyWithdrawals,
  amount: bigint,
):
  | { code: 'withdraw_daily_count_reached'; limit: number; used: number }
  | {
      code: 'withdraw_daily_limit_reached'
      limit: bigint
      used: bigint
    }
  | null {
  if (d.countLimit !== null && d.count + 1 > d.countLimit) {
    return { code: 'withdraw_daily_count_reached', limit: d.countLimit, used: d.count }
  }
  if (d.amountLimit !== null && d.amount + amount > d.amountLimit) {
    return { code: 'withdraw_daily_limit_reached', limit: d.amountLimit, used: d.amount }
  }
  return null
}
