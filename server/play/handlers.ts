/** Launches, trial launches and the winners board. (Placeholder until the launch service lands.) */
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'

export function playHandlers(): HandlerGroup<Endpoints['play']> {
  return {
    launchGame: () => Promise.reject(new AppError('feature_disabled')),
    trialLaunch: () => Promise.reject(new AppError('feature_disabled')),
    winnerBoard: () => Promise.resolve({ list: [] }),
  }
}
