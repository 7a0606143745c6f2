/**
 * Builds the Fastify application: the server, then the platform every area stands on,
 * then the areas, each a named plugin in server/<area>/plugin.ts that registers its
 * contract rows, routes and jobs, and last the pages. A new area is one folder and one line.
 */
import type { FastifyInstance } from 'fastify'
import { agent } from './agent/plugin'
import { content } from './content/plugin'
import { contracts } from './contracts/plugin'
import type { Keyring } from './crypto/keyring'
import { feedback } from './feedback/plugin'
import { games } from './games/plugin'
import { assertContractWhole } from './http/contract-routes'
import type { HotReads } from './http/hot-reads'
import type { PageRenderer } from './http/page-render'
import { pages } from './http/pages'
import { createServer } from './http/server'
import type { Passwords } from './identity/passwords'
import { identity } from './identity/plugin'
import type { Sessions } from './identity/sessions'
import type { Throttle } from './identity/throttle'
import type { AreaJobs } from './jobs/platform-jobs'
import { live } from './live/plugin'
import type { LotteryEngine } from './lottery/engine'
import { lottery } from './lottery/plugin'
import { missions } from './loyalty/missions/plugin'
import { pointMall } from './loyalty/points/mall-plugin'
import { points } from './loyalty/points/plugin'
import { vip } from './loyalty/vip/plugin'
import type { PaymentGateway } from './money/demo-gateway'
import type { FundsService } from './money/funds-service'
import type { Ledger } from './money/ledger'
import { money } from './money/plugin'
import { notify } from './notify/plugin'
import type { PushService } from './notify/push-service'
import { platform, type AppConfig } from './platform'
import { play } from './play/plugin'
import type { Database } from './plugins/external/db'
import { promotions } from './promotions/plugin'
import { referral } from './referral/plugin'
import type { AccessService } from './system/access'
import { system } from './system/plugin'
import { vendors, type VendorsService } from './vendors/plugin'
import type { VendorBinding, VendorRegistry } from './vendors/registry'

export type { AppConfig } from './platform'

export interface AppServices {
  database: Database
  keyring: Keyring
  access: AccessService
  sessions: Sessions
  passwords: Passwords
  throttle: Throttle
  ledger: Ledger
  funds: FundsService
  /** Which online gateway this install pays through, if any. */
  gateway: PaymentGateway['kind']
  /** Web push of fund notices. */
  push: PushService
  /** The cached hot public reads; an operator change drops them. */
  hotReads: HotReads
  /** An operator changed the brand's settings: this instance's caches of them start over. */
  settingsChanged: () => void
  /** The game vendors this install launches (adapters by vendor code and brand). */
  vendors: VendorRegistry
  gameSessions: VendorsService['gameSessions']
  vendorTransactions: VendorsService['vendorTransactions']
  /** The lottery's draw engine: its jobs draw issues and catch up (server/jobs/lottery-draws.ts). */
  lottery: LotteryEngine
  /** Every area's jobs (server/jobs/platform-jobs.ts). */
  jobs: readonly AreaJobs[]
  refreshMerchants(): Promise<void>
}

export interface AppOptions {
  /** The clock; tests pass a controllable one. */
  now?: () => Date
  /** Where log lines go instead of stdout; tests read them. */
  logStream?: { write(line: string): void }
  /** The game vendors' adapters (server/vendors/plugin.ts); the demo vendor's in demo mode. */
  vendorAdapters?: readonly VendorBinding[]
  /** The server's render of the app's pages (server/http/pages.ts); the build's by default. */
  renderer?: PageRenderer | null
}

export interface BuiltApp {
  app: FastifyInstance
  services: AppServices
}

export async function buildApp(
  config: AppConfig,
  database: Database,
  opts: AppOptions = {},
): Promise<BuiltApp> {
  const app = await createServer(config, opts.logStream)
  await app.register(platform, { config, database, now: opts.now ?? (() => new Date()) })
  await app.register(system)
  await app.register(content)
  await app.register(notify)
  await app.register(live)
  await app.register(money)
  await app.register(points)
  await app.register(identity)
  await app.register(vendors, { adapters: opts.vendorAdapters })
  await app.register(games)
  await app.register(play)
  await app.register(lottery)
  await app.register(agent)
  await app.register(contracts)
  await app.register(promotions)
  await app.register(pointMall)
  await app.register(vip)
  await app.register(missions)
  await app.register(feedback)
  await app.register(referral)
  await app.register(pages, { renderer: opts.renderer })
  assertContractWhole(app)
  return { app, services: servicesOf(app) }
}

/** What the jobs, the operator server and the tests reach the areas through. */
function servicesOf(app: FastifyInstance): AppServices {
  const p = app.platform
  return {
    database: p.database,
    keyring: p.keyring,
    access: p.access,
    sessions: p.sessions,
    passwords: p.passwords,
    throttle: p.throttle,
    hotReads: p.hotReads,
    settingsChanged: p.settingsChanged,
    refreshMerchants: p.refreshMerchants,
    jobs: p.jobs,
    ledger: app.money.ledger,
    funds: app.money.funds,
    gateway: app.money.gateway.kind,
    push: app.notify.push,
    vendors: app.vendors.registry,
    gameSessions: app.vendors.gameSessions,
    vendorTransactions: app.vendors.vendorTransactions,
    lottery: app.lottery,
  }
}
