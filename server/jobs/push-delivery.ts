/**
 * Web push of fund notices on the job queue.
 *
 * - `push.deliver` sends one notice to every subscription of its member. The notice's own
 *   transaction queues it (PushService.record), and its workers are woken at the commit
 *   (`wakeOnSend`), so a push leaves as the settlement lands. Each instance takes
 *   `pushDeliveryBatch` jobs at a time, reads their notices in one go, and the push service
 *   bounds the pushes in flight.
 * - A delivery whose every push met throttling, a push service failure or no answer throws,
 *   so pg-boss retries it with backoff. When only some did, the others went out: those are
 *   queued again as a job of their own, after the same backoff and within the same total of
 *   tries, so nobody gets a push twice. A subscription the push service says is gone is
 *   removed.
 * - `push.sweep` is the safety net: every few seconds it hands over the notices written
 *   without a queue (the operator CLI on its own) or whose queuing failed.
 */
import { z } from 'zod'
import { PushRetryLater, type PushService } from '../notify/push-service'
import { defineJob, type JobRef, type RetryPolicy } from './define-job'
import type { Jobs } from './jobs'

const id = z.number().int().positive()

export const pushDeliver = {
  name: 'push.deliver',
  payload: z.union([
    z.object({
      noticeId: id,
      /** Absent: every subscription the member has when it is sent. */
      subscriptionIds: z.array(id).min(1).max(500).optional(),
      /** Tries already made for these subscriptions, by the jobs this one was split from. */
      triesBefore: z.number().int().min(0).optional(),
    }),
    // A job queued before deliveries were batched.
    z.object({ noticeId: id, subscriptionId: id }),
  ]),
} satisfies JobRef

/** Delivery jobs an instance runs side by side. */
export const pushDeliveryBatch = 50
/** Claims (of up to 100 notices each) one sweep makes at most. */
const maxSweepRounds = 50

export const pushRetry: RetryPolicy = { limit: 6, delaySeconds: 10, backoff: true, maxDelaySeconds: 1800 }

/** The pause before try `tries + 1`, as pg-boss's backoff makes it (without its jitter). */
export function pushRetryDelayMs(tries: number): number {
  const seconds = pushRetry.delaySeconds * 2 ** Math.max(0, tries - 1)
  return Math.min(seconds, pushRetry.maxDelaySeconds ?? seconds) * 1000
}

export function pushDeliverJob(push: Pick<PushService, 'deliver'>, jobs: () => Jobs) {
  return defineJob({
    ...pushDeliver,
    retry: pushRetry,
    timeoutSeconds: 60,
    // Each delivery mostly waits on the push service: a burst of notices goes out side by side.
    batchSize: pushDeliveryBatch,
    wakeOnSend: true,
    async handler(job, { log, attempt }) {
      const { noticeId } = job
      const ids = 'subscriptionId' in job ? [job.subscriptionId] : job.subscriptionIds
      const tries = ('triesBefore' in job ? (job.triesBefore ?? 0) : 0) + attempt
      const out = await push.deliver(noticeId, ids)
      if (out.gone.length > 0 || out.refused.length > 0) {
        log.info({ noticeId, gone: out.gone, refused: out.refused }, 'push not delivered to some')
      }
      if (out.retry.length === 0) return
      if (out.sent.length === 0 && out.refused.length === 0) {
        throw new PushRetryLater(`no push service took notice ${noticeId} (try ${tries})`)
      }
      const triesLeft = pushRetry.limit + 1 - tries
      if (triesLeft <= 0) {
        log.warn({ noticeId, subscriptionIds: out.retry }, 'push given up after its last try')
        return
      }
      await jobs().send(
        pushDeliver,
        { noticeId, subscriptionIds: out.retry, triesBefore: tries },
        { startAfter: new Date(Date.now() + pushRetryDelayMs(tries)), retryLimit: triesLeft - 1 },
      )
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
      // Until nothing is left, bounded so one run never holds the queue for long; a claim of
      // notices whose members have no subscription also ends the run early, and the next
      // run goes on.
      for (let round = 0; round < maxSweepRounds; round++) {
        const claimed = await push.claimUnpushed()
        if (claimed.length === 0) break
        await jobs().sendMany(pushDeliver, claimed)
      }
    },
  })
}
