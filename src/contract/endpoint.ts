/**
 * The shape of one row of the endpoint table. The PWA's typed client, the server's
 * route registration and validation, and the contract tests all read these rows.
 */
import type { z } from 'zod/mini'
import type { ErrorCode } from './error-codes'

/**
 * Who may call an endpoint:
 * - public: anyone, visitors included;
 * - session: any valid session, guest (type 4) included;
 * - member: a real account (token, type not 4);
 * - agent: an agent account (types 1, 2, 41, 42).
 */
/** The header that carries the key of a call that moves money (`idempotent` rows), and its form. */
export const idempotencyHeader = 'Idempotency-Key'
export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/

export type AuthLevel = 'public' | 'session' | 'member' | 'agent'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface EndpointDef {
  /** Dotted name, e.g. `system.whitelabel`: the area and the row's key in that area's table. */
  readonly name: string
  readonly method: HttpMethod
  readonly path: string
  readonly auth: AuthLevel
  /** Body travels as the encrypted envelope of design.md section 2. */
  readonly encrypted: boolean
  /** The white-label node that switches this feature on or off, when one does. */
  readonly modId?: string
  /** Body encoding; the platform's forgot-password call is form-encoded. */
  readonly bodyEncoding?: 'json' | 'form'
  /** Answered to a session that must change its password first (the change itself, logout). */
  readonly beforePasswordChange?: boolean
  /** Still answered while the brand is in maintenance or the caller's region or IP is blocked. */
  readonly alwaysAvailable?: boolean
  /**
   * The call moves money: it must carry an `Idempotency-Key` header. Retrying with the same
   * key replays the first result; the same key with a different body is refused (409).
   */
  readonly idempotent?: boolean
  /**
   * Body fields that are secrets (a payment password): a retry is matched on the rest of
   * the body, so no hash of a secret is ever stored with the idempotency key.
   */
  readonly secrets?: readonly string[]
  /**
   * A public read whose answer depends only on the brand, the Language header and the
   * query: the server may serve it from a cache of the serialized answer, at most
   * SETTINGS_TTL_SECONDS old, with an ETag (If-None-Match answers 304).
   */
  readonly hotRead?: boolean
  /**
   * Query fields a hot read accepts and does not answer by (the platform's clients send
   * them): left out of its cache key, so made-up values share one cached answer.
   */
  readonly hotKeyIgnores?: readonly string[]
  /** A larger body limit in bytes (uploads of receipt images); the default is 1 MiB. */
  readonly bodyLimit?: number
  readonly query?: z.ZodMiniType
  readonly body?: z.ZodMiniType
  readonly response: z.ZodMiniType
  /** The business errorCodes this endpoint may answer with, beyond the transport ones. */
  readonly errors: readonly ErrorCode[]
}

/** Keeps the literal types of an endpoint row while checking it against EndpointDef. */
export function defineEndpoint<const E extends EndpointDef>(e: E): E {
  return e
}

type Out<S> = S extends z.ZodMiniType ? z.output<S> : never
type In<S> = S extends z.ZodMiniType ? z.input<S> : never

/** What a caller passes: the body for writes, the query for reads, nothing when neither. */
export type EndpointInput<E extends EndpointDef> = E['body'] extends z.ZodMiniType
  ? In<E['body']>
  : E['query'] extends z.ZodMiniType
    ? In<E['query']>
    : void

export type EndpointOutput<E extends EndpointDef> = Out<E['response']>

/** What a server handler receives: the body or query after the contract parsed it. */
export type EndpointParsedInput<E extends EndpointDef> = E['body'] extends z.ZodMiniType
  ? Out<E['body']>
  : E['query'] extends z.ZodMiniType
    ? Out<E['query']>
    : void
