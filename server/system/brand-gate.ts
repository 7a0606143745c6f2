/**
 * A production install starts with no brand. Until the operator creates the brand this
 * install serves, every API request answers one clear, enveloped error instead of empty
 * answers or a failure deep inside a handler.
 */
import type { FastifyInstance } from 'fastify'
import { AppError } from '../http/errors'

export function registerBrandGate(
  app: FastifyInstance,
  deps: {
    defaultMerchant: string
    knownMerchants: () => ReadonlySet<string>
    refreshMerchants: () => Promise<void>
  },
): void {
  // Synchronous while the brand exists (every request of a live install, the hottest reads
  // among them); a promise only while it does not.
  app.addHook('onRequest', (req, _reply, done) => {
    // The route's own path, not the address as sent: /%77ps/… is routed as /wps/….
    const path = req.routeOptions.url ?? req.url
    if (!gated(path) || deps.knownMerchants().has(deps.defaultMerchant)) {
      done()
      return
    }
    // The brand may have been created since (by the operator CLI on the database itself).
    deps.refreshMerchants().then(
      () => {
        const known = deps.knownMerchants()
        const named = req.headers.merchant
        const header = (Array.isArray(named) ? named[0] : named)?.toUpperCase()
        if (known.has(deps.defaultMerchant) || (header && known.has(header))) {
          done()
          return
        }
        done(
          new AppError(
            'merchant.acct.setup.err',
            `the brand ${deps.defaultMerchant} is not set up yet (operator: npm run ops -- go-live)`,
          ),
        )
      },
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    )
  })
}

/** The platform's APIs (the portal's and the lottery's); not the pages, media or health. */
function gated(path: string): boolean {
  return path.startsWith('/wps/') || path.startsWith('/lgw/')
}
