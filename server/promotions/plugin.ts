/**
 * The promotions area (design.md section 7): one engine for every promotion a brand offers,
 * the member's claims, and the operator's decisions, over the ledger's bonus account.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { promotionRebatesJob } from '../jobs/promotion-rebates'
import { raffleDrawJob } from '../jobs/raffle-draws'
import { merchantByCode } from '../system/brands-repository'
import { promotionHandlers } from './handlers'
import { createPromotionRepository } from './promotions-repository'
import { createPromotionService, type PromotionService } from './promotions-service'
import { raffleHandlers } from './raffle-handlers'
import { createRaffleRepository } from './raffle-repository'
import { createRaffleService } from './raffle-service'
import { rebateServiceOf } from './rebate-service'
import { turnoverLink } from './turnover-link'

declare module 'fastify' {
  interface FastifyInstance {
    promotions: PromotionService
  }
}

async function promotionsArea(app: FastifyInstance) {
  const { db, now, routes, throttle } = app.platform
  const { ledger, settings } = app.money
  const promotions = createPromotionService({
    db,
    repo: createPromotionRepository(db),
    ledger,
    notices: app.notify.push,
    turnover: turnoverLink(db),
    now,
  })
  app.decorate('promotions', promotions)
  const rebates = rebateServiceOf({ db, ledger, notices: app.notify.push, now })
  registerContract(
    app,
    { promotions: promotionHandlers({ db, promotions, rebates, settings, throttle, now }) },
    routes,
  )
  // The raffle (decision 028): its endpoints and its draw job.
  const raffles = createRaffleService({
    db,
    repo: createRaffleRepository(db),
    promotionRepo: createPromotionRepository(db),
    promotions,
    now,
  })
  registerContract(app, { raffle: raffleHandlers({ db, raffles, settings, now }) }, routes)
  app.platform.addJobs(() => [raffleDrawJob(raffles, (code) => merchantByCode(db, code))])
  app.platform.addJobs(() => [promotionRebatesJob(rebates)])
}

export const promotions = fp(promotionsArea, {
  name: 'promotions',
  dependencies: ['platform', 'money', 'notify'],
})
