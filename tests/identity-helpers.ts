/**
 * Helpers of the identity suites: a clock the tests move by hand, a client-side sealer
 * for encrypted bodies written from design.md section 2 (node:crypto only), logging in,
 * and solving a captcha by reading its answer from the database.
 */
import { constants, createCipheriv, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { FailureSchema, successEnvelope, type Failure } from '#contract/envelope'
import { LoginResponseSchema, type LoginResponse } from '#contract/identity'
import { PublicKeySchema, type PublicKey } from '#contract/system'
import { captchas, members } from '#server/db/schema'
import type { TestServer } from './build-server'

export const second = 1000
export const minute = 60 * second
export const hour = 60 * minute
export const day = 24 * hour

/** The application's clock in a test: it moves only when the test says so. */
export interface Clock {
  now(): Date
  advance(ms: number): void
}

export function createClock(start: number = Date.now()): Clock {
  let t = start
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms
    },
  }
}

type Server = Pick<TestServer, 'app' | 'db'>

export interface Sealed {
  headers: { encryption: string }
  payload: { value: string }
}

/**
 * Seals a payload the way design.md section 2 describes: a fresh AES-256-GCM key and
 * 12-byte IV per request, the key wrapped with RSA-OAEP-SHA-256 under the server's public
 * key, header `Encryption: <kid>.<base64url(wrapped key)>`, body
 * `{"value": base64url(iv || ciphertext || tag)}`.
 */
export async function seal(server: Server, payload: unknown): Promise<Sealed> {
  const res = await server.app.inject({ method: 'GET', url: '/wps/system/publicKey' })
  return sealWith(successEnvelope(PublicKeySchema).parse(res.json()).value, payload)
}

/** Seals a payload with a public key already in hand (a server reached over HTTP). */
export function sealWith(pk: PublicKey, payload: unknown): Sealed {
  const aesKey = randomBytes(32)
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv)
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()])
  const rsa = createPublicKey({ key: Buffer.from(pk.spki, 'base64'), format: 'der', type: 'spki' })
  const wrapped = publicEncrypt(
    { key: rsa, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  )
  return {
    headers: { encryption: `${pk.kid}.${wrapped.toString('base64url')}` },
    payload: { value: Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url') },
  }
}

export interface CallOptions {
  /** The caller's address (Fastify's req.ip; the app does not trust proxies in tests). */
  ip?: string
  /** The raw session token for the Authorization header. */
  token?: string
  /** A captcha cookie value (the captcha's id). */
  captchaId?: string
  headers?: Record<string, string>
}

function headersOf(opts: CallOptions): Record<string, string> {
  return {
    ...(opts.token === undefined ? {} : { authorization: opts.token }),
    ...(opts.captchaId === undefined ? {} : { cookie: `portal_captcha=${opts.captchaId}` }),
    ...opts.headers,
  }
}

/** Calls an encrypted endpoint with a sealed body. */
export async function sealedCall(
  server: Server,
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const sealed = await seal(server, body)
  return server.app.inject({
    method,
    url,
    headers: { ...headersOf(opts), ...sealed.headers },
    payload: sealed.payload,
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  })
}

/** Calls a plain endpoint (JSON body when one is given). */
export async function plainCall(
  server: Server,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: CallOptions & { body?: object } = {},
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method,
    url,
    headers: headersOf(opts),
    ...(opts.body === undefined ? {} : { payload: opts.body }),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  })
}

export interface LoginInput {
  username: string
  password: string
  captcha?: string
  entrance?: 'member' | 'agent'
  /** "Stay signed in". */
  rememberDevice?: boolean
}

export function login(
  server: Server,
  input: LoginInput,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return sealedCall(server, 'POST', '/wps/session/login', input, opts)
}

