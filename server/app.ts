/**
 * Builds the Fastify application: external plugins first (security headers, bodies),
 * then the contract's routes, then the static PWA and its fallback.
 */
import fastifyFormbody from '@fastify/formbody'
import fastifyHelmet from '@fastify/helmet'
import { allEndpoints, endpoints } from '#contract/endpoints'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config/env'
import { createKeyring, type Keyring } from './crypto/keyring'
import { registerContract, type Handlers, type RouteDeps } from './http/contract-routes'
import { installErrorHandling } from './http/errors'
import { registerManifest } from './http/manifest'
import { registerStatic } from './http/static'
import type { Database } from './plugins/external/db'
import { createAccessService, type AccessService } from './system/access'
import { contentHandlers } from './content/handlers'
import { gameHandlers } from './games/handlers'
import { systemHandlers } from './system/handlers'
import { createSystemRepository } from './system/system-repository'

export interface AppServices {
  database: Database
  keyring: Keyring
  access: AccessService
  refreshMerchants(): Promise<void>
}

export type AppConfig = Pick<
  Config,
  'MERCHANT_CODE' | 'COUNTRY_HEADER' | 'SETTINGS_TTL_SECONDS' | 'LOG_LEVEL' | 'trustProxy' | 'staticDir'
>

export interface BuiltApp {
  app: FastifyInstance
  services: AppServices
}

export async function buildApp(config: AppConfig, database: Database): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.encryption'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    return503OnClosing: true,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandling(app)

  // Only JSON (and form bodies where an endpoint says so) are read; text/plain is refused.
  app.removeContentTypeParser('text/plain')
  await app.register(fastifyFormbody, { bodyLimit: 1_048_576 })
  await app.register(fastifyHelmet, {
    crossOriginEmbedderPolicy: false,
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
  })

  const db = database.db
  const repo = createSystemRepository(db)
  const keyring = createKeyring(db)
  await keyring.ensure()
  const access = createAccessService(db, config.SETTINGS_TTL_SECONDS * 1000)

  let merchants: ReadonlySet<string> = new Set(await repo.merchantCodes())
  const refreshMerchants = async () => {
    merchants = new Set(await repo.merchantCodes())
  }

  const deps: RouteDeps = {
    keyring,
    access,
    defaultMerchant: config.MERCHANT_CODE,
    knownMerchants: () => merchants,
    countryHeader: config.COUNTRY_HEADER.toLowerCase(),
  }
  const handlers: Handlers = {
    system: systemHandlers({ repo, access, keyring, database }),
    content: contentHandlers(db),
    games: gameHandlers(db),
  }
  registerContract(app, endpoints, handlers, deps)

  const methodsByPath = new Map<string, string[]>()
  for (const e of allEndpoints()) {
    methodsByPath.set(e.path, [...(methodsByPath.get(e.path) ?? []), e.method])
  }
  registerManifest(app, repo, config.MERCHANT_CODE)
  await registerStatic(app, { staticDir: config.staticDir, methodsByPath })

  return { app, services: { database, keyring, access, refreshMerchants } }
}
