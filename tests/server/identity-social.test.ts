/**
 * Social sign-in against a local OpenID provider (oauth2-mock-server, which checks PKCE
 * and echoes the nonce) and with Telegram widget payloads signed here with the bot token.
 */
import { createHash, createHmac } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { OAuth2Server, type MutableResponse, type MutableToken } from 'oauth2-mock-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LoginResponseSchema, MemberInfoSchema, type LoginResponse } from '#contract/identity'
import { loadConfig } from '#server/config/env'
import { members, sessions, socialIdentities } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import {
  addresses,
  createClock,
  failureOf,
  memberNamed,
  minute,
  plainCall,
  valueOf,
  type Clock,
} from '../identity-helpers'

const nextIp = addresses('10.33')
const botToken = '7000001:test-bot-token'
let mock: OAuth2Server
let server: TestServer
let clock: Clock
/** The person the local provider signs in next. */
let person: Record<string, unknown> = {}

beforeAll(async () => {
  mock = new OAuth2Server()
  await mock.issuer.keys.generate('RS256')
  await mock.start(0, '127.0.0.1')
  mock.service.on('beforeTokenSigning', (token: MutableToken) => {
    Object.assign(token.payload, person)
  })
  clock = createClock()
  server = await build({
    now: () => clock.now(),
    config: {
      GOOGLE_CLIENT_ID: 'portal-client',
      GOOGLE_CLIENT_SECRET: 'portal-secret',
      GOOGLE_ISSUER: mock.issuer.url,
      TELEGRAM_BOT_TOKEN: botToken,
      TELEGRAM_BOT_USERNAME: 'lotus_test_bot',
    },
  })
  await runOps(server, 'flag', 'set', 'GOOGLELOGIN3', 'on')
  await runOps(server, 'flag', 'set', 'TELEGRAMLOGIN3', 'on')
})
afterAll(async () => {
  await server?.close()
  await mock?.stop()
})
beforeEach(() => {
  person = {}
})

interface Started {
  url: URL
  cookie: string
}

async function start(provider: 'google' | 'facebook' | 'telegram'): Promise<Started> {
  const res = await plainCall(server, 'POST', '/wps/session/social/start', {
    ip: nextIp(),
    body: { provider },
  })
  const { url } = valueOf(res, (v) => v as { url: string })
  const cookie = res.cookies.find((c) => c.name === 'portal_social')
  if (!cookie) throw new Error('no portal_social cookie')
  expect(cookie.httpOnly).toBe(true)
  expect(cookie.path).toBe('/wps/session/social')
  return { url: new URL(url), cookie: cookie.value }
}

/** What the provider sends the browser back with (the mock answers /authorize at once). */
async function atProvider(s: Started): Promise<URL> {
  const res = await fetch(s.url, { redirect: 'manual' })
  const location = res.headers.get('location')
  if (res.status !== 302 || !location) throw new Error(`provider answered ${res.status}`)
  return new URL(location)
}

/** The portal's callback with the browser's cookie; returns the fragment's key and value. */
async function callback(back: URL, cookie: string | undefined): Promise<{ key: string; value: string }> {
  const res = await server.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    remoteAddress: nextIp(),
    ...(cookie ? { cookies: { portal_social: cookie } } : {}),
  })
  expect(res.statusCode, res.body).toBe(302)
  const location = new URL(String(res.headers.location))
  expect(location.pathname).toBe('/index')
  expect(location.search).toBe('')
  const [key, value] = location.hash.slice(1).split('=')
  return { key: key ?? '', value: decodeURIComponent(value ?? '') }
}

function exchange(code: string, cookie: string | undefined): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: '/wps/session/social/exchange',
    payload: { code },
    remoteAddress: nextIp(),
    ...(cookie ? { cookies: { portal_social: cookie } } : {}),
  })
}

const loginOf = (res: LightMyRequestResponse): LoginResponse =>
  valueOf(res, (v) => LoginResponseSchema.parse(v))

/** A whole Google sign-in as the browser makes it; returns the session. */
async function googleSignIn(): Promise<LoginResponse> {
  const s = await start('google')
  const back = await callback(await atProvider(s), s.cookie)
  expect(back.key, back.value).toBe('social_code')
  return loginOf(await exchange(back.value, s.cookie))
}

async function memberInfo(token: string) {
  return valueOf(await plainCall(server, 'GET', '/wps/member/info', { token, ip: nextIp() }), (v) =>
    MemberInfoSchema.parse(v),
  )
}

