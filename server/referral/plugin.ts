/**
 * Member referrals (decision 032): the member's code, friends and earnings calls, and the
 * rewards job. Registered after promotions, whose engine pays the rewards; the referral a
 * registration writes is the identity area's (server/identity/registration.ts).
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { allMerchants } from '../system/brands-repository'
import { referralHandlers } from './handlers'
import { referralRewardsJob } from './job'
import { referralServicesOf } from './referral-of'

async function referralArea(app: FastifyInstance) {
  const { db, now, routes, config, access } = app.platform
  const { referrals, invite } = referralServicesOf(db, {
    notices: app.notify.push,
    now,
    promotions: app.promotions,
    publicUrl: config.PUBLIC_URL,
  })
  registerContract(
    app,
    {
      referral: referralHandlers({
        referrals,
        invite,
        agentInvitesOn: async (merchantCode) =>
          access.isEnabled(await access.snapshot(merchantCode), 'AFFMAN3'),
      }),
    },
    routes,
  )
  app.platform.addJobs(() => [referralRewardsJob(referrals, () => allMerchants(db))])
}

export const referral = fp(referralArea, {
  name: 'referral',
  dependencies: ['platform', 'notify', 'promotions'],
})
