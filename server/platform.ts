/**
 * The platform plugin: what every area stands on. The database and the clock, the keys,
 * the access gate, sessions, passwords, attempt limits and the hot-read cache; the brand
 * gate; the settings-changed signal and the list of jobs the areas run.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from './config/env'
import { createKeyring, type Keyring } from './crypto/keyring'
import type { RouteDeps } from './http/contract-routes'
import { createHotReads, type HotReads } from './http/hot-reads'
import { createPasswords, type Passwords } from './identity/passwords'
import { createSessions, type Sessions } from './identity/sessions'
import { createThrottle, type Throttle } from './identity/throttle'
import type { AreaJobs } from './jobs/platform-jobs'
import type { Database, Db } from './plugins/external/db'
import { createAccessService, type AccessService } from './system/access'
import { registerBrandGate } from './system/brand-gate'
import { createSystemRepository, type SystemRepository } from './system/system-repository'

export type AppConfig = Pick<
  Config,
  | 'MERCHANT_CODE'
  | 'COUNTRY_HEADER'
  | 'SETTINGS_TTL_SECONDS'
  | 'LOG_LEVEL'
  | 'trustProxy'
  | 'staticDir'
  | 'SESSION_IDLE_MINUTES'
  | 'SESSION_MAX_HOURS'
  | 'ARGON2_MEMORY_KIB'
  | 'ARGON2_PASSES'
  | 'DEV_TOOLS'
  | 'NODE_ENV'
  | 'DEMO'
  | 'PAYMENT_GATEWAY_SECRET'
  | 'PUSH_CONTACT'
> &
  /** The live channel (server/live); defaults when left out. */
  Partial<Pick<Config, 'LIVE_FEED' | 'LIVE_POLL_MS' | 'LIVE_KEEP_MINUTES' | 'LIVE_STREAMS_PER_SESSION'>> &
  /** A real online gateway's payment page (with PAYMENT_GATEWAY_SECRET). */
  Partial<Pick<Config, 'PAYMENT_GATEWAY_URL'>> &
  /** The operator's certificate the iOS profile is signed with (checked by loadConfig). */
  Partial<Pick<Config, 'IOS_PROFILE_CERT' | 'IOS_PROFILE_KEY' | 'IOS_PROFILE_CHAIN'>> &
  /** Message providers; without them SMS and e-mail go to the outbox table. */
  Partial<Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_TOKEN'>> &
  /** Social sign-in providers; each is on when configured and its flag is on. */
  Partial<
    Pick<
      Config,
      | 'PUBLIC_URL'
      | 'GOOGLE_CLIENT_ID'
      | 'GOOGLE_CLIENT_SECRET'
      | 'GOOGLE_ISSUER'
      | 'FACEBOOK_CLIENT_ID'
      | 'FACEBOOK_CLIENT_SECRET'
      | 'FACEBOOK_ISSUER'
      | 'TELEGRAM_BOT_TOKEN'
      | 'TELEGRAM_BOT_USERNAME'
    >
  >

export interface Platform {
  config: AppConfig
  database: Database
  db: Db
  now: () => Date
  repo: SystemRepository
  keyring: Keyring
  access: AccessService
  sessions: Sessions
  passwords: Passwords
  throttle: Throttle
  /** The cached hot public reads; an operator change drops them. */
  hotReads: HotReads
  /** What every contract row is registered with (contract-routes.ts). */
  routes: RouteDeps
  refreshMerchants(): Promise<void>
  /** An area's cache of the brand's settings, dropped when an operator changes them. */
  onSettingsChanged(drop: () => void): void
  /** An operator changed the brand's settings: this instance's caches of them start over. */
  settingsChanged(): void
  /** An area's jobs on the platform's queue (server/jobs/platform-jobs.ts runs them all). */
  addJobs(jobs: AreaJobs): void
  readonly jobs: readonly AreaJobs[]
}

export interface PlatformOptions {
  config: AppConfig
  database: Database
  now: () => Date
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform
  }
}

async function platformPlugin(app: FastifyInstance, { config, database, now }: PlatformOptions) {
  const db = database.db
  const repo = createSystemRepository(db)
  const keyring = createKeyring(db)
  await keyring.ensure()
  const access = createAccessService(db, config.SETTINGS_TTL_SECONDS * 1000)
  const sessions = createSessions(
    db,
    { idleMs: config.SESSION_IDLE_MINUTES * 60_000, maxMs: config.SESSION_MAX_HOURS * 3_600_000 },
    now,
  )
  const hotReads = createHotReads({
    ttlMs: config.SETTINGS_TTL_SECONDS * 1000,
    now: () => now().getTime(),
  })

  let merchants: ReadonlySet<string> = new Set(await repo.merchantCodes())
  const refreshMerchants = async () => {
    merchants = new Set(await repo.merchantCodes())
  }
  registerBrandGate(app, {
    defaultMerchant: config.MERCHANT_CODE,
    knownMerchants: () => merchants,
    refreshMerchants,
  })

  const drops: (() => void)[] = [() => access.invalidate(), () => hotReads.invalidate()]
  const jobs: AreaJobs[] = []
  app.decorate('platform', {
    config,
    database,
    db,
    now,
    repo,
    keyring,
    access,
    sessions,
    passwords: createPasswords({ memoryKib: config.ARGON2_MEMORY_KIB, passes: config.ARGON2_PASSES }),
    throttle: createThrottle(db, now),
    hotReads,
    routes: {
      hotReads,
      keyring,
      access,
      defaultMerchant: config.MERCHANT_CODE,
      knownMerchants: () => merchants,
      countryHeader: config.COUNTRY_HEADER.toLowerCase(),
      sessions,
      db,
    },
    refreshMerchants,
    onSettingsChanged: (drop) => void drops.push(drop),
    settingsChanged: () => drops.forEach((drop) => drop()),
    addJobs: (areaJobs) => void jobs.push(areaJobs),
    jobs,
  } satisfies Platform)
}

export const platform = fp(platformPlugin, { name: 'platform' })
