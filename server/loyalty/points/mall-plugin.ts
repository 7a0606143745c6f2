/**
 * The point mall (decision 030, section 3) and the member's points calls: registered after
 * promotions, whose engine pays the mall's cash and bonuses. The points book, settings and
 * earner are the `points` plugin's, registered before the areas that settle bets.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../../http/contract-routes'
import { pointHandlers } from './handlers'
import { mallServicesOf } from './mall-of'
import type { MallService } from './mall-service'
import { registerRewardMedia } from './media-routes'

declare module 'fastify' {
  interface FastifyInstance {
    pointMall: MallService
  }
}

async function pointMallArea(app: FastifyInstance) {
  const { db, config, now, routes } = app.platform
  const { mall } = mallServicesOf(db, {
    notices: app.notify.push,
    now,
    promotions: app.promotions,
    configs: app.points.configs,
    cacheMs: config.SETTINGS_TTL_SECONDS * 1000,
  })
  app.platform.onSettingsChanged(() => mall.forget())
  app.decorate('pointMall', mall)
  registerRewardMedia(app)
  registerContract(
    app,
    {
      points: pointHandlers({
        db,
        settings: app.money.settings,
        configs: app.points.configs,
        service: app.points.service,
        mall,
        checkPaymentPassword: app.money.checkPaymentPassword,
        now,
      }),
    },
    routes,
  )
}

export const pointMall = fp(pointMallArea, {
  name: 'pointMall',
  dependencies: ['platform', 'money', 'notify', 'points', 'promotions'],
})
