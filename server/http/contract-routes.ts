/**
 * Registers the endpoint table as Fastify routes: the contract's schemas validate the
 * query and body and the response value, and the access gate, feature flags and
 * encrypted envelopes are applied from each row's own flags.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { safeEncode } from 'zod/mini'
import { EncryptedBodySchema, encryptionHeader, parseEncryptionHeader } from '#contract/encryption'
import {
  idempotencyHeader,
  idempotencyKeyPattern,
  type EndpointDef,
  type EndpointOutput,
  type EndpointParsedInput,
} from '#contract/endpoint'
import { endpoints, type Endpoints } from '#contract/endpoints'
import { successEnvelope } from '#contract/envelope'
import { memberTypes } from '#contract/identity'
import type { Keyring } from '../crypto/keyring'
import { isAgentType, type AuthedSession, type Sessions } from '../identity/sessions'
import { replayOf, requestHash, storedAnswer, type StoredKey } from '../money/idempotency'
import type { Db } from '../plugins/external/db'
import type { AccessService, AccessVerdict } from '../system/access'
import { AppError } from './errors'
import { sendHot, type HotReads } from './hot-reads'
import { callerContext, type CallerContext } from './request-context'

export interface HandlerArgs<E extends EndpointDef> {
  input: EndpointParsedInput<E>
  caller: CallerContext
  req: FastifyRequest
  reply: FastifyReply
}

export type Handler<E extends EndpointDef> = (args: HandlerArgs<E>) => Promise<EndpointOutput<E>>

export type HandlerGroup<G> = { [K in keyof G]: G[K] extends EndpointDef ? Handler<G[K]> : never }

export interface RouteDeps {
  keyring: Keyring
  access: AccessService
  defaultMerchant: string
  knownMerchants: () => ReadonlySet<string>
  countryHeader: string
  sessions: Sessions
  /** Where idempotent answers are stored (see money/idempotency.ts). */
  db: Db
  /** The cache of the rows marked `hotRead` (see hot-reads.ts). */
  hotReads: HotReads
}

const formType = 'application/x-www-form-urlencoded'

/**
 * Registers one endpoint row with its handler. The order is Fastify's request lifecycle:
 * - onRequest: who may call at all (maintenance, IP, region, session, role, feature flag,
 *   the Idempotency-Key header), before a byte of the body is read, so a refused caller
 *   learns nothing of the body's schema and costs no parsing or RSA work;
 * - preValidation: the media type, and the encrypted envelope opened and checked;
 * - preHandler: an idempotent retry answered from its stored answer, before any check;
 * - handler.
 */
