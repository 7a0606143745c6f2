/** The play area: launching a vendor's game with the member's money moved in and out. */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { playHandlers } from './handlers'
import { createLaunchService } from './launch'

async function playArea(app: FastifyInstance) {
  const { db, now, repo, hotReads, routes } = app.platform
  const { ledger, settings } = app.money
  const launcher = createLaunchService({
    db,
    ledger,
    settings,
    registry: app.vendors.registry,
    system: repo,
    hotReads,
    now,
  })
  registerContract(app, { play: playHandlers({ db, launcher }) }, routes)
}

export const play = fp(playArea, { name: 'play', dependencies: ['platform', 'money', 'vendors'] })
