/**
 * The raffles' draws (decision 028): every 2 minutes, and once at start, each brand's raffle
 * periods whose draw time (the period's end and the raffle's delay) has come are drawn,
 * oldest first. Each draw locks its period's row and does nothing if another run drew it,
 * so a rerun, another instance's run or a crash midway (the transaction rolls back) pays
 * nothing twice; what a stopped run left is drawn by the next.
 */
import { z } from 'zod'
import type { MerchantRow } from '../money/common'
import type { RaffleService } from '../promotions/raffle-service'
import { defineJob } from './define-job'

export const raffleDraws = {
  name: 'raffles.draw',
  payload: z.object({}),
}

export function raffleDrawJob(
  raffles: Pick<RaffleService, 'drawDue'>,
  merchantOf: (code: string) => Promise<MerchantRow | undefined>,
) {
  return defineJob({
    ...raffleDraws,
    schedule: { everySeconds: 120 },
    retry: { limit: 2, delaySeconds: 10, backoff: true, maxDelaySeconds: 120 },
    timeoutSeconds: 900,
    async handler(_payload, { log, signal }) {
      const done = await raffles.drawDue(merchantOf, signal)
      for (const d of done.filter((x) => x.drawn)) {
        log.info(
          {
            promotionId: d.promotionId,
            period: d.period,
            tickets: d.totalTickets,
            winners: d.winners.length,
          },
          'raffle drawn',
        )
      }
    },
  })
}
