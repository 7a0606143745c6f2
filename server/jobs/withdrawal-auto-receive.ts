/**
 * Paid withdrawals the member never confirmed count as received once the brand's
 * confirmation minutes have passed. One UPDATE guarded by the status, so a retry or a
 * late run changes nothing twice.
 */
import { z } from 'zod'
import type { FundsService } from '../money/funds-service'
import { defineJob } from './define-job'

export function withdrawalAutoReceiveJob(funds: Pick<FundsService, 'autoReceive'>, everySeconds: number) {
  return defineJob({
    name: 'withdrawals.auto-receive',
    payload: z.object({}),
    schedule: { everySeconds },
    // The next period runs anyway: a few quick retries, then it shows as failed.
    retry: { limit: 2, delaySeconds: 5, backoff: true, maxDelaySeconds: 60 },
    timeoutSeconds: 300,
    async handler(_payload, { log }) {
      const received = await funds.autoReceive()
      if (received > 0) log.info({ withdrawals: received }, 'paid withdrawals counted as received')
    },
  })
}
