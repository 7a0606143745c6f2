/**
 * The money area: the ledger and the brand's money settings, the wallet, deposits and
 * withdrawals (with the online gateway's pages), the member's records and the turnover
 * requirements that withdrawals wait for.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { createAuthenticator } from '../identity/authenticator'
import { lazyAuthenticatorKeys } from '../identity/authenticator-seal'
import { withdrawalAutoReceiveJob } from '../jobs/withdrawal-auto-receive'
import { registerBankLogos } from './bank-logo-routes'
import { registerPaymentGateway, resolvePaymentGateway, type PaymentGateway } from './demo-gateway'
import { fundsHandlers } from './funds-handlers'
import { createFundsKit } from './funds-kit'
import { createFundsService, type FundsService } from './funds-service'
import { createLedger, type Ledger } from './ledger'
import { paymentPasswordCheck } from './payment-password'
import { recordHandlers } from './records-handlers'
import { createMoneySettings, type MoneySettings } from './settings'
import { turnoverHandlers } from './turnover-handlers'
import { walletHandlers } from './wallet-handlers'

declare module 'fastify' {
  interface FastifyInstance {
    money: {
      ledger: Ledger
      settings: MoneySettings
      funds: FundsService
      gateway: PaymentGateway
      /** The member's payment password, checked against its attempt budget (payment-password.ts). */
      checkPaymentPassword(memberId: number, given: string): Promise<void>
    }
  }
}

async function moneyArea(app: FastifyInstance) {
  const { db, config, now, repo, passwords, throttle, routes, access } = app.platform
  const ledger = createLedger(db)
  const settings = createMoneySettings(db, repo, config.SETTINGS_TTL_SECONDS * 1000)
  app.platform.onSettingsChanged(() => settings.invalidate())
  const gateway = await resolvePaymentGateway(db, config)
  // Each fund notice is written with its push queued (once the job queue runs).
  const funds = createFundsService(db, ledger, now, app.notify.push)
  const deps = { db, ledger, settings, now }
  const fundsDeps = {
    ...deps,
    passwords,
    throttle,
    funds,
    payUrl: gateway.payUrl,
    authenticator: createAuthenticator({ db, throttle, keys: lazyAuthenticatorKeys(db), now }),
    authenticatorOnWithdraw: async (code: string) =>
      access.isEnabled(await access.snapshot(code), 'WDGOOGLECODE3'),
  }
  const checkPaymentPassword = paymentPasswordCheck(createFundsKit(fundsDeps))
  app.decorate('money', { ledger, settings, funds, gateway, checkPaymentPassword })

  registerContract(
    app,
    {
      wallet: walletHandlers(deps),
      funds: fundsHandlers(fundsDeps),
      records: recordHandlers({
        ...deps,
        flagOn: async (code, modId) => access.isEnabled(await access.snapshot(code), modId),
      }),
      turnover: turnoverHandlers(deps),
    },
    routes,
  )
  registerPaymentGateway(app, { db, funds, gateway, now })
  registerBankLogos(app, db)
  app.platform.addJobs((jobConfig) => [
    withdrawalAutoReceiveJob(funds, jobConfig.AUTO_RECEIVE_INTERVAL_SECONDS),
  ])
}

export const money = fp(moneyArea, { name: 'money', dependencies: ['platform', 'notify'] })
