/**
 * The `referral.rewards` job (decision 032): every 15 minutes and at start, each brand's
 * referral rewards due are paid (server/referral/referral-service.ts `payDue`), and the daily
 * share of friends' valid bets for the brand's last closed days. An `exclusive` queue runs one
 * at a time; a second instance or a rerun pays nothing twice (the claim's unique key).
 */
import { z } from 'zod'
import { defineJob } from '../jobs/define-job'
import type { MerchantRow } from '../money/common'
import type { ReferralService } from './referral-service'

export const referralRewards = { name: 'referral.rewards', payload: z.object({}) }

export function referralRewardsJob(
  referrals: Pick<ReferralService, 'payDue'>,
  merchants: () => Promise<readonly MerchantRow[]>,
) {
  return defineJob({
    ...referralRewards,
    schedule: { everySeconds: 900 },
    policy: 'exclusive',
    retry: { limit: 2, delaySeconds: 10, backoff: true, maxDelaySeconds: 120 },
    timeoutSeconds: 1800,
    async handler(_payload, { log, signal }) {
      let paid = 0
      for (const m of await merchants()) {
        if (signal.aborted) break
        paid += await referrals.payDue(m, signal)
      }
      if (paid > 0) log.info({ paid }, 'referral rewards credited')
    },
  })
}
