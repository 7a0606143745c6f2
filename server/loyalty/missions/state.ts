/**
 * Missions' rules apart from storage (decision 030, section 4): a member's state for a
 * mission (the engine's states, from stored facts and the clock), the sign-in's streak, and
 * the calendar arithmetic on the brand's days. Pure functions: the service reads the facts.
 */
import { signInDays } from '#contract/missions'
import type { ClosedReason, Eligibility, PromotionState } from '#contract/promotions'
import type { Period } from '../../promotions/engine'

export interface StateMission {
  startsAt: Date
  endsAt: Date | null
  pausedAt: Date | null
  eligibility: Eligibility
}

export interface MissionFacts {
  joinedAt: Date
  /** This period's claim (every tier, for a milestone) is taken. */
  claimed: boolean
  /** The goal is met (a newbie fact, a milestone tier reached, the sign-in: always). */
  done: boolean
  /** What a claim would pay now, when the rule computes it (the rescue); 0 closes it. */
  rewardNow?: bigint
}

export interface MissionDerived {
  state: PromotionState
  reason: ClosedReason | null
  changesAt: Date | null
}

/**
 * The member's state for one mission now: a claim of this period first (claimed until the
 * period ends), then the clock (coming soon, ended, paused), the newbie window, a reward of
 * 0 (closed: nothing to claim), then done (claim) or not yet (in progress).
 */
export function missionStateOf(m: StateMission, f: MissionFacts, period: Period, now: Date): MissionDerived {
  if (f.claimed) return { state: 'claimed', reason: null, changesAt: period.end }
  if (now < m.startsAt) return { state: 'comingSoon', reason: null, changesAt: m.startsAt }
  const closed = missionClosedReason(m, f.joinedAt, now)
  if (closed) return { state: 'closed', reason: closed, changesAt: null }
  if (f.rewardNow !== undefined && f.rewardNow <= 0n) {
    return { state: 'closed', reason: 'nothingToClaim', changesAt: period.end }
  }
  return { state: f.done ? 'claim' : 'inProgress', reason: null, changesAt: m.endsAt }
}

/** The calendar day before `day` (YYYY-MM-DD): a date, never "now − 24 h". */
export function dayBefore(day: string): string {
  const [y, mo, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y ?? 1970, (mo ?? 1) - 1, (d ?? 1) - 1)).toISOString().slice(0, 10)
}

/** Today's day of the seven: yesterday's plus one (after day 7, day 1 again), else 1. */
export function streakDayAfter(yesterday: number | null): number {
  return yesterday === null ? 1 : (yesterday % signInDays) + 1
}

const dayMs = 86_400_000

/** Why the member may not take part now (paused, ended, past the newbie window), or null. */
export function missionClosedReason(m: StateMission, joinedAt: Date | null, now: Date): ClosedReason | null {
  if (m.pausedAt && m.pausedAt <= now) return 'paused'
  if (m.endsAt && m.endsAt <= now) return 'ended'
  const days = m.eligibility.newMemberDays
  if (joinedAt && days !== undefined && joinedAt.getTime() + days * dayMs <= now.getTime())
    return 'notNewMember'
  return null
}
