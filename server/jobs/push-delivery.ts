/**
 * Web push of fund notices on the job queue. `push.sweep` runs every few seconds on one
 * instance: it claims the notices written since (each once, see PushService.claimUnpushed)
 * and queues one `push.deliver` per subscription of the notice's member; deliveries run
 * `pushDeliveryBatch` at a time. A delivery that
 * meets throttling, a push service failure or no answer throws, so pg-boss retries it with
 * backoff; a subscription the push service says is gone is removed.
 */
import { z } from 'zod'
import type { PushService } from '../notify/push-service'
import { defineJob, type JobRef } from './define-job'
import type { Jobs } from './jobs'

export const pushDeliver = {
  name: 'push.deliver',
  payload: z.object({ noticeId: z.number().int().positive(), subscriptionId: z.number().int().positive() }),
} satisfies JobRef

/** Deliveries an instance runs side by side. */
export const pushDeliveryBatch = 50
/** Claims (of up to 100 notices each) one sweep makes at most. */
const maxSweepRounds = 50

export function pushDeliverJob(push: Pick<PushService, 'deliver'>) {
  return defineJob({
    ...pushDeliver,
    retry: { limit: 6, delaySeconds: 10, backoff: true, maxDelaySeconds: 1800 },
    timeoutSeconds: 60,
    // Each delivery mostly waits on the push service: a burst of notices goes out side by side.
    batchSize: pushDeliveryBatch,
    async handler({ noticeId, subscriptionId }, { log }) {
      const outcome = await push.deliver(noticeId, subscriptionId)
      if (outcome !== 'sent') log.info({ noticeId, subscriptionId, outcome }, 'push not delivered')
    },
  })
}

export function pushSweepJob(
  push: Pick<PushService, 'claimUnpushed'>,
  jobs: () => Jobs,
  everySeconds: number,
) {
  return defineJob({
    name: 'push.sweep',
    payload: z.object({}),
    schedule: { everySeconds },
    retry: { limit: 1, delaySeconds: 2, backoff: false },
    timeoutSeconds: 60,
    async handler() {
      // Until nothing is left (a burst of approvals goes out in this run, not 100 per period);
      // a claim of notices whose members have no subscription also ends the run early, and
      // the next run goes on. Bounded, so one run never holds the queue for long.
      for (let round = 0; round < maxSweepRounds; round++) {
        const claimed = await push.claimUnpushed()
        if (claimed.length === 0) break
        await jobs().sendMany(pushDeliver, claimed)
      }
    },
  })
}
