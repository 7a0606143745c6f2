import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { GameClassify, GameType } from '#contract/games'

/** Each game type's name, as the nav, the page heading and the tab title say it. */
export const gameTypeNames: Record<GameType, MessageDescriptor> = {
  LOTT: msg`Lottery`,
  ELOTT: msg`E-lottery`,
  LIVE: msg`Live casino`,
  SPORTS: msg`Sports`,
  ESPORTS: msg`Esports`,
  RNG: msg`Slots`,
  FISH: msg`Fish`,
  PVP: msg`Card games`,
  COCKFIGHT: msg`Cockfight`,
}

/** The RNG sub-types' names (the lobby's filter chips). */
export const gameClassifyNames: Record<GameClassify, MessageDescriptor> = {
  SC: msg`Slot machines`,
  VP: msg`Video poker`,
  JP: msg`Jackpots`,
  TG: msg`Table games`,
  AC: msg`Arcade`,
  BG: msg`Bingo`,
}

export function GameTypeLabel({ type }: { type: GameType }) {
  const { _ } = useLingui()
  return <>{_(gameTypeNames[type])}</>
}
