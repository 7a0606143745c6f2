/** The system area: the brand's settings, flags, languages and site structure. */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { systemHandlers } from './handlers'

async function systemArea(app: FastifyInstance) {
  const { repo, access, keyring, database, hotReads, routes } = app.platform
  registerContract(app, { system: systemHandlers({ repo, access, keyring, database, hotReads }) }, routes)
}

export const system = fp(systemArea, { name: 'system', dependencies: ['platform'] })
