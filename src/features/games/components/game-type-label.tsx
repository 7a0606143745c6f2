import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { GameClassify, GameType } from '#contract/games'
import { gameTypeNames } from '../../../lib/game-type-names'

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
