/** Sessions that ended a week ago go, hourly; one DELETE, so a retry is harmless. */
import { z } from 'zod'
import type { Sessions } from '../identity/sessions'
import { defineJob } from './define-job'

export function sessionPruningJob(sessions: Pick<Sessions, 'prune'>) {
  return defineJob({
    name: 'sessions.prune',
    payload: z.object({}),
    schedule: { everySeconds: 3600 },
    retry: { limit: 3, delaySeconds: 30, backoff: true, maxDelaySeconds: 600 },
    timeoutSeconds: 600,
    async handler(_payload, { log }) {
      const pruned = await sessions.prune()
      if (pruned > 0) log.info({ sessions: pruned }, 'ended sessions pruned')
    },
  })
}
