/**
 * The agent area: the downline tree and the team's figures (kept by the database, migration
 * 0022), the agent centre's endpoints, and transfers down to the team.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { agentHandlers } from './handlers'
import { createInviteRepository } from './invite-repository'
import { createInviteService } from './invite-service'
import { createReportRepository } from './report-repository'
import { createReportService } from './report-service'
import { createTeamRepository } from './team-repository'
import { createTeamService } from './team-service'

async function agentArea(app: FastifyInstance) {
  const { db, now, routes, repo, config } = app.platform
  const { ledger, settings, checkPaymentPassword } = app.money
  const teamRepository = createTeamRepository(db)
  const reports = createReportService({ reports: createReportRepository(db), team: teamRepository, now })
  const team = createTeamService({
    db,
    team: teamRepository,
    ledger,
    settings,
    notices: app.notify.push,
    checkPaymentPassword,
    now,
  })
  const invite = createInviteService({
    invites: createInviteRepository(db),
    domains: (merchantCode) => repo.domains(merchantCode),
    publicUrl: config.PUBLIC_URL,
    now,
  })
  registerContract(app, { agent: agentHandlers({ team, reports, settings, invite }) }, routes)
}

export const agent = fp(agentArea, { name: 'agent', dependencies: ['platform', 'money', 'notify'] })
