/**
 * Builds the Fastify application: external plugins first (security headers, bodies),
 * then the contract's routes, then the static PWA and its fallback.
 */
import { constants as zlibConstants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyFormbody from '@fastify/formbody'
import { allEndpoints, endpoints } from '#contract/endpoints'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import { zodSchemaController } from './http/schema-controller'
import type { Config } from './config/env'
import { createKeyring, type Keyring } from './crypto/keyring'
import { registerContract, type Handlers, type RouteDeps } from './http/contract-routes'
import { clientErrorHandler, failure, installErrorHandling, loggable } from './http/errors'
import { loggableRequest } from './http/loggable-request'
import { registerDevPages } from './http/dev-pages'
import { compressAbove, createHotReads, type HotReads } from './http/hot-reads'
import { registerManifest } from './http/manifest'
import { registerAppInstall } from './http/app-install'
import { profileSigner } from './http/profile-signing'
import type { HelmetOptions } from 'helmet'
import { helmetHeaders, registerSecurityHeaders } from './http/security-headers'
import { registerStatic } from './http/static'
import { loadRenderer, type PageRenderer } from './http/page-render'
import type { Database } from './plugins/external/db'
import { createAccessService, type AccessService } from './system/access'
import { registerBrandGate } from './system/brand-gate'
import { contentHandlers } from './content/handlers'
import { gameHandlers } from './games/handlers'
import { playHandlers } from './play/handlers'
import { createLaunchService } from './play/launch'
import { createGamesRepository } from './games/games-repository'
import { registerGameMedia } from './games/media-routes'
import { createLotteryEngine, type LotteryEngine } from './lottery/engine'
import { lotteryHandlers } from './lottery/handlers'
import { registerLotteryMedia } from './lottery/media-routes'
import { registerBannerMedia } from './content/banner-art'
import { createChannels } from './channels/channels'
import { createAudit } from './identity/audit'
import { createCodes } from './identity/codes'
import { createCaptchas } from './identity/captcha'
import { identityHandlers } from './identity/handlers'
import { createSocial } from './identity/social'
import { registerSocialRoutes } from './identity/social-routes'
import { createPasswords, type Passwords } from './identity/passwords'
import { createSessions, type Sessions } from './identity/sessions'
import { createThrottle, type Throttle } from './identity/throttle'
import { registerPaymentGateway, resolvePaymentGateway, type PaymentGateway } from './money/demo-gateway'
import { fundsHandlers } from './money/funds-handlers'
import { createFundsService, type FundsService } from './money/funds-service'
import { createLedger, type Ledger } from './money/ledger'
import { recordHandlers } from './money/records-handlers'
import { createMoneySettings } from './money/settings'
import { walletHandlers } from './money/wallet-handlers'
import { createPushService, ensureVapidKeys, type PushService } from './notify/push-service'
import { inboxHandlers } from './notify/inbox-handlers'
import { pushHandlers } from './notify/push-handlers'
import { systemHandlers } from './system/handlers'
import { createSystemRepository } from './system/system-repository'
import { registerSeamlessWallet } from './vendors/seamless-wallet/routes'
import { createDemoVendor, demoVendorId } from './vendors/demo/vendor'
import type { JobDefinition } from './jobs/define-job'
import { createVendorRegistry, type VendorBinding, type VendorRegistry } from './vendors/registry'
import { createWalletRepository, vendorSecret } from './vendors/wallet-repository'

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
  /** Launches' game sessions: those never played are pruned a day after they end. */
  gameSessions: { prune(): Promise<number> }
  /** The vendors' wallet calls: pruned in batches once older than the retention (decision 012). */
  vendorTransactions: { prune(keepDays: number, batch: number): Promise<number> }
  /** Jobs the vendors run on the platform's queue (the demo vendor's sweep in demo mode). */
  vendorJobs: JobDefinition[]
  /** The lottery's draw engine: its jobs draw issues and catch up (server/jobs/lottery-draws.ts). */
  lottery: LotteryEngine
  refreshMerchants(): Promise<void>
}

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

export interface AppOptions {
  /** The clock; tests pass a controllable one. */
  now?: () => Date
  /** Where log lines go instead of stdout; tests read them. */
  logStream?: { write(line: string): void }
  /**
   * The game vendors' adapters and which vendors (and brands) each serves; a vendor no
   * adapter serves cannot be launched. Each adapter calls the seamless wallet at
   * /vendor-api/<adapter id>/wallet/… (server/vendors/seamless-wallet/).
   */
  vendorAdapters?: readonly VendorBinding[]
  /**
   * The server's render of the app's pages; by default the build's (STATIC_DIR/.ssr), and
   * none when the build has none (the pages then carry the boot data only).
   */
  renderer?: PageRenderer | null
}

