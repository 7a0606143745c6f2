/**
 * The agent area: the downline tree and the team's figures (kept by the database, migration
 * 0022), the agent centre's endpoints, transfers down to the team within the brand's limits
 * (0029), opening accounts under the agent with rebate rates at most its own, and the income
 * its rates come to (0023).
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { createAudit } from '../identity/audit'
import { createMembersRepository } from '../identity/members-repository'
import { agentHandlers } from './handlers'
import { createIncomeRepository } from './income-repository'
import { createIncomeService } from './income-service'
import { createInviteRepository } from './invite-repository'
import { createInviteService } from './invite-service'
import { createOpenAccountService } from './open-account-service'
import { createRebateRepository } from './rebate-repository'
import { createRebateService } from './rebate-service'
import { createReportRepository } from './report-repository'
import { createReportService } from './report-service'
import { createTeamRepository } from './team-repository'
import { createTeamService } from './team-service'
import { createTransferRepository } from './transfer-repository'
import { createTransferService } from './transfer-service'

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
  const transfers = createTransferService({
    db,
    transfers: createTransferRepository(db),
    ledger,
    settings,
    notices: app.notify.push,
    checkPaymentPassword,
    redEnvelopeOn: async (merchantCode) => {
      const { access } = app.platform
      return access.isEnabled(await access.snapshot(merchantCode), 'AGENTRANSMULTDOWN3')
    },
    now,
  })
  const rebates = createRebateRepository(db)
  const openAccount = createOpenAccountService({
    db,
    repo: app.platform.repo,
    access: app.platform.access,
    passwords: app.platform.passwords,
    members: createMembersRepository(db),
    rebates,
    audit: createAudit(db, now),
    now,
  })
  const income = createIncomeService({ income: createIncomeRepository(db), rebates, now })
  const rebateService = createRebateService({ db, rebates, now })
  const invite = createInviteService({
    invites: createInviteRepository(db),
    domains: (merchantCode) => repo.domains(merchantCode),
    publicUrl: config.PUBLIC_URL,
    now,
  })
  registerContract(
    app,
    {
      agent: agentHandlers({
        team,
        transfers,
        reports,
        settings,
        openAccount,
        rebates: rebateService,
        income,
        invite,
      }),
    },
    routes,
  )
}

export const agent = fp(agentArea, { name: 'agent', dependencies: ['platform', 'money', 'notify'] })
