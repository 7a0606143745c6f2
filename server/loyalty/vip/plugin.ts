/**
 * The VIP part of the loyalty area (decision 030 section 5): levels, the member's level and
 * its progress, the upgrade, monthly evaluation and birthday jobs. Points and missions are plugins of
 * their own beside it (server/loyalty/points, server/loyalty/missions).
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../../http/contract-routes'
import { createPromotionRepository } from '../../promotions/promotions-repository'
import { allMerchants } from '../../system/brands-repository'
import { createSystemRepository } from '../../system/system-repository'
import { birthdayJob, createBirthdays } from './birthday'
import { createEvaluation } from './evaluate'
import { vipHandlers } from './handlers'
import { vipJobs } from './jobs'
import { createVipRepository } from './vip-repository'
import { createVipService, type VipService } from './vip-service'

declare module 'fastify' {
  interface FastifyInstance {
    vip: VipService
  }
}

async function vipArea(app: FastifyInstance) {
  const { db, now, routes } = app.platform
  const repo = createVipRepository(db)
  const vip = createVipService({
    db,
    repo,
    promotions: app.promotions,
    promotionRepo: createPromotionRepository(db),
    notices: app.notify.push,
    now,
  })
  app.decorate('vip', vip)
  const system = createSystemRepository(db)
  registerContract(
    app,
    {
      vip: vipHandlers({
        vip,
        settings: app.money.settings,
        db,
        customerService: (code, brand, locale) => system.customerService(code, brand, locale),
      }),
    },
    routes,
  )
  const evaluation = createEvaluation({ db, repo, now, reward: vip.rewardChanges })
  const birthdays = createBirthdays({
    db,
    promotions: app.promotions,
    promotionRepo: createPromotionRepository(db),
    now,
  })
  app.platform.addJobs(() => [
    ...vipJobs(vip, evaluation, () => allMerchants(db)),
    birthdayJob(birthdays, () => allMerchants(db)),
  ])
}

export const vip = fp(vipArea, {
  name: 'vip',
  dependencies: ['platform', 'money', 'notify', 'promotions'],
})