export interface BuiltApp {
  app: FastifyInstance
  services: AppServices
}

/** The security headers every answer carries (helmet's, worked out once). */
const securityOptions: Readonly<HelmetOptions> = {
  crossOriginEmbedderPolicy: false,
  // Strict-Transport-Security only on answers that came over https (security-headers.ts).
  hsts: false,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'https:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
}
const frameworkErrorHeaders = helmetHeaders(securityOptions)

/**
 * An address the router cannot read (a broken %-escape, an over-long part) is answered as
 * every refusal is: the envelope and the security headers, the address not echoed.
 */
function answerFrameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH'
  void reply
    .headers(frameworkErrorHeaders)
    .header('cache-control', 'no-store')
    .code(tooLong ? 414 : 400)
    .send(failure('bad_request', tooLong ? 'the address is too long' : 'the address is not valid'))
}

export async function buildApp(
  config: AppConfig,
  database: Database,
  opts: AppOptions = {},
): Promise<BuiltApp> {
  const now = opts.now ?? (() => new Date())
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.encryption'],
      // Any error logged anywhere loses the SQL parameters and quoted values it may carry.
      serializers: {
        err: (err: Error) => ({ stack: '', ...loggable(err) }),
        // Secret query parameters (a sign-in's code, a legacy session token) stay out.
        req: loggableRequest,
      },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    clientErrorHandler,
    frameworkErrors: answerFrameworkError,
    schemaController: zodSchemaController,
  })
  installErrorHandling(app)

  // Only JSON (and form bodies where an endpoint says so) are read; text/plain is refused.
  app.removeContentTypeParser('text/plain')
  // A bodiless request may still carry a JSON content type (a DELETE from a client that
  // sets it on every call): no body is no body, not broken JSON. Endpoints that need one
  // say so (contract-routes.ts).
  const json = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') {
      done(null, undefined)
      return
    }
    json(req, typeof body === 'string' ? body : body.toString('utf8'), done)
  })
  await app.register(fastifyFormbody, { bodyLimit: 1_048_576 })
  await app.register(fastifyCookie)
  registerSecurityHeaders(app, securityOptions)

  // JSON answers above 1 kB go out compressed as the caller accepts (br, then gzip). The hot
  // reads bring their own compressed copies and the PWA's files their precompressed ones.
  await app.register(fastifyCompress, {
    threshold: compressAbove,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  })

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
  const passwords = createPasswords({ memoryKib: config.ARGON2_MEMORY_KIB, passes: config.ARGON2_PASSES })
  const throttle = createThrottle(db, now)
  const ledger = createLedger(db)
  const moneySettings = createMoneySettings(db, repo, config.SETTINGS_TTL_SECONDS * 1000)
  const gateway = await resolvePaymentGateway(db, config)
  const push = createPushService({
    db,
    keys: await ensureVapidKeys(db),
    subject: config.PUSH_CONTACT,
    anyEndpoint: config.NODE_ENV !== 'production',
    now,
    log: app.log,
  })
  app.addHook('onClose', async () => push.close())
  // Each fund notice is written with its push queued (once the job queue runs).
  const funds = createFundsService(db, ledger, now, push)

  let merchants: ReadonlySet<string> = new Set(await repo.merchantCodes())
  const refreshMerchants = async () => {
    merchants = new Set(await repo.merchantCodes())
  }

  registerBrandGate(app, {
    defaultMerchant: config.MERCHANT_CODE,
    knownMerchants: () => merchants,
    refreshMerchants,
  })

  const channels = createChannels(config, db, now)
  app.addHook('onClose', async () => channels.close())
  app.log.info(channels.routes, 'message channels')

  const hotReads = createHotReads({
    ttlMs: config.SETTINGS_TTL_SECONDS * 1000,
    now: () => now().getTime(),
  })
  // Demo mode serves every vendor with the demo vendor unless the caller names its own
  // adapters; it reaches the wallet through the platform's own signed route (app.inject).
  const demoVendor =
    config.DEMO && opts.vendorAdapters === undefined
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
  const vendors = createVendorRegistry(
    opts.vendorAdapters ?? (demoVendor ? [{ adapter: demoVendor.adapter }] : []),
  )
  const launcher = createLaunchService({
    db,
    ledger,
    settings: moneySettings,
    registry: vendors,
    system: repo,
    hotReads,
    now,
  })
  const deps: RouteDeps = {
    hotReads,
    keyring,
    access,
    defaultMerchant: config.MERCHANT_CODE,
    knownMerchants: () => merchants,
    countryHeader: config.COUNTRY_HEADER.toLowerCase(),
    sessions,
    db,
  }
  const social = createSocial({ db, access, throttle, passwords, config, now, log: app.log })
  const lottery = createLotteryEngine({ db, ledger, now })
  const handlers: Handlers = {
    system: systemHandlers({ repo, access, keyring, database, hotReads }),
    content: contentHandlers(db),
    games: gameHandlers(db, now, vendors),
    play: playHandlers({ db, launcher }),
    identity: identityHandlers({
      db,
      repo,
      access,
      sessions,
      passwords,
      throttle,
      captchas: createCaptchas(db, now),
      audit: createAudit(db, now),
      codes: createCodes(db, channels, throttle, now, app.log),
      social,
      creditTrial: (merchantCode, memberId, tx) => funds.creditTrial(merchantCode, memberId, tx),
      now,
    }),
    wallet: walletHandlers({ db, ledger, settings: moneySettings, now }),
    funds: fundsHandlers({
      db,
      ledger,
      settings: moneySettings,
      now,
      passwords,
      throttle,
      funds,
      payUrl: gateway.payUrl,
    }),
    records: recordHandlers({ db, ledger, settings: moneySettings, now }),
    push: pushHandlers(push),
    inbox: inboxHandlers(db, now),
    lottery: lotteryHandlers({ db, ledger, settings: moneySettings, engine: lottery, now }),
  }
  registerContract(app, endpoints, handlers, deps)
  registerSocialRoutes(app, social, deps, config.PUBLIC_URL)

  const methodsByPath = new Map<string, string[]>()
  for (const e of allEndpoints()) {
    methodsByPath.set(e.path, [...(methodsByPath.get(e.path) ?? []), e.method])
  }
  registerPaymentGateway(app, { db, funds, gateway, now })
  registerSeamlessWallet(app, { db, ledger, settings: moneySettings, registry: vendors, now })
  if (demoVendor) await demoVendor.register(app)
  registerManifest(app, repo, config.MERCHANT_CODE, { demo: config.DEMO })
  registerAppInstall(app, repo, {
    merchantCode: config.MERCHANT_CODE,
    publicUrl: config.PUBLIC_URL,
    staticDir: config.staticDir,
    signer:
      config.IOS_PROFILE_CERT && config.IOS_PROFILE_KEY
        ? profileSigner({
            cert: config.IOS_PROFILE_CERT,
            key: config.IOS_PROFILE_KEY,
            chain: config.IOS_PROFILE_CHAIN,
          })
        : undefined,
  })
  registerGameMedia(app, createGamesRepository(db))
  registerBannerMedia(app)
  registerLotteryMedia(app, lottery.games)
  if (config.DEV_TOOLS && config.NODE_ENV !== 'production') registerDevPages(app, db)
  await registerStatic(app, {
    staticDir: config.staticDir,
    methodsByPath,
    // A navigation carries no Merchant header: the brand this install serves.
    render: {
      hotReads,
      merchantOf: () => config.MERCHANT_CODE,
      countryHeader: config.COUNTRY_HEADER.toLowerCase(),
      renderer: opts.renderer === undefined ? await loadRenderer(config.staticDir) : opts.renderer,
    },
  })

  return {
    app,
    services: {
      database,
      keyring,
      access,
      sessions,
      passwords,
      throttle,
      ledger,
      funds,
      gateway: gateway.kind,
      hotReads,
      settingsChanged: () => {
        access.invalidate()
        hotReads.invalidate()
        moneySettings.invalidate()
      },
      push,
      vendors,
      vendorJobs: demoVendor?.jobs ?? [],
      lottery,
      gameSessions: {
        prune: () => createWalletRepository(db).pruneSessions(new Date(now().getTime() - 24 * 3_600_000)),
      },
      vendorTransactions: {
        prune: (keepDays, batch) => {
          const at = now()
          return createWalletRepository(db).pruneTransactions(
            new Date(at.getTime() - keepDays * 24 * 3_600_000),
            batch,
            at,
          )
        },
      },
      refreshMerchants,
    },
  }
}
