/**
 * The Fastify instance every area registers on: logging without secrets, the bodies it
 * reads (JSON, and form bodies where an endpoint says so), cookies, the security headers
 * and compression. No route lives here.
 */
import { constants as zlibConstants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyFormbody from '@fastify/formbody'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import type { HelmetOptions } from 'helmet'
import type { Config } from '../config/env'
import { clientErrorHandler, failure, installErrorHandling, loggable } from './errors'
import { compressAbove } from './hot-reads'
import { loggableRequest } from './loggable-request'
import { zodSchemaController } from './schema-controller'
import { helmetHeaders, registerSecurityHeaders } from './security-headers'

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

export async function createServer(
  config: Pick<Config, 'LOG_LEVEL' | 'trustProxy'>,
  /** Where log lines go instead of stdout; tests read them. */
  logStream?: { write(line: string): void },
): Promise<FastifyInstance> {
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
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    // A plugin's start (the pages' renderer loads the server build) may take longer than
    // Fastify's 10 s on a busy machine: a slow start is still a start.
    pluginTimeout: 120_000,
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
  return app
}