export function registerEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  def: E,
  handler: Handler<E>,
  deps: RouteDeps,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const hasBody = def.method !== 'GET' && def.body !== undefined
  // Answers to a session, and answers that may start one, are never kept by a cache.
  const noStore = def.auth !== 'public' || def.method !== 'GET'
  const envelope = successEnvelope(def.response)
  const hot = def.hotRead === true && def.auth === 'public' && def.method === 'GET'
  const publicOnly = def.auth === 'public' && !def.idempotent && !def.modId
  const ignored = new Set(def.hotKeyIgnores ?? [])

  /** What a hot read's answer depends on: its parsed query without the fields it ignores. */
  function keyOf(input: unknown): unknown {
    if (ignored.size === 0 || typeof input !== 'object' || input === null) return input ?? null
    return Object.fromEntries(Object.entries(input).filter(([k]) => !ignored.has(k)))
  }

  /** Who calls (brand, language, address, country), kept on the request for what follows. */
  function admitCaller(req: FastifyRequest, reply: FastifyReply): CallerContext {
    if (noStore) void reply.header('cache-control', 'no-store')
    const caller = callerContext(req, {
      defaultMerchant: deps.defaultMerchant,
      knownMerchants: deps.knownMerchants(),
      countryHeader: deps.countryHeader,
    })
    req.caller = caller
    return caller
  }

  typed.route({
    method: def.method,
    url: def.path,
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    // A hot read sends its own compressed copies (hot-reads.ts), and a GET has no body to
    // inflate: neither runs the compression plugin's per-request hooks.
    ...(hot ? { compress: false as const } : {}),
    ...(def.method === 'GET' ? { decompress: false as const } : {}),
    schema: {
      ...(def.query ? { querystring: def.query } : {}),
      ...(hasBody && !def.encrypted ? { body: def.body } : {}),
      response: { 200: envelope },
    },
    // A public row with no flag and no key asks only the access check, which nearly always
    // answers from its cache: that row's hook is synchronous then (the hot reads are such rows).
    onRequest: publicOnly
      ? (req, reply, done) => {
          const caller = admitCaller(req, reply)
          if (def.alwaysAvailable) {
            done()
            return
          }
          const known = deps.access.verdictNow(caller.merchantCode, caller.ip, caller.country)
          if (known) {
            done(refusal(known))
            return
          }
          deps.access.verdict(caller.merchantCode, caller.ip, caller.country).then(
            (v) => done(refusal(v)),
            (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
          )
        }
      : async (req, reply) => {
          const caller = admitCaller(req, reply)
          if (!def.alwaysAvailable) {
            const refused = refusal(await deps.access.verdict(caller.merchantCode, caller.ip, caller.country))
            if (refused) throw refused
          }
          // An idempotent row's key is looked up in the same statement as the session; a
          // missing or malformed key is refused after the session checks, as before.
          const key = def.idempotent ? headerOf(req, idempotencyHeader.toLowerCase())?.trim() : undefined
          const keyOk = key !== undefined && idempotencyKeyPattern.test(key)
          if (def.auth !== 'public') {
            const raw = req.headers.authorization
            const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined
            let session: AuthedSession
            if (keyOk) {
              const found = await deps.sessions.authenticateWithKey(token, caller.merchantCode, key)
              session = found.session
              req.storedKey = found.stored
            } else {
              session = await deps.sessions.authenticate(token, caller.merchantCode)
            }
            if (def.auth !== 'session' && session.type === memberTypes.guest) {
              throw new AppError('in_need_true_account', 'a real account is needed for this')
            }
            if (def.auth === 'agent' && !isAgentType(session.type)) {
              throw new AppError('error_not_agent', 'this is for agents only')
            }
            if (session.mustChangePassword && !def.beforePasswordChange) {
              throw new AppError('password_change_required', 'change the password first')
            }
            caller.session = session
          }
          if (def.idempotent) {
            if (!keyOk) {
              throw new AppError(
                'idempotency_key_required',
                'send an Idempotency-Key header (8-128 letters, digits, - or _) with this request',
              )
            }
            if (!caller.session) throw new Error(`${def.name} is idempotent but takes no session`)
          }
          if (def.modId) {
            const snap = await deps.access.snapshot(caller.merchantCode)
            if (!deps.access.isEnabled(snap, def.modId)) {
              throw new AppError('feature_disabled', `${def.modId} is switched off`)
            }
          }
        },
    preValidation: async (req) => {
      const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
      if (contentType === formType && def.bodyEncoding !== 'form') {
        throw new AppError('unsupported_media_type', 'this endpoint takes JSON')
      }
      if (hasBody && req.body === undefined) {
        throw new AppError('request_body_required', 'this endpoint takes a body')
      }
      if (!def.encrypted) return
      const header = parseEncryptionHeader(headerOf(req, encryptionHeader))
      const envelope = EncryptedBodySchema.safeParse(req.body)
      if (!header || !envelope.success) {
        throw new AppError('request_body_required', 'this endpoint takes an encrypted body')
      }
      const plain = await deps.keyring.decrypt(header, envelope.data.value)
      if (def.body) {
        const parsed = def.body.safeParse(plain)
        if (!parsed.success) {
          throw new AppError('validation_failed', 'invalid body', {
            fields: parsed.error.issues.map((i) => ({
              path: i.path.join('.'),
              code: i.code,
              message: i.message,
            })),
          })
        }
        req.body = parsed.data
      } else {
        req.body = plain
      }
    },
    preHandler: async (req, reply) => {
      const caller = req.caller
      if (!def.idempotent || !caller?.session) return
      caller.idempotency = {
        memberId: caller.session.memberId,
        key: headerOf(req, idempotencyHeader.toLowerCase())?.trim() ?? '',
        endpoint: def.name,
        hash: requestHash(def.name, inputOf(req), def.secrets),
      }
      // The key's row was read with the session (onRequest), before any check ran.
      const stored = replayOf(req.storedKey, caller.idempotency)
      if (stored) return reply.send({ success: true as const, value: stored.response })
    },
    handler: async (req, reply) => {
      const input = inputOf(req) as EndpointParsedInput<E>
      const caller = req.caller
      if (!caller) throw new Error('caller context missing')
      if (hot) {
        // Built, checked against the schema and serialized once per period; sent as bytes.
        const entry = await deps.hotReads.entry(
          caller.merchantCode,
          `${def.name}\u0000${caller.locale}\u0000${JSON.stringify(keyOf(input))}`,
          async () => {
            const value = await handler({ input, caller, req, reply })
            const encoded = safeEncode(envelope, { success: true, value })
            if (encoded.error) throw encoded.error
            return JSON.stringify(encoded.data)
          },
        )
        return sendHot(req, reply, entry)
      }
      try {
        const value = await handler({ input, caller, req, reply })
        return { success: true as const, value }
      } catch (err) {
        // A request that raced an earlier one with its key can be refused by a check the
        // earlier one's effect made fail (the withdrawal is no longer waiting, the balance
        // is gone); its answer is the earlier one's, as if it had come a moment later.
        if (err instanceof AppError && caller.idempotency) {
          const stored = await storedAnswer(deps.db, caller.idempotency)
          if (stored) return { success: true as const, value: stored.response as EndpointOutput<E> }
        }
        throw err
      }
    },
  })

  function inputOf(req: FastifyRequest): unknown {
    return hasBody ? req.body : def.query ? req.query : undefined
  }
}

