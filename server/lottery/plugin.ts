/** The lottery area: the games and their issues, bets, the draw engine and its jobs. */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { lotteryCatchUpJob, lotteryDrawJob } from '../jobs/lottery-draws'
import { createLotteryEngine, type LotteryEngine } from './engine'
import { lotteryHandlers } from './handlers'
import { registerLotteryMedia } from './media-routes'

declare module 'fastify' {
  interface FastifyInstance {
    lottery: LotteryEngine
  }
}

async function lotteryArea(app: FastifyInstance) {
  const { db, now, routes } = app.platform
  const { ledger, settings } = app.money
  const engine = createLotteryEngine({ db, ledger, points: app.points.earner, now })
  app.decorate('lottery', engine)
  registerContract(app, { lottery: lotteryHandlers({ db, ledger, settings, engine, now }) }, routes)
  registerLotteryMedia(app, engine.games)
  app.platform.addJobs(() => [lotteryDrawJob(engine), lotteryCatchUpJob(engine)])
}

export const lottery = fp(lotteryArea, { name: 'lottery', dependencies: ['platform', 'money', 'points'] })
