/** The games area: the vendor lobbies, the game catalogue and its art, the member's games. */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { createGamesRepository } from './games-repository'
import { gameHandlers } from './handlers'
import { registerGameMedia } from './media-routes'

async function gamesArea(app: FastifyInstance) {
  const { db, now, routes } = app.platform
  registerContract(app, { games: gameHandlers(db, now, app.vendors.registry) }, routes)
  registerGameMedia(app, createGamesRepository(db))
}

export const games = fp(gamesArea, { name: 'games', dependencies: ['platform', 'vendors'] })
