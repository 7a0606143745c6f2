/**
 * The typed client of the platform: a small core that calls the endpoint row it is given,
 * `api.call(systemEndpoints.status, input)`. It never imports the endpoint table: each
 * feature imports its own area's rows (src/contract/<area>.ts), so an area's zod schemas
 * load with the feature that calls them, not in the entry chunk. It sends the platform's headers, unwraps the envelope, checks
 * the value against the contract, turns failures into ApiError, gives up after 20 s and
 * ends the session centrally on the session-kill codes.
 */
import {
  idempotencyHeader,
  type EndpointDef,
  type EndpointInput,
  type EndpointOutput,
} from '#contract/endpoint'
import { FailureSchema, successEnvelope, type Failure } from '#contract/envelope'
import { ErrorCodeSchema, sessionKillCodes, type ErrorCode } from '#contract/error-codes'
import { PublicKeySchema, systemEndpoints, type PublicKey } from '#contract/system'

export class ApiError extends Error {
  constructor(
    readonly errorCode: ErrorCode,
    readonly status: number,
    message: string,
    readonly value?: Failure['value'],
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface ApiClientOptions {
  baseUrl: string
  token: () => string | null
  merchant: () => string | null
  /** The Language header: the platform's code (KM, EN, CN, TH, VI). */
  language: () => string
  /** A session-ending answer, with the token the request carried (null without one). */
  onSessionKilled?: (code: ErrorCode, token: string | null) => void
  /**
   * Every answer checked against the contract, with when the service worker stored it
   * (its `X-Cache-Stored-At` header, epoch ms; null when it came from the network).
   */
  onAnswer?: (def: EndpointDef, storedAt: number | null) => void
  fetch?: typeof fetch
  timeoutMs?: number
  /**
   * Resolves when reads may be sent: while the page hydrates, an answer that arrived would
   * make a part not hydrated yet draw other data than the server drew (src/lib/hydration.ts).
   */
  readsOpen?: () => Promise<void>
}

export interface CallOptions {
  signal?: AbortSignal
  /**
   * The Idempotency-Key of a call that moves money (`idempotent` rows). A form passes the
   * same key when the user retries after a network error, so the money moves once; without
   * one the client makes a fresh key for this call.
   */
  idempotencyKey?: string
}

/** A fresh idempotency key: 32 hex digits (the platform takes 8-128 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replace(/-/g, '')
}

/** The arguments after the row: the input (optional when the row takes none), then options. */
export type CallArgs<E extends EndpointDef> =
  EndpointInput<E> extends void
    ? [input?: void, opts?: CallOptions]
    : [input: EndpointInput<E>, opts?: CallOptions]

export interface ApiClient {
  /** Calls one endpoint row: sends its input, answers its parsed value or throws ApiError. */
  call<E extends EndpointDef>(def: E, ...args: CallArgs<E>): Promise<EndpointOutput<E>>
}

function queryString(input: unknown): string {
  if (!input || typeof input !== 'object') return ''
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (v === undefined || v === null) continue
    params.append(k, String(v))
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

function retryAfter(res: Response): number | undefined {
  const h = res.headers.get('retry-after')
  if (!h) return undefined
  const n = Number(h)
  return Number.isFinite(n) ? n : undefined
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a))
  const timeoutMs = opts.timeoutMs ?? 20_000
  let publicKey: PublicKey | undefined

  async function send(
    def: EndpointDef,
    input: unknown,
    call: CallOptions,
    sealedWith?: PublicKey,
  ): Promise<unknown> {
    if (def.method === 'GET' && opts.readsOpen) await opts.readsOpen()
    const headers: Record<string, string> = {
      'X-Gateway-Version': '3',
      Device: 'web',
      Language: opts.language(),
      Accept: 'application/json',
    }
    const token = opts.token()
    if (token) headers.Authorization = token
    if (def.idempotent && call.idempotencyKey) headers[idempotencyHeader] = call.idempotencyKey
    const merchant = opts.merchant()
    if (merchant) headers.Merchant = merchant

    let url = opts.baseUrl + def.path
    let body: string | undefined
    const writes = def.method !== 'GET' && def.body !== undefined
    if (!writes) {
      url += queryString(input)
    } else if (def.encrypted) {
      const pk = sealedWith ?? publicKey ?? (await fetchPublicKey(call))
      // The sealing code loads with the first encrypted call: the home screen makes none.
      const { seal } = await import('./crypto-envelope')
      const sealed = await seal(pk, input)
      headers.Encryption = sealed.header
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(sealed.body)
    } else if (def.bodyEncoding === 'form') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      body = queryString(input).slice(1)
    } else {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(input ?? {})
    }

    const ctrl = new AbortController()
    const timer = setTimeout(() => ctrl.abort(), timeoutMs)
    const onAbort = () => ctrl.abort()
    call.signal?.addEventListener('abort', onAbort, { once: true })
    let res: Response
    try {
      res = await doFetch(url, {
        method: def.method,
        headers,
        body,
        signal: ctrl.signal,
        credentials: 'same-origin',
      })
    } catch (err) {
      if (call.signal?.aborted) throw err
      if (ctrl.signal.aborted) throw new ApiError('timeout_retry_please', 0, 'the request took too long')
      throw new ApiError('network_error', 0, 'the network is unreachable')
    } finally {
      clearTimeout(timer)
      call.signal?.removeEventListener('abort', onAbort)
    }

    let json: unknown
    try {
      json = await res.json()
    } catch {
      if (res.status === 504) throw new ApiError('timeout_retry_please', 504, 'gateway timeout')
      throw new ApiError(
        res.ok ? 'invalid_response' : 'service_unavailable',
        res.status,
        `HTTP ${res.status}`,
      )
    }

    if (res.ok) {
      const parsed = successEnvelope(def.response).safeParse(json)
      if (parsed.success) {
        const storedAt = Number(res.headers.get('x-cache-stored-at'))
        opts.onAnswer?.(def, storedAt > 0 ? storedAt : null)
        return parsed.data.value
      }
    }
    const failure = FailureSchema.safeParse(json)
    if (!failure.success) {
      // A failure with a code outside our enum still carries a usable status.
      const loose = json as { errorCode?: unknown; message?: unknown }
      const code = ErrorCodeSchema.safeParse(loose?.errorCode)
      throw new ApiError(
        code.success ? code.data : res.ok ? 'invalid_response' : 'service_unavailable',
        res.status,
        typeof loose?.message === 'string' ? loose.message : `HTTP ${res.status}`,
      )
    }
    const f = failure.data
    if (f.errorCode === 'encryption_key_unknown' && def.encrypted && !sealedWith) {
      const next = PublicKeySchema.safeParse((f.value as { publicKey?: unknown } | undefined)?.publicKey)
      if (next.success) {
        publicKey = next.data
        return send(def, input, call, next.data)
      }
    }
    if (sessionKillCodes.includes(f.errorCode)) opts.onSessionKilled?.(f.errorCode, token)
    throw new ApiError(f.errorCode, res.status, f.message, f.value, retryAfter(res))
  }

  async function fetchPublicKey(call: CallOptions): Promise<PublicKey> {
    const pk = (await send(systemEndpoints.publicKey, undefined, call)) as PublicKey
    publicKey = pk
    return pk
  }

  return {
    call<E extends EndpointDef>(def: E, ...[input, o = {}]: CallArgs<E>) {
      // One key per call (kept across the encryption-key retry inside send).
      const call = def.idempotent && !o.idempotencyKey ? { ...o, idempotencyKey: newIdempotencyKey() } : o
      return send(def, input, call) as Promise<EndpointOutput<E>>
    },
  }
}
