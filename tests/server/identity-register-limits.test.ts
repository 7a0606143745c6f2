/**
 * What a registration must get past: the captcha it needs (and GET /wps/captcha that hands
 * it out), the operator's switches, and the per-address limit. Each test registers from its
 * own addresses, so the 10-an-hour limit never leaks between them.
 */
import { type RegisterRequest } from '#contract/identity'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captchas } from '../../server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import {
  addresses,
  createClock,
  failureOf,
  fieldPaths,
  hour,
  minute,
  plainCall,
  second,
  solveCaptcha,
  valueOf,
  wrongAnswer,
} from '../identity-helpers'
import { registerTools } from './identity-register-setup'

const clock = createClock()
const nextIp = addresses('10.3')
let server: TestServer

beforeAll(async () => {
  server = await build({ now: clock.now })
})
afterAll(async () => {
  await server?.close()
})

const { register, registerAs, tableCounts, membersNamed } = registerTools(() => server, clock, nextIp)

describe('the captcha of the registration', () => {
  const body = (username: string, captcha?: string): RegisterRequest => ({
    username,
    password: 'abc12345',
    confirmPassword: 'abc12345',
    termsAccepted: true,
    ...(captcha === undefined ? {} : { captcha }),
  })

  it('refuses a registration without a captcha: the seeded rules make the captcha field required', async () => {
    const before = await tableCounts()
    const res = await register(body('nocaptcha1'), { ip: nextIp() })
    expect(res.statusCode).toBe(400)
    const f = failureOf(res)
    expect(f.errorCode).toBe('validation_failed')
    expect(f.value?.fields?.map((x) => ({ path: x.path, code: x.code }))).toEqual([
      { path: 'captcha', code: 'required' },
    ])
    expect(await tableCounts()).toEqual(before)
  })

  it('refuses a wrong answer, and an answer without its cookie, with 400 captcha_invalid', async () => {
    const before = await tableCounts()
    const ip = nextIp()
    const c1 = await solveCaptcha(server, { clock, ip })
    const wrong = await register(body('badcaptcha1', wrongAnswer(c1)), { ip, captcha: c1 })
    expect(wrong.statusCode).toBe(400)
    expect(failureOf(wrong)).toMatchObject({ errorCode: 'captcha_invalid', value: { captcha: true } })

    const c2 = await solveCaptcha(server, { clock, ip })
    const noCookie = await register(body('badcaptcha1', c2.answer), { ip })
    expect(failureOf(noCookie).errorCode).toBe('captcha_invalid')
    expect(await tableCounts()).toEqual(before)
  })

  it('takes each captcha once: a right answer used again is refused, and so is one tried after a wrong answer', async () => {
    const ip = nextIp()
    const c = await solveCaptcha(server, { clock, ip })
    expect((await register(body('onceonly1', c.answer), { ip, captcha: c })).statusCode).toBe(200)
    const before = await tableCounts()
    const reused = await register(body('onceonly2', c.answer), { ip, captcha: c })
    expect(reused.statusCode).toBe(400)
    expect(failureOf(reused).errorCode).toBe('captcha_invalid')

    const d = await solveCaptcha(server, { clock, ip })
    expect(failureOf(await register(body('onceonly3', wrongAnswer(d)), { ip, captcha: d })).errorCode).toBe(
      'captcha_invalid',
    )
    expect(failureOf(await register(body('onceonly3', d.answer), { ip, captcha: d })).errorCode).toBe(
      'captcha_invalid',
    )
    expect(await tableCounts()).toEqual(before)
  })

  it('reads the answer case-insensitively', async () => {
    const ip = nextIp()
    const c = await solveCaptcha(server, { clock, ip })
    const res = await register(body('upcaptcha1', c.answer.toUpperCase()), { ip, captcha: c })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('refuses a captcha older than its 5 minutes', async () => {
    const ip = nextIp()
    const c = await solveCaptcha(server, { clock, ip })
    clock.advance(6 * minute)
    const res = await register(body('latecaptcha1', c.answer), { ip, captcha: c })
    expect(res.statusCode).toBe(400)
    expect(failureOf(res).errorCode).toBe('captcha_invalid')
    expect(await membersNamed('latecaptcha1')).toEqual([])
  })
})

describe('GET /wps/captcha', () => {
  it('answers an SVG data: URL and sets the answer’s id in an HttpOnly portal_captcha cookie', async () => {
    const ip = nextIp()
    const res = await plainCall(server, 'GET', '/wps/captcha', { ip })
    expect(res.statusCode).toBe(200)
    const image = valueOf(res, (v) => String(v))
    expect(image).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/)
    expect(Buffer.from(image.split(',')[1] ?? '', 'base64').toString('utf8')).toMatch(/^<svg[\s\S]*<\/svg>$/)

    const cookie = res.cookies.find((c) => c.name === 'portal_captcha')
    expect(cookie).toMatchObject({ httpOnly: true, path: '/wps', sameSite: 'Lax', maxAge: 300 })
    const [row] = await server.db
      .select()
      .from(captchas)
      .where(eq(captchas.id, cookie?.value ?? ''))
    expect(row?.answer).toMatch(/^[a-z0-9]{4}$/)
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + 5 * minute)
    expect(res.body).not.toContain(cookie?.value ?? 'no cookie')
  })

  it('rations captchas to 5 per 5 seconds per address: the 6th answers 429 with Retry-After 5', async () => {
    const ip = nextIp()
    for (let i = 1; i <= 5; i++) {
      expect((await plainCall(server, 'GET', '/wps/captcha', { ip })).statusCode, `captcha ${i}`).toBe(200)
      clock.advance(second - 1)
    }
    const sixth = await plainCall(server, 'GET', '/wps/captcha', { ip })
    expect(sixth.statusCode).toBe(429)
    expect(sixth.headers['retry-after']).toBe('5')
    expect(failureOf(sixth)).toMatchObject({
      errorCode: 'TOO_MANY_REQUESTS',
      value: { retryAfterSeconds: 5 },
    })
    expect(sixth.cookies.find((c) => c.name === 'portal_captcha')).toBeUndefined()

    // Another address is not held back, and this one is served again once the 5 s have passed.
    expect((await plainCall(server, 'GET', '/wps/captcha', { ip: nextIp() })).statusCode).toBe(200)
    clock.advance(5)
    expect((await plainCall(server, 'GET', '/wps/captcha', { ip })).statusCode).toBe(200)
  })
})

