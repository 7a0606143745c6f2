/**
 * Loyalty points (decision 030): the points book, the brand's point settings and the earner
 * that the seamless wallet and the lottery call when a bet settles. Registered after money
 * and before the areas that settle bets (vendors, lottery). The member's calls are the point
 * mall's plugin's (mall-plugin.ts), registered after promotions.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createPointsEarner, type PointsEarner } from './earn'
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
  const { db, config, now } = app.platform
  const ledger = createPointsLedger(db)
  const configs = createPointConfigs(db, config.SETTINGS_TTL_SECONDS * 1000)
  app.platform.onSettingsChanged(() => configs.forget())
  const earner = createPointsEarner({ points: ledger, configs })
  const service = createPointsService({ points: ledger, now })
  app.decorate('points', { ledger, configs, earner, service })
}

export const points = fp(pointsArea, { name: 'points', dependencies: ['platform', 'money'] })
