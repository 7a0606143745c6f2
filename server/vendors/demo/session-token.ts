/**
 * The vendor's play-session token: what a launch hands the game page in its address
 * (`?s=`), and the only thing its API calls authenticate with (the page runs in a sandboxed
 * frame: no cookies, no storage). base64url(JSON claims) "." base64url(HMAC-SHA256), with an
 * expiry; claims are checked against a schema after the signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod/mini'
import { bookPattern } from './sports'

export const gameKinds = ['slot', 'table', 'live', 'fish', 'sports', 'esports'] as const
export type GameKind = (typeof gameKinds)[number]

/** A fixture id as a launch may name it. */
export const matchIdPattern = /^[A-Za-z0-9_-]{1,40}$/

export const SessionClaimsSchema = z.object({
  /** The session's id (a uuid): its seeds and free-play balance. */
  sid: z.string().check(z.regex(/^[0-9a-f-]{36}$/)),
  /** The platform's player token; null for free play. */
  player: z.nullable(z.string().check(z.regex(/^[A-Za-z0-9_:.-]{1,64}$/))),
  name: z.string().check(z.maxLength(64)),
  currency: z.string().check(z.regex(/^[A-Z0-9]{2,8}$/)),
  decimals: z.int().check(z.gte(0), z.lte(8)),
  language: z.string().check(z.maxLength(8)),
  gameCode: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/)),
  gameName: z.string().check(z.maxLength(120)),
  kind: z.enum(gameKinds),
  lobbyPath: z.string().check(z.maxLength(200)),
  /** Sports and esports: the fixture the platform launched on (its page opens there). */
  match: z.optional(z.string().check(z.regex(matchIdPattern))),
  /** Sports and esports: the book (the vendor code) whose fixtures the page offers. */
  book: z.optional(z.string().check(z.regex(bookPattern))),
  /** Expiry, epoch ms. */
  exp: z.number(),
})
export type SessionClaims = z.infer<typeof SessionClaimsSchema>

/** The token as it may appear in a request (base64url parts and one dot). */
export const tokenPattern = /^[A-Za-z0-9_-]{10,2000}\.[A-Za-z0-9_-]{43}$/

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`demo-session.${payload}`).digest()
}

export function signSession(secret: string, claims: SessionClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${payload}.${mac(secret, payload).toString('base64url')}`
}

export type SessionCheck = { ok: true; claims: SessionClaims } | { ok: false; reason: 'invalid' | 'expired' }

export function verifySession(secret: string, token: string, now: Date): SessionCheck {
  if (!tokenPattern.test(token)) return { ok: false, reason: 'invalid' }
  const [payload = '', signature = ''] = token.split('.')
  const expected = mac(secret, payload)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' }
  }
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  const parsed = SessionClaimsSchema.safeParse(json)
  if (!parsed.success) return { ok: false, reason: 'invalid' }
  if (parsed.data.exp <= now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, claims: parsed.data }
}
