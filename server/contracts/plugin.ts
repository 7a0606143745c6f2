/**
 * The contracts area (agent contracts, decision 024; not `src/contract`, the wire contract):
 * offers, answers and terminations of dividend and salary contracts between an agent and its
 * direct downline agents, or the house and a top agent, and their settlement by a job after
 * each period closes.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { contractSettleJob } from '../jobs/contract-settlement'
import { allMerchants } from '../system/brands-repository'
import { createContractRepository } from './contracts-repository'
import { createContractService, type ContractService } from './contracts-service'
import { contractHandlers } from './handlers'
import { createSettlementRepository } from './settlement-repository'
import { createSettlementService, type SettlementService } from './settlement-service'

declare module 'fastify' {
  interface FastifyInstance {
    contracts: { settlement: SettlementService; life: ContractService }
  }
}

async function contractsArea(app: FastifyInstance) {
  const { db, now, routes } = app.platform
  const { ledger, settings } = app.money
  const contracts = createContractService({
    db,
    contracts: createContractRepository(db),
    notices: app.notify.push,
    now,
  })
  const settlement = createSettlementService({
    db,
    ledger,
    repo: createSettlementRepository(db),
    notices: app.notify.push,
    now,
    merchants: () => allMerchants(db),
  })
  app.decorate('contracts', { settlement, life: contracts })
  registerContract(app, { contracts: contractHandlers({ db, contracts, settlement, settings, now }) }, routes)
  app.platform.addJobs(() => [contractSettleJob(contracts, settlement)])
}

export const contracts = fp(contractsArea, {
  name: 'contracts',
  dependencies: ['platform', 'money', 'notify', 'agent'],
})
