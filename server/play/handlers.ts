/** Launches, trial launches and the winners board (launch.ts and winners.ts do the work). */
import type { Endpoints } from '#contract/endpoints'
import { memberTypes } from '#contract/identity-values'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'
import type { Db } from '../plugins/external/db'
import type { LaunchService } from './launch'
import { winnerBoard } from './winners'

export function playHandlers(deps: { db: Db; launcher: LaunchService }): HandlerGroup<Endpoints['play']> {
  const { db, launcher } = deps
  return {
    async launchGame({ input, caller }) {
      const s = caller.session
      if (!s) throw new AppError('CUSTOMER_NOT_LOGIN', 'log in first')
      if (input.launchMode !== 'GLS') {
        // The lottery lobby launches through this row in the lottery issue.
        throw new AppError('game_not_found', 'the lottery lobby is not available here yet')
      }
      return launcher.launch(
        caller.merchantCode,
        { memberId: s.memberId, username: s.username, guest: s.type === memberTypes.guest },
        input,
        caller.locale,
      )
    },

    trialLaunch: ({ input, caller }) => launcher.trial(caller.merchantCode, input, caller.locale),

    winnerBoard: ({ input, caller }) => winnerBoard(db, caller.merchantCode, input),
  }
}
