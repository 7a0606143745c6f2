/** The lottery's names for prize modes, bet types, picks, statuses and prize tiers. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LotteryBetStatus, LotteryBetType, LotteryPick, PrizeMode } from '#contract/lottery'

export const prizeModeNames: Record<PrizeMode, MessageDescriptor> = {
  LOTT: msg`Lottery`,
  ZY: msg`Lucky draws`,
  ELOTT: msg`E-lottery`,
  SEA: msg`SEA lottery`,
}

export const betTypeNames: Record<LotteryBetType, MessageDescriptor> = {
  POS_DIGIT: msg`Position digit`,
  BIG_SMALL: msg`Sum Big / Small`,
  ODD_EVEN: msg`Sum Odd / Even`,
  SUM_EXACT: msg`Exact sum`,
  LO2: msg`Lô 2 digits`,
  LO3: msg`Lô 3 digits`,
  DE2: msg`Đề 2 digits`,
  DE3: msg`Đề 3 digits`,
}

/** One line explaining how a bet type wins. */
export const betTypeHints: Record<LotteryBetType, MessageDescriptor> = {
  POS_DIGIT: msg`Pick digits for each position; a digit wins when it is drawn at its position.`,
  BIG_SMALL: msg`The sum of the five digits: Big is 23–45, Small is 0–22.`,
  ODD_EVEN: msg`Whether the sum of the five digits is odd or even.`,
  SUM_EXACT: msg`Pick the sum of the five digits, 0 to 45; rarer sums pay more.`,
  LO2: msg`Wins for each prize whose last 2 digits match, paid per hit.`,
  LO3: msg`Wins for each prize whose last 3 digits match, paid per hit.`,
  DE2: msg`Wins when the last 2 digits of the special prize match.`,
  DE3: msg`Wins when the last 3 digits of the special prize match.`,
}

export const pickNames: Record<LotteryPick, MessageDescriptor> = {
  BIG: msg`Big`,
  SMALL: msg`Small`,
  ODD: msg`Odd`,
  EVEN: msg`Even`,
}

export const betStatusNames: Record<LotteryBetStatus, MessageDescriptor> = {
  PENDING: msg`Waiting for the draw`,
  WON: msg`Won`,
  LOST: msg`Lost`,
  VOID: msg`Refunded`,
}

/** Prize tiers as a Vietnamese results table heads them. */
export const tierLabels: Record<string, string> = {
  DB: 'ĐB',
  G1: 'G1',
  G2: 'G2',
  G3: 'G3',
  G4: 'G4',
  G5: 'G5',
  G6: 'G6',
  G7: 'G7',
  G8: 'G8',
}

export const regionNames: Record<string, MessageDescriptor> = {
  NORTH: msg`Northern`,
  CENTRAL: msg`Central`,
  SOUTH: msg`Southern`,
}
