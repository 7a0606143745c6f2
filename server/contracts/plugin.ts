/**
 * The contracts area (agent contracts, decision 024; not `src/contract`, the wire contract):
 * offers, answers and terminations of dividend and salary contracts between an agent and its
 * direct downline agents, or the house and a top agent. Settlement comes with its jobs later.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { createContractRepository } from './contracts-repository'
import { createContractService } from './contracts-service'
import { contractHandlers } from './handlers'

async function contractsArea(app: FastifyInstance) {
  const { db, now, routes } = app.platform
  const { settings } = app.money
  const contracts = createContractService({
    db,
    contracts: createContractRepository(db),
    notices: app.notify.push,
    now,
  })
  registerContract(app, { contracts: contractHandlers({ db, contracts, settings, now }) }, routes)
}

export const contracts = fp(contractsArea, {
  name: 'contracts',
  dependencies: ['platform', 'money', 'notify', 'agent'],
})