/** The handlers of some groups of the endpoint table: what one area answers. */
export type AreaHandlers<G extends keyof Endpoints> = { [K in G]: HandlerGroup<Endpoints[K]> }

/** The groups of the table each app has registered so far (checked by `assertContractWhole`). */
const registeredGroups = new WeakMap<FastifyInstance, Set<keyof Endpoints>>()

/**
 * Registers an area's groups of the table, every row with its handler; the compiler
 * refuses a missing handler, and a group registered twice is refused at start.
 */
export function registerContract<G extends keyof Endpoints>(
  app: FastifyInstance,
  handlers: AreaHandlers<G>,
  deps: RouteDeps,
): void {
  const done = registeredGroups.get(app) ?? new Set<keyof Endpoints>()
  registeredGroups.set(app, done)
  for (const group of Object.keys(handlers) as G[]) {
    if (done.has(group)) throw new Error(`the contract group ${group} is registered twice`)
    done.add(group)
    const defs = endpoints[group] as Record<string, EndpointDef>
    const hs = handlers[group] as Record<string, Handler<EndpointDef>>
    for (const [key, def] of Object.entries(defs)) {
      const h = hs[key]
      if (!h) throw new Error(`no handler for ${def.name}`)
      registerEndpoint(app, def, h, deps)
    }
  }
}

/** Every group of the endpoint table has an area that answers it: checked once all areas are in. */
export function assertContractWhole(app: FastifyInstance): void {
  const done = registeredGroups.get(app) ?? new Set<keyof Endpoints>()
  const missing = (Object.keys(endpoints) as (keyof Endpoints)[]).filter((g) => !done.has(g))
  if (missing.length > 0) throw new Error(`no area answers the contract groups ${missing.join(', ')}`)
}

/** The refusal an access verdict calls for, if any. */
export function refusal(v: AccessVerdict): AppError | undefined {
  if (v.ipBlocked) return new AppError('ip_blocked', 'access from this address is blocked')
  if (v.regionRestriction) return new AppError('region_restricted', 'access from this region is restricted')
  if (v.maintenance) return new AppError('system_maintenance', 'the system is under maintenance')
  return undefined
}

function headerOf(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: CallerContext
    /** The row an earlier request with this Idempotency-Key left, read with the session. */
    storedKey?: StoredKey
  }
}
