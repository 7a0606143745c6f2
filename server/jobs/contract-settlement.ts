/**
 * Agent contracts' settlement (decision 024): every 5 minutes, and once at start, each brand's
 * closed periods not settled yet are paid, oldest first, in the brand's time zone: real-time
 * salary windows, hours, days and dividend periods. Each payment is keyed by its contract and
 * period, so a rerun, another instance's run or a crash midway pays nothing twice; what a
 * stopped run left is paid by the next. Offers past their expiry and contracts past their end
 * are marked so first.
 */
import { z } from 'zod'
import type { ContractService } from '../contracts/contracts-service'
import type { SettlementService } from '../contracts/settlement-service'
import { defineJob } from './define-job'

export const contractSettle = {
  name: 'contracts.settle',
  payload: z.object({}),
}

export function contractSettleJob(
  contracts: Pick<ContractService, 'sweep'>,
  settlement: Pick<SettlementService, 'settleDue'>,
) {
  return defineJob({
    ...contractSettle,
    schedule: { everySeconds: 300 },
    retry: { limit: 2, delaySeconds: 10, backoff: true, maxDelaySeconds: 120 },
    timeoutSeconds: 1800,
    async handler(_payload, { log, signal }) {
      // What time has closed first: expired offers and contracts past their end.
      const swept = await contracts.sweep()
      if (swept.expired + swept.ended > 0) log.info(swept, 'contracts expired and ended')
      const done = await settlement.settleDue(undefined, signal)
      const paid = done.reduce((s, p) => s + p.paid, 0n)
      const written = done.reduce((s, p) => s + p.written, 0)
      if (written > 0)
        log.info({ periods: done.length, payments: written, paid: paid.toString() }, 'contracts settled')
    },
  })
}
