/**
 * Vendor transactions older than the retention go, hourly, in batches of `batchSize`: each
 * batch is one statement that deletes its rows and adds them to the brand's totals, so a
 * retry or a crash between batches leaves nothing half done (docs/decisions/012).
 */
import { z } from 'zod'
import { defineJob } from './define-job'

export const vendorTxPruneBatch = 5000
/** Batches per run: the rest waits for the next hour, inside the job's timeout. */
const maxBatches = 200

export function vendorTransactionPruningJob(
  vendorTransactions: { prune(keepDays: number, batch: number): Promise<number> },
  keepDays: number,
) {
  return defineJob({
    name: 'play.vendor-transactions.prune',
    payload: z.object({}),
    schedule: { everySeconds: 3600 },
    retry: { limit: 3, delaySeconds: 60, backoff: true, maxDelaySeconds: 900 },
    timeoutSeconds: 900,
    async handler(_payload, { log }) {
      let total = 0
      for (let i = 0; i < maxBatches; i++) {
        const n = await vendorTransactions.prune(keepDays, vendorTxPruneBatch)
        total += n
        if (n < vendorTxPruneBatch) break
      }
      if (total > 0) log.info({ vendorTransactions: total, keepDays }, 'old vendor transactions pruned')
    },
  })
}
