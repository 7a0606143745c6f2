/**
 * The vendors area: the game vendors this install launches, the seamless wallet they
 * call, and in demo mode the demo vendor standing in for them (decision 006).
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { gameSessionPruningJob } from '../jobs/game-session-pruning'
import { vendorTransactionPruningJob } from '../jobs/vendor-transaction-pruning'
import { createDemoVendor, demoVendorId } from './demo/vendor'
import { createVendorRegistry, type VendorBinding, type VendorRegistry } from './registry'
import { registerSeamlessWallet } from './seamless-wallet/routes'
import { createWalletRepository, vendorSecret } from './wallet-repository'

export interface VendorsOptions {
  /**
   * The game vendors' adapters and which vendors (and brands) each serves; a vendor no
   * adapter serves cannot be launched. Each adapter calls the seamless wallet at
   * /vendor-api/<adapter id>/wallet/… (server/vendors/seamless-wallet/).
   */
  adapters?: readonly VendorBinding[]
}

export interface VendorsService {
  registry: VendorRegistry
  /** Launches' game sessions: those never played are pruned a day after they end. */
  gameSessions: { prune(): Promise<number> }
  /** The vendors' wallet calls: pruned in batches once older than the retention (decision 012). */
  vendorTransactions: { prune(keepDays: number, batch: number): Promise<number> }
}

declare module 'fastify' {
  interface FastifyInstance {
    vendors: VendorsService
  }
}

const dayMs = 24 * 3_600_000

async function vendorsArea(app: FastifyInstance, { adapters }: VendorsOptions) {
  const { db, config, now } = app.platform
  const { ledger, settings } = app.money
  // Demo mode serves every vendor with the demo vendor unless the caller names its own
  // adapters; it reaches the wallet through the platform's own signed route (app.inject).
  const demoVendor =
    config.DEMO && adapters === undefined
      ? createDemoVendor({
          db,
          walletSecret: await vendorSecret(db, demoVendorId),
          sessionSecret: await vendorSecret(db, 'demo-vendor-sessions'),
          now,
          // The token travels after #, so no access log or proxy keeps it.
          sessionInFragment: true,
          transport: async (path, body, headers) => {
            const r = await app.inject({ method: 'POST', url: path, payload: body, headers })
            return { statusCode: r.statusCode, body: r.body }
          },
        })
      : null
  const registry = createVendorRegistry(adapters ?? (demoVendor ? [{ adapter: demoVendor.adapter }] : []))
  registerSeamlessWallet(app, { db, ledger, settings, registry, points: app.points.earner, now })
  if (demoVendor) await demoVendor.register(app)

  const wallets = createWalletRepository(db)
  const service: VendorsService = {
    registry,
    gameSessions: { prune: () => wallets.pruneSessions(new Date(now().getTime() - dayMs)) },
    vendorTransactions: {
      prune: (keepDays, batch) => {
        const at = now()
        return wallets.pruneTransactions(new Date(at.getTime() - keepDays * dayMs), batch, at)
      },
    },
  }
  app.decorate('vendors', service)
  app.platform.addJobs((jobConfig) => [
    gameSessionPruningJob(service.gameSessions),
    vendorTransactionPruningJob(service.vendorTransactions, jobConfig.VENDOR_TX_RETENTION_DAYS),
    ...(demoVendor?.jobs ?? []),
  ])
}

export const vendors = fp(vendorsArea, { name: 'vendors', dependencies: ['platform', 'money', 'points'] })
