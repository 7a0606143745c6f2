/**
 * Security headers from helmet, worked out once at start: helmet's middleware is run
 * against a recorder and the headers it sets are then copied onto every answer. (Running
 * helmet per request, as its Fastify plugin does, rebuilds the whole policy each time.)
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/** The headers helmet sets with these options, as name → value. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
      return recorder
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()]
    },
  }
  let failure: unknown
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err
  })
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure))
  return headers
}

/**
 * Every answer carries the headers; one over https also Strict-Transport-Security (over
 * plain http it means nothing, and a browser must not learn it from a spoofable hop). One
 * synchronous hook: it runs on every request, the hottest reads among them.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options)
  app.addHook('onRequest', (req, reply, done) => {
    void reply.headers(headers)
    if (req.protocol === 'https') void reply.header('strict-transport-security', hsts)
    done()
  })
}

const hsts = 'max-age=31536000; includeSubDomains'