describe('switches and limits', () => {
  it('answers 403 feature_disabled while REG3 is switched off, and creates no account', async () => {
    const before = await tableCounts()
    await runOps(server, 'flag', 'set', 'REG3', 'off')
    try {
      const ip = nextIp()
      const res = await register(
        {
          username: 'switched1',
          password: 'abc12345',
          confirmPassword: 'abc12345',
          termsAccepted: true,
          captcha: 'abcd',
        },
        { ip },
      )
      expect(res.statusCode).toBe(403)
      expect(failureOf(res).errorCode).toBe('feature_disabled')
      expect(await tableCounts()).toEqual(before)
    } finally {
      await runOps(server, 'flag', 'set', 'REG3', 'on')
    }
    expect((await registerAs({ username: 'switched1' })).statusCode).toBe(200)
  })

  it('takes no captcha while CAPTCHA3 is switched off (and GET /wps/captcha answers 403 feature_disabled)', async () => {
    await runOps(server, 'flag', 'set', 'CAPTCHA3', 'off')
    try {
      const ip = nextIp()
      const image = await plainCall(server, 'GET', '/wps/captcha', { ip })
      expect(image.statusCode).toBe(403)
      expect(failureOf(image).errorCode).toBe('feature_disabled')
      const res = await register(
        { username: 'nocaptcha2', password: 'abc12345', confirmPassword: 'abc12345', termsAccepted: true },
        { ip },
      )
      expect(res.statusCode, res.body).toBe(200)
    } finally {
      await runOps(server, 'flag', 'set', 'CAPTCHA3', 'on')
    }
    expect(await membersNamed('nocaptcha2')).toHaveLength(1)
    const without = await register(
      { username: 'nocaptcha3', password: 'abc12345', confirmPassword: 'abc12345', termsAccepted: true },
      { ip: nextIp() },
    )
    expect(fieldPaths(without)).toEqual(['captcha'])
  })

  it('takes ten registrations an hour from one address: the 11th answers 429 TOO_MANY_REQUESTS', async () => {
    const ip = nextIp()
    for (let i = 1; i <= 10; i++) {
      const res = await registerAs({ username: `burst${String(i).padStart(2, '0')}x` }, ip)
      expect(res.statusCode, `registration ${i}: ${res.body}`).toBe(200)
    }
    const before = await tableCounts()
    const eleventh = await registerAs({ username: 'burst11x' }, ip)
    expect(eleventh.statusCode).toBe(429)
    expect(failureOf(eleventh).errorCode).toBe('TOO_MANY_REQUESTS')
    expect(eleventh.headers['retry-after']).toMatch(/^\d+$/)
    expect(await tableCounts()).toEqual(before)

    // Another address is not held back, and the first one is free again after the hour.
    expect((await registerAs({ username: 'burst12x' }, nextIp())).statusCode).toBe(200)
    clock.advance(hour)
    expect((await registerAs({ username: 'burst13x' }, ip)).statusCode).toBe(200)
  })

  it("lets the operator lift an address's registration stop (an internet café's members share one)", async () => {
    const ip = nextIp()
    for (let i = 1; i <= 10; i++) {
      expect((await registerAs({ username: `cafe${String(i).padStart(2, '0')}x` }, ip)).statusCode).toBe(200)
    }
    expect((await registerAs({ username: 'cafe11x' }, ip)).statusCode).toBe(429)
    expect(await runOps(server, 'login', 'reset-ip', ip)).toContain(`register:${ip}`)
    expect((await registerAs({ username: 'cafe11x' }, ip)).statusCode).toBe(200)
  })
})