describe('configuration of the providers', () => {
  it('takes a client id with its secret, and an https issuer (http only on this machine)', () => {
    const c = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })
    expect(c.GOOGLE_ISSUER).toBe('https://accounts.google.com')
    expect(loadConfig({ FACEBOOK_ISSUER: 'http://127.0.0.1:9000' }).FACEBOOK_ISSUER).toBe(
      'http://127.0.0.1:9000',
    )
    expect(() => loadConfig({ GOOGLE_ISSUER: 'http://accounts.example' })).toThrow(
      /GOOGLE_ISSUER: must be an https/,
    )
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/)
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: '1:x' })).toThrow(/TELEGRAM_BOT_USERNAME/)
  })
})

describe('which providers are offered', () => {
  it('lists a provider only when it is configured and its flag is on', async () => {
    const list = async () =>
      valueOf(
        await plainCall(server, 'GET', '/wps/session/social/providers'),
        (v) => v as { providers: string[] },
      )
    // Facebook's flag is on too, but it has no client configured.
    await runOps(server, 'flag', 'set', 'FACEBOOKLOGIN3', 'on')
    try {
      expect((await list()).providers).toEqual(['google', 'telegram'])
      const fb = await plainCall(server, 'POST', '/wps/session/social/start', {
        body: { provider: 'facebook' },
      })
      expect(failureOf(fb).errorCode).toBe('feature_disabled')
    } finally {
      await runOps(server, 'flag', 'set', 'FACEBOOKLOGIN3', 'off')
    }
    await runOps(server, 'flag', 'set', 'GOOGLELOGIN3', 'off')
    try {
      expect((await list()).providers).toEqual(['telegram'])
      const res = await plainCall(server, 'POST', '/wps/session/social/start', {
        body: { provider: 'google' },
      })
      expect(res.statusCode).toBe(403)
      expect(failureOf(res).errorCode).toBe('feature_disabled')
    } finally {
      await runOps(server, 'flag', 'set', 'GOOGLELOGIN3', 'on')
    }
  })
})

