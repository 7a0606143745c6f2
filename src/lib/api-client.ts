/**
 * The typed client of the platform, made from the contract's endpoint table:
 * `api.system.status()`. It sends the platform's headers, unwraps the envelope, checks
 * the value against the contract, turns failures into ApiError, gives up after 20 s and
 * ends the session centrally on the session-kill codes.
 */
import { ErrorCodeSchema, sessionKillCodes, type ErrorCode } from '#contract/error-codes'
import type { EndpointDef, EndpointInput, EndpointOutput } from '#contract/endpoint'
import { FailureSchema, successEnvelope, type Failure } from '#contract/envelope'
import { endpoints, type Endpoints } from '#contract/endpoints'
import { PublicKeySchema, type PublicKey } from '#contract/system'
import { seal } from './crypto-envelope'

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
  onSessionKilled?: (code: ErrorCode) => void
  fetch?: typeof fetch
  timeoutMs?: number
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

type Call<E extends EndpointDef> =
  EndpointInput<E> extends void
    ? (input?: void, opts?: CallOptions) => Promise<EndpointOutput<E>>
    : (input: EndpointInput<E>, opts?: CallOptions) => Promise<EndpointOutput<E>>

export type Api = {
  [G in keyof Endpoints]: {
    [K in keyof Endpoints[G]]: Endpoints[G][K] extends EndpointDef ? Call<Endpoints[G][K]> : never
  }
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

export function createApiClient(opts: ApiClientOptions) {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a))
  const timeoutMs = opts.timeoutMs ?? 20_000
  let publicKey: PublicKey | undefined

  async function send(
    def: EndpointDef,
    input: unknown,
    call: CallOptions,
    sealedWith?: PublicKey,
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      'X-Gateway-Version': '3',
      Device: 'web',
      Language: opts.language(),
      Accept: 'application/json',
    }
    const token = opts.token()
    if (token) headers.Authorization = token
    if (def.idempotent && call.idempotencyKey) headers['Idempotency-Key'] = call.idempotencyKey
    const merchant = opts.merchant()
    if (merchant) headers.Merchant = merchant

    let url = opts.baseUrl + def.path
    let body: string | undefined
    const writes = def.method !== 'GET' && def.body !== undefined
    if (!writes) {
      url += queryString(input)
    } else if (def.encrypted) {
      const pk = sealedWith ?? publicKey ?? (await fetchPublicKey(call))
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
      if (parsed.success) return parsed.data.value
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
    if (sessionKillCodes.includes(f.errorCode)) opts.onSessionKilled?.(f.errorCode)
    throw new ApiError(f.errorCode, res.status, f.message, f.value, retryAfter(res))
  }

  async function fetchPublicKey(call: CallOptions): Promise<PublicKey> {
    const pk = (await send(endpoints.system.publicKey, undefined, call)) as PublicKey
    publicKey = pk
    return pk
  }

  const api = {} as Record<string, Record<string, (input?: unknown, o?: CallOptions) => Promise<unknown>>>
  for (const [group, defs] of Object.entries(endpoints)) {
    const g: Record<string, (input?: unknown, o?: CallOptions) => Promise<unknown>> = {}
    for (const [key, def] of Object.entries(defs as Record<string, EndpointDef>)) {
      // One key per call (kept across the encryption-key retry inside send).
      g[key] = (input?: unknown, o: CallOptions = {}) =>
        send(
          def,
          input,
          def.idempotent && !o.idempotencyKey ? { ...o, idempotencyKey: newIdempotencyKey() } : o,
        )
    }
    api[group] = g
  }
  return api as unknown as Api
}