/** The success value of a response; fails with the body when the call did not succeed. */
export function valueOf<T>(res: LightMyRequestResponse, parse: (v: unknown) => T): T {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`)
  const body = res.json() as { success?: unknown; value?: unknown }
  if (body.success !== true) throw new Error(`expected success: ${res.body}`)
  return parse(body.value)
}

export function loginValue(res: LightMyRequestResponse): LoginResponse {
  return valueOf(res, (v) => LoginResponseSchema.parse(v))
}

/** The failure envelope of a response, checked against the contract's failure schema. */
export function failureOf(res: LightMyRequestResponse): Failure {
  return FailureSchema.parse(res.json())
}

/** The field paths a validation failure names. */
export function fieldPaths(res: LightMyRequestResponse): string[] {
  return (failureOf(res).value?.fields ?? []).map((f) => f.path)
}

/** Logs in and returns the session token (throws when the login is refused). */
export async function tokenOf(
  server: Server,
  username: string,
  password: string,
  opts: CallOptions = {},
): Promise<string> {
  return loginValue(await login(server, { username, password }, opts)).token
}

export interface SolvedCaptcha {
  /** The captcha's id, as the portal_captcha cookie carries it. */
  id: string
  answer: string
  /** The data: URL the endpoint answered with. */
  image: string
}

/**
 * Gets a captcha and reads its answer from the captchas table. The endpoint rations
 * captchas per address: when it answers 429, the clock (when one is given) is moved on by
 * the Retry-After it asked for and the call is made once more; otherwise the call fails.
 */
export async function solveCaptcha(
  server: Server,
  opts: { clock?: Clock; ip?: string } = {},
): Promise<SolvedCaptcha> {
  const get = () =>
    server.app.inject({ method: 'GET', url: '/wps/captcha', ...(opts.ip ? { remoteAddress: opts.ip } : {}) })
  let res = await get()
  if (res.statusCode === 429 && opts.clock) {
    opts.clock.advance(Number(res.headers['retry-after'] ?? 1) * second)
    res = await get()
  }
  if (res.statusCode !== 200) throw new Error(`captcha: ${res.statusCode} ${res.body}`)
  const cookie = res.cookies.find((c) => c.name === 'portal_captcha')
  if (!cookie) throw new Error('no portal_captcha cookie')
  const [row] = await server.db.select().from(captchas).where(eq(captchas.id, cookie.value))
  if (!row) throw new Error(`captcha ${cookie.value} is not in the captchas table`)
  const image = (res.json() as { value: string }).value
  return { id: cookie.value, answer: row.answer, image }
}

/** A wrong answer of the captcha's own shape (4 letters or digits). */
export function wrongAnswer(c: SolvedCaptcha): string {
  return c.answer === 'zzzz' ? 'yyyy' : 'zzzz'
}

/** Distinct caller addresses, so throttles keyed by address do not leak between tests. */
export function addresses(prefix: string): () => string {
  let n = 0
  return () => {
    n++
    return `${prefix}.${Math.floor(n / 250)}.${(n % 250) + 1}`
  }
}

export type MemberRow = typeof members.$inferSelect

/**
 * Inserts an account straight into the members table (hashed as the app hashes), for
 * tests that need an account of their own: its own throttles, a trial or disabled one.
 */
export async function createMember(
  server: Pick<TestServer, 'db' | 'services' | 'config'>,
  opts: {
    username: string
    password: string
    type?: number
    status?: 'active' | 'disabled'
    passwordChangedAt?: Date
    /** The upline agent's id: the account joins that agent's team. */
    parentId?: number
  },
): Promise<MemberRow> {
  const [row] = await server.db
    .insert(members)
    .values({
      merchantCode: server.config.MERCHANT_CODE,
      username: opts.username.toLowerCase(),
      account: opts.username,
      nickname: opts.username,
      passwordHash: await server.services.passwords.hash(opts.password),
      type: opts.type ?? 0,
      status: opts.status ?? 'active',
      parentId: opts.parentId ?? null,
      ...(opts.passwordChangedAt ? { passwordChangedAt: opts.passwordChangedAt } : {}),
    })
    .returning()
  if (!row) throw new Error(`member ${opts.username} not created`)
  return row
}

/** The seeded account of that (lower-case) username. */
export async function memberNamed(server: Pick<TestServer, 'db'>, username: string): Promise<MemberRow> {
  const [row] = await server.db.select().from(members).where(eq(members.username, username))
  if (!row) throw new Error(`no member ${username}`)
  return row
}