describe('Google sign-in (OpenID Connect, code flow with PKCE)', () => {
  it('sends the browser to the provider with PKCE (S256), state and nonce, and keeps them server-side', async () => {
    const s = await start('google')
    expect(s.url.origin).toBe(new URL(mock.issuer.url ?? '').origin)
    expect(s.url.searchParams.get('client_id')).toBe('portal-client')
    expect(s.url.searchParams.get('response_type')).toBe('code')
    expect(s.url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(s.url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(s.url.searchParams.get('state')).toBeTruthy()
    expect(s.url.searchParams.get('nonce')).toBeTruthy()
    expect(s.url.searchParams.get('scope')).toBe('openid email profile')
    expect(s.url.searchParams.get('redirect_uri')).toBe(
      'http://localhost:80/wps/session/social/callback/google',
    )
    // The verifier never leaves the server.
    expect(s.url.search).not.toContain('code_verifier')
  })

  it('creates a member account for a new person, and signs them in with a normal session', async () => {
    person = { sub: 'google-1001', email: 'Ana.Lee@example.com', email_verified: true, name: 'Ana Lee' }
    const res = await googleSignIn()
    expect(res.mustChangePassword).toBe(false)
    expect(res.firstTimeLogin).toBe(true)
    const info = await memberInfo(res.token)
    expect(info).toMatchObject({ account: 'analee', nickname: 'Ana Lee', type: 0 })
    const [link] = await server.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.subject, 'google-1001'))
    expect(link).toMatchObject({ provider: 'google', memberId: info.id, email: 'ana.lee@example.com' })
    const [m] = await server.db.select().from(members).where(eq(members.id, info.id))
    expect(m?.email).toBe('ana.lee@example.com')
    const [session] = await server.db.select().from(sessions).where(eq(sessions.memberId, info.id))
    expect(session?.loginType).toBe('social')
  })

  it('signs the same person into the same account next time, and a namesake gets another username', async () => {
    person = { sub: 'google-1001', email: 'ana.lee@example.com', email_verified: true, name: 'Ana Lee' }
    const again = await memberInfo((await googleSignIn()).token)
    expect(again.account).toBe('analee')
    const count = await server.db.select().from(members).where(eq(members.username, 'analee'))
    expect(count).toHaveLength(1)

    // An unverified e-mail is neither kept nor trusted; the name still gives the username.
    person = { sub: 'google-2002', email: 'analee@other.example', email_verified: false, name: 'Ana Lee' }
    const other = await memberInfo((await googleSignIn()).token)
    expect(other.account).toMatch(/^analee\d{4}$/)
    expect(other.id).not.toBe(again.id)
    const [m] = await server.db.select().from(members).where(eq(members.id, other.id))
    expect(m?.email).toBeNull()
  })

  it('signs into an existing account linked to the person, without forcing its password change', async () => {
    const newbie = await memberNamed(server, 'newbie01')
    expect(newbie.mustChangePassword).toBe(true)
    await server.db.insert(socialIdentities).values({
      merchantCode: newbie.merchantCode,
      provider: 'google',
      subject: 'google-newbie',
      memberId: newbie.id,
      createdAt: clock.now(),
      lastUsedAt: clock.now(),
    })
    person = { sub: 'google-newbie', name: 'Someone Else' }
    const res = await googleSignIn()
    expect(res.mustChangePassword).toBe(false)
    expect((await memberInfo(res.token)).account).toBe('newbie01')
    // Endpoints a forced change would block are open to this session.
    const icon = await plainCall(server, 'GET', '/wps/member/info/icon', { token: res.token, ip: nextIp() })
    expect(icon.statusCode, icon.body).toBe(200)
  })

  it('refuses a state that is not this browser’s, a second use of the same return, and no cookie', async () => {
    person = { sub: 'google-3003' }
    const s = await start('google')
    const back = await atProvider(s)
    const forged = new URL(back)
    forged.searchParams.set('state', 'someone-elses-state')
    expect(await callback(forged, s.cookie)).toEqual({ key: 'social_error', value: 'social_state_mismatch' })
    // The flow is used up by the forged return: the real one cannot follow it.
    expect(await callback(back, s.cookie)).toEqual({ key: 'social_error', value: 'social_state_mismatch' })

    const s2 = await start('google')
    const back2 = await atProvider(s2)
    expect(await callback(back2, undefined)).toEqual({ key: 'social_error', value: 'social_state_mismatch' })
    const other = await start('google')
    expect(await callback(back2, other.cookie)).toEqual({
      key: 'social_error',
      value: 'social_state_mismatch',
    })
    expect(
      await server.db.select().from(socialIdentities).where(eq(socialIdentities.subject, 'google-3003')),
    ).toEqual([])
  })

  it('hands the session over once, only to the browser that began the sign-in', async () => {
    person = { sub: 'google-4004' }
    const s = await start('google')
    const back = await callback(await atProvider(s), s.cookie)
    const stranger = await start('google')
    expect(failureOf(await exchange(back.value, stranger.cookie)).errorCode).toBe('social_state_mismatch')
    expect(failureOf(await exchange(back.value, undefined)).errorCode).toBe('social_state_mismatch')
    expect(failureOf(await exchange('wrong-code', s.cookie)).errorCode).toBe('social_state_mismatch')
    expect(loginOf(await exchange(back.value, s.cookie)).token).toBeTruthy()
    const replay = await exchange(back.value, s.cookie)
    expect(replay.statusCode).toBe(400)
    expect(failureOf(replay).errorCode).toBe('social_state_mismatch')
  })

  it('says the sign-in expired after 10 minutes at the provider, or 2 before the hand-over', async () => {
    person = { sub: 'google-5005' }
    const slow = await start('google')
    const back = await atProvider(slow)
    clock.advance(11 * minute)
    expect(await callback(back, slow.cookie)).toEqual({ key: 'social_error', value: 'social_expired' })

    const late = await start('google')
    const code = await callback(await atProvider(late), late.cookie)
    clock.advance(3 * minute)
    expect(failureOf(await exchange(code.value, late.cookie)).errorCode).toBe('social_expired')
  })

  it('reports a declined consent and a provider error, and refuses an ID token with another nonce', async () => {
    const s = await start('google')
    const denied = new URL('http://localhost/wps/session/social/callback/google')
    denied.searchParams.set('error', 'access_denied')
    denied.searchParams.set('state', s.url.searchParams.get('state') ?? '')
    expect(await callback(denied, s.cookie)).toEqual({ key: 'social_error', value: 'social_denied' })

    const s2 = await start('google')
    const failing = (res: MutableResponse) => {
      res.statusCode = 400
      res.body = { error: 'invalid_grant' }
    }
    mock.service.once('beforeResponse', failing)
    expect(await callback(await atProvider(s2), s2.cookie)).toEqual({
      key: 'social_error',
      value: 'social_provider_error',
    })

    person = { sub: 'google-6006', nonce: 'not-the-one-we-sent' }
    const s3 = await start('google')
    expect(await callback(await atProvider(s3), s3.cookie)).toEqual({
      key: 'social_error',
      value: 'social_provider_error',
    })
    expect(
      await server.db.select().from(socialIdentities).where(eq(socialIdentities.subject, 'google-6006')),
    ).toEqual([])
  })

  it('refuses the return when the flag was switched off meanwhile', async () => {
    person = { sub: 'google-7007' }
    const s = await start('google')
    const back = await atProvider(s)
    await runOps(server, 'flag', 'set', 'GOOGLELOGIN3', 'off')
    try {
      expect(await callback(back, s.cookie)).toEqual({ key: 'social_error', value: 'feature_disabled' })
    } finally {
      await runOps(server, 'flag', 'set', 'GOOGLELOGIN3', 'on')
    }
  })
})

