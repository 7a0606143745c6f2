/**
 * The game launch in progress (spec section 4): which game's address is being fetched (the
 * loader shows meanwhile), the PVP game whose room is being picked, the problem a launch met (the maintenance and balance popups read
 * it: it is not in the URL), and a counter the /game page watches for a newly stored game.
 */
import { proxy, useSnapshot } from 'valtio'
import type { Game, GameType } from '#contract/games'
import type { LaunchBalanceValue } from '#contract/play'

export interface MaintenanceProblem {
  kind: 'maintenance'
  game: Game
  gameType: GameType
  vassalage: string
  /** When the window ends, epoch ms; null when not known. */
  maintainTime: number | null
}

export interface BalanceProblem {
  kind: 'balance'
  game: Game
  /** What the member has where; null when the server sent nothing readable. */
  value: LaunchBalanceValue | null
}

interface LaunchState {
  /** The name of the game whose address is being fetched. */
  busy: string | null
  /** What the maintenance popup shows. */
  maintenance: MaintenanceProblem | null
  /** What the balance popup shows. */
  balance: BalanceProblem | null
  /** The PVP game whose rooms the room picker lists. */
  rooms: Game | null
  /** Bumped whenever the stored game changes. */
  frameVersion: number
}

export const launchState = proxy<LaunchState>({
  busy: null,
  maintenance: null,
  balance: null,
  rooms: null,
  frameVersion: 0,
})

export function useLaunchState() {
  return useSnapshot(launchState)
}
