/**
 * The promotion engine's rules, apart from storage: which period a claim is for, a member's
 * state for a promotion (one of the spec's ten, from stored facts and the clock), what a
 * reward rule pays and what turnover it adds. Pure functions: the service reads the facts,
 * these decide.
 */
import {
  basisPoints,
  type ClaimStatus,
  type ClosedReason,
  type Eligibility,
  type PromotionFrequency,
  type PromotionState,
  type RewardRule,
  type Turnover,
} from '#contract/promotions'
import type { ClaimMode } from '#contract/promotions'
import { periodAt, wallDate } from '../contracts/periods'
import { requiredFor } from './turnover-service'

export interface EnginePromotion {
  claimMode: ClaimMode
  frequency: PromotionFrequency
  rule: RewardRule
  eligibility: Eligibility
  turnover: Turnover
  startsAt: Date
  endsAt: Date | null
  pausedAt: Date | null
}

export interface EngineClaim {
  id: number
  status: ClaimStatus
  amount: bigint | null
}

export interface MemberFacts {
  joinedAt: Date
}

export interface Period {
  /** The claim rows' `period`: the period's first day (YYYY-MM-DD) in the zone, '' for once. */
  key: string
  /** The first instant of the next period; null for once. */
  end: Date | null
}

const units = { daily: 'day', weekly: 'week', monthly: 'month' } as const

/** The period of `frequency` that `at` falls in, in the brand's time zone. */
export function periodOf(frequency: PromotionFrequency, timeZone: string, at: Date): Period {
  if (frequency === 'once') return { key: '', end: null }
  const p = periodAt(units[frequency], timeZone, at)
  return { key: wallDate(timeZone, p.start), end: p.end }
}

/**
 * The period of `frequency` that `at` falls in, as days of the brand's zone: its first and
 * last day and the first instant after it (what a rebate counts now and pays once it closes).
 */
export function currentPeriod(
  frequency: Exclude<PromotionFrequency, 'once'>,
  timeZone: string,
  at: Date,
): { from: string; to: string; end: Date } {
  const p = periodAt(units[frequency], timeZone, at)
  return {
    from: wallDate(timeZone, p.start),
    to: wallDate(timeZone, new Date(p.end.getTime() - 1)),
    end: p.end,
  }
}

/** The period before the one `at` falls in (what a rebate or rescue claimed today pays for). */
export function previousPeriod(
  frequency: Exclude<PromotionFrequency, 'once'>,
  timeZone: string,
  at: Date,
): { from: string; to: string } {
  const current = periodAt(units[frequency], timeZone, at)
  const before = periodAt(units[frequency], timeZone, new Date(current.start.getTime() - 1))
  return {
    from: wallDate(timeZone, before.start),
    to: wallDate(timeZone, new Date(before.end.getTime() - 1)),
  }
}

export interface StateFacts {
  /** The member, or null for a visitor or guest. */
  member: MemberFacts | null
  /** The member's claim of the current period, if any. */
  current: EngineClaim | null
  /** A reward issued in any period and not claimed yet. */
  issued: EngineClaim | null
  /** For a claimed one: its turnover requirement is still open. */
  requirementOpen: boolean
  /** For a signed-up one: valid bets since joining, minor units. */
  qualifyDone: bigint
  /**
   * For a tap-to-claim one: what a tap would pay now (the rule on the previous period's play),
   * or undefined when not computed. At 0 the state is closed (nothingToClaim), not claim.
   */
  rewardNow?: bigint
}

export interface Derived {
  state: PromotionState
  reason: ClosedReason | null
  /** The claim the state is about. */
  claim: EngineClaim | null
  /** When the state next changes by the clock alone. */
  changesAt: Date | null
}

const dayMs = 86_400_000

/** Why the member may not take part now, or null. */
export function closedReason(p: EnginePromotion, member: MemberFacts | null, now: Date): ClosedReason | null {
  if (p.pausedAt && p.pausedAt <= now) return 'paused'
  if (p.endsAt && p.endsAt <= now) return 'ended'
  const days = p.eligibility.newMemberDays
  if (member && days !== undefined && member.joinedAt.getTime() + days * dayMs <= now.getTime()) {
    return 'notNewMember'
  }
  return null
}