/** A Telegram login widget payload signed as Telegram signs it (the key is SHA-256 of the bot token). */
function signed(fields: Record<string, string>, token = botToken): Record<string, string> {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n')
  const key = createHash('sha256').update(token).digest()
  return { ...fields, hash: createHmac('sha256', key).update(check).digest('hex') }
}

function telegramReturn(fields: Record<string, string>): URL {
  const u = new URL('http://localhost/wps/session/social/callback/telegram')
  for (const [k, v] of Object.entries(fields)) u.searchParams.set(k, v)
  return u
}

describe('Telegram sign-in (login widget)', () => {
  const now = () => String(Math.floor(clock.now().getTime() / 1000))

  it('shows the widget for the bot on a page of its own, which sends the browser back to the callback', async () => {
    const s = await start('telegram')
    expect(s.url.pathname).toBe('/wps/session/social/telegram')
    const page = await server.app.inject({
      method: 'GET',
      url: s.url.pathname,
      cookies: { portal_social: s.cookie },
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('data-telegram-login="lotus_test_bot"')
    expect(page.body).toContain('data-auth-url="http://localhost:80/wps/session/social/callback/telegram"')
    expect(String(page.headers['content-security-policy'])).toContain('script-src https://telegram.org')
  })

  it('signs in with a valid payload and creates the account once', async () => {
    const payload = signed({
      id: '55501',
      first_name: 'Sok',
      last_name: 'Dara',
      username: 'sokdara',
      auth_date: now(),
    })
    const s = await start('telegram')
    const back = await callback(telegramReturn(payload), s.cookie)
    expect(back.key, back.value).toBe('social_code')
    const res = loginOf(await exchange(back.value, s.cookie))
    expect(await memberInfo(res.token)).toMatchObject({ account: 'sokdara', nickname: 'Sok Dara' })
    const links = await server.db
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, 'telegram'), eq(socialIdentities.subject, '55501')))
    expect(links).toHaveLength(1)

    // The same payload replayed from another browser inside its lifetime is refused.
    const thief = await start('telegram')
    expect(await callback(telegramReturn(payload), thief.cookie)).toEqual({
      key: 'social_error',
      value: 'social_state_mismatch',
    })
  })

  it('refuses a tampered payload and one signed with another bot’s token', async () => {
    const good = signed({ id: '55502', first_name: 'Vann', auth_date: now() })
    const s = await start('telegram')
    expect(await callback(telegramReturn({ ...good, id: '1' }), s.cookie)).toEqual({
      key: 'social_error',
      value: 'social_state_mismatch',
    })
    const s2 = await start('telegram')
    const foreign = signed({ id: '55502', first_name: 'Vann', auth_date: now() }, '9999:another-bot')
    expect(await callback(telegramReturn(foreign), s2.cookie)).toEqual({
      key: 'social_error',
      value: 'social_state_mismatch',
    })
    expect(
      await server.db.select().from(socialIdentities).where(eq(socialIdentities.subject, '55502')),
    ).toEqual([])
  })

  it('refuses a stale payload (auth_date older than 15 minutes)', async () => {
    const old = String(Math.floor(clock.now().getTime() / 1000) - 16 * 60)
    const s = await start('telegram')
    expect(await callback(telegramReturn(signed({ id: '55503', auth_date: old })), s.cookie)).toEqual({
      key: 'social_error',
      value: 'social_expired',
    })
  })
})
