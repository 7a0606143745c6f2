import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { GameType } from '#contract/games'

/**
 * Each game type's name, as the nav, a lobby's heading and tab title, the home page's rows
 * and the betting record and profit pages say it.
 */
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
