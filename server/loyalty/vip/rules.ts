/**
 * The VIP rules as pure functions of a brand's levels and a member's figures (decision 030
 * section 5), shared by the upgrade, the monthly evaluation and the progress read.
 *
 * A level is reached by its monthly thresholds (this brand month's valid bets and deposits,
 * both) or by its total ones (ever, both). A path whose two thresholds are 0 is not offered
 * (a level above the base one with no total thresholds is reached by the month only).
 */
import type { VipFigure } from '#contract/vip'
import type { Figures, LevelRow } from './vip-repository'

type Thresholds = Pick<
  LevelRow,
  'rank' | 'monthlyTurnover' | 'monthlyDeposit' | 'totalTurnover' | 'totalDeposit'
>

const offered = (a: bigint, b: bigint) => a > 0n || b > 0n

export function monthlyMet(l: Thresholds, f: Figures): boolean {
  return (
    offered(l.monthlyTurnover, l.monthlyDeposit) &&
    f.monthlyTurnover >= l.monthlyTurnover &&
    f.monthlyDeposit >= l.monthlyDeposit
  )
}

export function totalMet(l: Thresholds, f: Figures): boolean {
  return (
    offered(l.totalTurnover, l.totalDeposit) &&
    f.totalTurnover >= l.totalTurnover &&
    f.totalDeposit >= l.totalDeposit
  )
}

/** The highest rank the figures reach by either path (1, the base, when none). */
export function reachedRank(levels: readonly Thresholds[], f: Figures): number {
  let best = 1
  for (const l of levels) if (l.rank > best && (monthlyMet(l, f) || totalMet(l, f))) best = l.rank
  return best
}

/** The highest rank the figures ever reach by the total path alone. */
export function totalRank(levels: readonly Thresholds[], f: Figures): number {
  let best = 1
  for (const l of levels) if (l.rank > best && totalMet(l, f)) best = l.rank
  return best
}

/** The highest rank whose keeping turnover the month's valid bets meet (0 always keeps). */
export function keepRank(
  levels: readonly Pick<LevelRow, 'rank' | 'keepTurnover'>[],
  monthBets: bigint,
): number {
  let best = 1
  for (const l of levels) if (l.rank > best && l.keepTurnover <= monthBets) best = l.rank
  return best
}

/**
 * The month's evaluation of one member: the total rank, else the rank it had at the month's
 * end as far as the month's valid bets keep it, never below a rank an upgrade reached after.
 */
export function evaluatedRank(
  levels: readonly LevelRow[],
  f: Figures,
  atEnd: number,
  upgradedAfter: number,
): number {
  return Math.max(totalRank(levels, f), Math.min(atEnd, keepRank(levels, f.monthlyTurnover)), upgradedAfter)
}

/**
 * What is still short for the next level on the path needing least: the figures of that
 * path not met yet and how much each lacks (the fewest short figures, then the least money).
 */
export function shortestWay(next: Thresholds, f: Figures): { figure: VipFigure; more: bigint }[] {
  const paths: { figure: VipFigure; more: bigint }[][] = []
  const lack = (figure: VipFigure, need: bigint, have: bigint) =>
    have >= need ? [] : [{ figure, more: need - have }]
  if (offered(next.monthlyTurnover, next.monthlyDeposit)) {
    paths.push([
      ...lack('monthlyTurnover', next.monthlyTurnover, f.monthlyTurnover),
      ...lack('monthlyDeposit', next.monthlyDeposit, f.monthlyDeposit),
    ])
  }
  if (offered(next.totalTurnover, next.totalDeposit)) {
    paths.push([
      ...lack('totalTurnover', next.totalTurnover, f.totalTurnover),
      ...lack('totalDeposit', next.totalDeposit, f.totalDeposit),
    ])
  }
  const sum = (p: { more: bigint }[]) => p.reduce((s, x) => s + x.more, 0n)
  paths.sort((a, b) => a.length - b.length || (sum(a) < sum(b) ? -1 : sum(a) > sum(b) ? 1 : 0))
  return paths[0] ?? []
}
