/**
 * Loyalty points (decision 030): the points book, the brand's point settings and the earner
 * that the seamless wallet and the lottery call when a bet settles. Registered after money
 * and before the areas that settle bets (vendors, lottery).
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../../http/contract-routes'
import { createPointsEarner, type PointsEarner } from './earn'
import { pointHandlers } from './handlers'
import { createPointConfigs, type PointConfigs } from './point-config'
import { createPointsLedger, type PointsLedger } from './points-ledger'
import { createPointsService, type PointsService } from './points-service'

declare module 'fastify' {
  interface FastifyInstance {
    points: {
      ledger: PointsLedger
      configs: PointConfigs
      earner: PointsEarner
      service: PointsService
    }
  }
}

async function pointsArea(app: FastifyInstance) {
  const { db, config, now, routes } = app.platform
  const ledger = createPointsLedger(db)
  const configs = createPointConfigs(db, config.SETTINGS_TTL_SECONDS * 1000)
  app.platform.onSettingsChanged(() => configs.forget())
  const earner = createPointsEarner({ points: ledger, configs })
  const service = createPointsService({ points: ledger, now })
  app.decorate('points', { ledger, configs, earner, service })
  registerContract(
    app,
    { points: pointHandlers({ db, settings: app.money.settings, configs, service, now }) },
    routes,
  )
}

export const points = fp(pointsArea, { name: 'points', dependencies: ['platform', 'money'] })
