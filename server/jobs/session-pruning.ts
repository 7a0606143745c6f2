/**
 * Sessions and remembered devices that ended a week ago go, hourly; one DELETE each, so a
 * retry is harmless.
 */
import { z } from 'zod'
import type { Devices } from '../identity/devices'
import type { Sessions } from '../identity/sessions'
import { defineJob } from './define-job'

export function sessionPruningJob(sessions: Pick<Sessions, 'prune'>, devices?: Pick<Devices, 'prune'>) {
  return defineJob({
    name: 'sessions.prune',
    payload: z.object({}),
    schedule: { everySeconds: 3600 },
    retry: { limit: 3, delaySeconds: 30, backoff: true, maxDelaySeconds: 600 },
    timeoutSeconds: 600,
    async handler(_payload, { log }) {
      const pruned = await sessions.prune()
      if (pruned > 0) log.info({ sessions: pruned }, 'ended sessions pruned')
      const gone = (await devices?.prune()) ?? 0
      if (gone > 0) log.info({ devices: gone }, 'ended devices pruned')
    },
  })
}
