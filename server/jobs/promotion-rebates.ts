/**
 * The daily rebate and the automatic loss rescue (issue 35): every 15 minutes, and once at
 * start, each brand's automatic promotions paid on valid bets or on the loss credit every
 * member the closed periods not paid yet (the last 7 at most, so a stopped day is caught up),
 * in the brand's time zone. Each reward is keyed by its promotion, member and period, so a
 * rerun, another instance's run or a crash midway pays nothing twice; what a stopped run left
 * is paid by the next.
 */
import { z } from 'zod'
import type { RebateService } from '../promotions/rebate-service'
import { defineJob } from './define-job'

export const promotionRebates = {
  name: 'promotions.rebates',
  payload: z.object({}),
}

export function promotionRebatesJob(rebates: Pick<RebateService, 'payDue'>) {
  return defineJob({
    ...promotionRebates,
    schedule: { everySeconds: 900 },
    policy: 'exclusive',
    retry: { limit: 2, delaySeconds: 10, backoff: true, maxDelaySeconds: 120 },
    timeoutSeconds: 1800,
    async handler(_payload, { log, signal }) {
      const done = await rebates.payDue(signal)
      const written = done.reduce((s, p) => s + p.written, 0)
      if (written > 0) {
        const paid = done.reduce((s, p) => s + p.paid, 0n)
        log.info({ periods: done.length, rewards: written, paid: paid.toString() }, 'rebates credited')
      }
    },
  })
}
