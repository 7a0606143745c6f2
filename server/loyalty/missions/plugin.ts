/**
 * The missions area (decision 030, section 4): the sign-in, newbie tasks, rescue and
 * milestones, their claims and the week's leaderboard. Points rewards through the points
 * book, bonus and cash rewards through the promotion engine's `give`.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../../http/contract-routes'
import { createPromotionRepository } from '../../promotions/promotions-repository'
import { createPointsLedger } from '../points/points-ledger'
import { missionHandlers } from './handlers'
import { createMissionRepository } from './missions-repository'
import { createMissionService, type MissionService } from './missions-service'

declare module 'fastify' {
  interface FastifyInstance {
    missions: MissionService
  }
}

async function missionsArea(app: FastifyInstance) {
  const { db, now, routes } = app.platform
  const missions = createMissionService({
    repo: createMissionRepository(db),
    points: createPointsLedger(db),
    promotions: app.promotions,
    promotionRepo: createPromotionRepository(db),
    now,
  })
  app.decorate('missions', missions)
  registerContract(
    app,
    { missions: missionHandlers({ db, missions, settings: app.money.settings, now }) },
    routes,
  )
}

export const missions = fp(missionsArea, {
  name: 'missions',
  dependencies: ['platform', 'money', 'promotions'],
})
