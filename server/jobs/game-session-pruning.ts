/**
 * Game sessions that ended a day ago and never carried a wallet call go, hourly (a launch
 * that was never played leaves one); one DELETE, so a retry is harmless.
 */
import { z } from 'zod'
import { defineJob } from './define-job'

export function gameSessionPruningJob(gameSessions: { prune(): Promise<number> }) {
  return defineJob({
    name: 'play.sessions.prune',
    payload: z.object({}),
    schedule: { everySeconds: 3600 },
    retry: { limit: 3, delaySeconds: 30, backoff: true, maxDelaySeconds: 600 },
    timeoutSeconds: 600,
    async handler(_payload, { log }) {
      const pruned = await gameSessions.prune()
      if (pruned > 0) log.info({ sessions: pruned }, 'unplayed game sessions pruned')
    },
  })
}
