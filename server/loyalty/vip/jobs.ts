/**
 * The VIP jobs (decision 030 section 5), per brand in its time zone:
 * - `vip.upgrades` every 5 minutes: members with figures today or yesterday who reach a
 *   higher level are raised (a second run raises nobody twice: the upgrade is guarded);
 * - `vip.evaluate` every 15 minutes: each closed brand month not evaluated yet (3 back at
 *   most) is evaluated once (evaluate.ts: guarded per member row, marked done at the end).
 */
import { z } from 'zod'
import { defineJob } from '../../jobs/define-job'
import type { MerchantRow } from '../../money/common'
import type { Evaluation } from './evaluate'
import type { VipService } from './vip-service'

export const vipUpgrades = { name: 'vip.upgrades', payload: z.object({}) }
export const vipEvaluate = { name: 'vip.evaluate', payload: z.object({}) }

export function vipJobs(
  vip: Pick<VipService, 'upgradeActive'>,
  evaluation: Pick<Evaluation, 'evaluateDue'>,
  merchants: () => Promise<readonly MerchantRow[]>,
) {
  return [
    defineJob({
      ...vipUpgrades,
      schedule: { everySeconds: 300 },
      policy: 'exclusive',
      retry: { limit: 2, delaySeconds: 10, backoff: true, maxDelaySeconds: 120 },
      timeoutSeconds: 900,
      async handler(_payload, { log, signal }) {
        let changed = 0
        for (const m of await merchants()) {
          if (signal.aborted) break
          changed += await vip.upgradeActive(m, signal)
        }
        if (changed > 0) log.info({ changed }, 'vip levels upgraded')
      },
    }),
    defineJob({
      ...vipEvaluate,
      schedule: { everySeconds: 900 },
      policy: 'exclusive',
      retry: { limit: 2, delaySeconds: 10, backoff: true, maxDelaySeconds: 120 },
      timeoutSeconds: 1800,
      async handler(_payload, { log, signal }) {
        const done = await evaluation.evaluateDue(await merchants(), signal)
        for (const e of done)
          log.info({ period: e.period, decided: e.decided, changed: e.changes.length }, 'vip month evaluated')
      },
    }),
  ]
}