/**
 * A member's state for one promotion now. A claim of the current period decides first (an
 * issued reward of any period before that), then the clock (coming soon, ended, paused),
 * then eligibility, then what a tap would pay (nothing: closed), then the claim mode.
 */
export function stateOf(p: EnginePromotion, f: StateFacts, period: Period, now: Date): Derived {
  const nextPeriod = period.end
  if (f.issued) return { state: 'issued', reason: null, claim: f.issued, changesAt: null }
  const c = f.current
  if (c) {
    switch (c.status) {
      case 'issued':
        return { state: 'issued', reason: null, claim: c, changesAt: null }
      case 'applying':
        return { state: 'applying', reason: null, claim: c, changesAt: null }
      case 'rejected':
        return { state: 'rejected', reason: null, claim: c, changesAt: nextPeriod }
      case 'claimed':
        return {
          state: f.requirementOpen ? 'inProgress' : 'claimed',
          reason: null,
          claim: c,
          changesAt: nextPeriod,
        }
      case 'signedUp': {
        const closed = closedReason(p, f.member, now)
        if (closed === 'ended' || closed === 'paused') {
          return { state: 'closed', reason: closed, claim: c, changesAt: null }
        }
        const target = BigInt(p.eligibility.qualifyValidBets ?? 0)
        return {
          state: f.qualifyDone >= target ? 'claim' : 'signedUp',
          reason: null,
          claim: c,
          changesAt: p.endsAt,
        }
      }
    }
  }
  if (now < p.startsAt) return { state: 'comingSoon', reason: null, claim: null, changesAt: p.startsAt }
  const closed = closedReason(p, f.member, now)
  if (closed) return { state: 'closed', reason: closed, claim: null, changesAt: null }
  if (p.claimMode === 'claim' && f.member && f.rewardNow !== undefined && f.rewardNow <= 0n) {
    // Nothing to pay this period (no loss, no valid bets): the next period may pay.
    const changesAt =
      nextPeriod && p.endsAt ? (nextPeriod < p.endsAt ? nextPeriod : p.endsAt) : (nextPeriod ?? p.endsAt)
    return { state: 'closed', reason: 'nothingToClaim', claim: null, changesAt }
  }
  const state: PromotionState = p.claimMode === 'claim' && f.member ? 'claim' : 'join'
  return { state, reason: null, claim: null, changesAt: p.endsAt }
}

/** What the rule pays on `base` (a deposit, a loss, valid bets by game type), in minor units. */
export function rewardOf(
  rule: RewardRule,
  base: { deposit?: bigint; loss?: bigint; validBets?: ReadonlyMap<string, bigint> },
): bigint {
  const bp = BigInt(basisPoints)
  const capped = (v: bigint, cap: number) => (cap > 0 && v > BigInt(cap) ? BigInt(cap) : v)
  switch (rule.kind) {
    case 'fixed':
      return BigInt(rule.amount)
    case 'depositPercent': {
      const d = base.deposit ?? 0n
      if (d <= 0n || d < BigInt(rule.minDeposit)) return 0n
      return capped((d * BigInt(rule.rate)) / bp, rule.cap)
    }
    case 'lossPercent': {
      const loss = base.loss ?? 0n
      if (loss <= 0n || loss < BigInt(rule.minLoss)) return 0n
      return capped((loss * BigInt(rule.rate)) / bp, rule.cap)
    }
    case 'validBetRate': {
      let sum = 0n
      for (const r of rule.rates) sum += ((base.validBets?.get(r.gameType) ?? 0n) * BigInt(r.rate)) / bp
      return capped(sum, rule.cap)
    }
  }
}

/** The turnover a credited reward adds: the bonus (or the deposit and the bonus) times the multiple. */
export function turnoverOf(t: Turnover, bonus: bigint, deposit: bigint): bigint {
  if (t.multipleTenths <= 0 || bonus <= 0n) return 0n
  const base = t.base === 'depositAndBonus' ? bonus + deposit : bonus
  // Rounded up to the smallest unit, as the operator's bonuses are (turnover-service.ts requiredFor).
  return requiredFor(base, BigInt(t.multipleTenths))
}

/** The remark's length as a member counts it: characters, not UTF-16 units. */
export function remarkLength(remark: string): number {
  return [...remark].length
}
