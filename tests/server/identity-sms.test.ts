import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { defineEndpoint } from '#contract/endpoint'
import { members, outbox, verificationCodes } from '#server/db/schema'
import { registerEndpoint } from '#server/http/contract-routes'
import { build, type TestServer } from '../build-server'
import {
  addresses,
  createClock,
  failureOf,
  loginValue,
  minute,
  plainCall,
  sealedCall,
  tokenOf,
  type Clock,
} from '../identity-helpers'

let server: TestServer
let clock: Clock
const nextIp = addresses('10.9.')

beforeAll(async () => {
  clock = createClock()
  server = await build({
    now: () => clock.now(),
    // A member endpoint of its own, standing for every endpoint beyond identity.
    extend: (app, deps) =>
      registerEndpoint(
        app,
        defineEndpoint({
          name: 'test.memberOnly',
          method: 'GET',
          path: '/wps/test/member-only',
          auth: 'member',
          encrypted: false,
          response: z.object({ ok: z.boolean() }),
          errors: [],
        }),
        async () => ({ ok: true }),
        deps,
      ),
  })
})
afterAll(async () => {
  await server?.close()
})

async function lastCodeTo(destination: string): Promise<string> {
  const [sms] = await server.db
    .select()
    .from(outbox)
    .where(eq(outbox.destination, destination))
    .orderBy(desc(outbox.id))
    .limit(1)
  const code = /\d{6}/.exec(sms?.body ?? '')?.[0]
  if (!code) throw new Error(`no code sent to ${destination}`)
  return code
}

function sendRegisterCode(mobileNo: string, ip = nextIp()) {
  return plainCall(server, 'POST', '/wps/verification/sms/register', {
    ip,
    body: { mobileNo, countryDialingCode: '855' },
  })
}

function registerMobile(
  mobileNum: string,
  verificationCode: string,
  ip = nextIp(),
  invitation: { affiliateCode?: string; domain?: string } = {},
) {
  return sealedCall(
    server,
    'PUT',
    '/wps/member/register/mobile',
    {
      mobileNum,
      countryDialingCode: '855',
      verificationCode,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      termsAccepted: true,
      ...invitation,
    },
    { ip },
  )
}

describe('registration by mobile number with an SMS code', () => {
  it('sends a code to the outbox, stores only its hash, and registers with it once', async () => {
    const sent = await sendRegisterCode('012 345 678')
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 5 } })
    const code = await lastCodeTo('+85512345678')
    const rows = await server.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.destination, '+85512345678'))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(code)

    const res = await registerMobile('12345678', code)
    expect(res.statusCode, res.body).toBe(200)
    const token = loginValue(res).token
    const info = await plainCall(server, 'GET', '/wps/member/info', { token })
    expect(info.json()).toMatchObject({ value: { type: 0 } })
    expect((info.json() as { value: { mobile: string } }).value.mobile).toMatch(/^\*+5678$/)

    // The code was single use.
    const again = await registerMobile('12345678', code)
    expect(failureOf(again).errorCode).toBe('verification_code_invalid')
  })

  it('answers a registered number as any other, tells its owner by SMS, and sends no code', async () => {
    clock.advance(61_000)
    const ip = nextIp()
    const taken = await sendRegisterCode('12345678', ip)
    const free = await sendRegisterCode('87654321', ip)
    expect([taken.statusCode, taken.json()]).toEqual([free.statusCode, free.json()])
    const [told] = await server.db
      .select()
      .from(outbox)
      .where(eq(outbox.destination, '+85512345678'))
      .orderBy(desc(outbox.id))
      .limit(1)
    expect(told?.body).toMatch(/already has an account/)
    expect(told?.body).not.toMatch(/\d{6}/)
    // Rationed alike: a second ask within the minute is refused for both.
    const [takenAgain, freeAgain] = [
      await sendRegisterCode('12345678', ip),
      await sendRegisterCode('87654321', ip),
    ]
    expect([failureOf(takenAgain).errorCode, failureOf(freeAgain).errorCode]).toEqual([
      'TOO_MANY_REQUESTS',
      'TOO_MANY_REQUESTS',
    ])
    // No code was sent to it, so no guess at the registration step learns that it is taken.
    expect(failureOf(await registerMobile('12345678', '000000')).errorCode).toBe('verification_code_invalid')
  })

  it('refuses an invitation code sent from another site without using up the SMS code', async () => {
    expect((await sendRegisterCode('23456789')).statusCode).toBe(200)
    const code = await lastCodeTo('+85523456789')
    const copied = await registerMobile('23456789', code, nextIp(), {
      affiliateCode: 'LOTUS01',
      domain: 'copycat.example',
    })
    expect(failureOf(copied).errorCode).toBe('invitation_code_error')
    const own = await registerMobile('23456789', code, nextIp(), {
      affiliateCode: 'LOTUS01',
      domain: 'localhost',
    })
    expect(own.statusCode, own.body).toBe(200)
  })

  it('refuses a wrong, an expired and a reused code, and creates nothing', async () => {
    await sendRegisterCode('22334455')
    const code = await lastCodeTo('+85522334455')
    const wrong = code === '000000' ? '111111' : '000000'
    expect(failureOf(await registerMobile('22334455', wrong)).errorCode).toBe('verification_code_invalid')
    clock.advance(6 * minute)
    expect(failureOf(await registerMobile('22334455', code)).errorCode).toBe('verification_code_expired')
    const created = await server.db.select().from(members).where(eq(members.mobile, '+85522334455'))
    expect(created).toEqual([])
  })

  it('refuses a number with the wrong digit count for its country', async () => {
    const res = await sendRegisterCode('1234')
    expect(res.statusCode).toBe(400)
    expect(failureOf(res)).toMatchObject({
      errorCode: 'validation_failed',
      value: { fields: [{ path: 'mobileNo' }] },
    })
  })

  it('sends one code a minute and five an hour, then nothing for five minutes', async () => {
    const number = '33445566'
    expect((await sendRegisterCode(number)).statusCode).toBe(200)
    const soon = await sendRegisterCode(number)
    expect(soon.statusCode).toBe(429)
    expect(soon.headers['retry-after']).toBe('60')
    for (let i = 0; i < 4; i++) {
      clock.advance(61_000)
      expect((await sendRegisterCode(number)).statusCode).toBe(200)
    }
    clock.advance(61_000)
    const sixth = await sendRegisterCode(number)
    expect(sixth.statusCode).toBe(429)
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(200)
    const sent = await server.db
      .select()
      .from(outbox)
      .where(eq(outbox.destination, `+855${number}`))
    expect(sent).toHaveLength(5)
  })
})

describe('login by SMS code', () => {
  it('logs in the account that owns the number with a code sent to it', async () => {
    await sendRegisterCode('44556677')
    const reg = await registerMobile('44556677', await lastCodeTo('+85544556677'))
    expect(reg.statusCode, reg.body).toBe(200)
    clock.advance(61_000)
    const sent = await plainCall(server, 'POST', '/wps/verification/sms/noLogin', {
      body: { mobileNum: '44556677', countryDialingCode: '855' },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const code = await lastCodeTo('+85544556677')
    const res = await sealedCall(server, 'POST', '/wps/session/login', {
      type: 'sms',
      mobileNum: '44556677',
      countryDialingCode: '855',
      verificationCode: code,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(loginValue(res).token).toBeTruthy()
  })

  it('never forces a password change: the code proved the person (spec section 4)', async () => {
    await sendRegisterCode('44556688')
    const reg = await registerMobile('44556688', await lastCodeTo('+85544556688'))
    expect(reg.statusCode, reg.body).toBe(200)
    const forced = await server.db
      .update(members)
      .set({ mustChangePassword: true })
      .where(eq(members.mobile, '+85544556688'))
      .returning()
    expect(forced).toHaveLength(1)
    clock.advance(61_000)
    await plainCall(server, 'POST', '/wps/verification/sms/noLogin', {
      body: { mobileNum: '44556688', countryDialingCode: '855' },
    })
    const res = await sealedCall(server, 'POST', '/wps/session/login', {
      type: 'sms',
      mobileNum: '44556688',
      countryDialingCode: '855',
      verificationCode: await lastCodeTo('+85544556688'),
    })
    const login = loginValue(res)
    expect(login).toMatchObject({ mustChangePassword: false, passwordExpired: false })
    const open = await plainCall(server, 'GET', '/wps/test/member-only', { token: login.token })
    expect(open.statusCode, open.body).toBe(200)
  })

  it('answers the same for a number with no account and sends nothing to it', async () => {
    const res = await plainCall(server, 'POST', '/wps/verification/sms/noLogin', {
      body: { mobileNum: '99887766', countryDialingCode: '855' },
    })
    expect(res.json()).toEqual({ success: true, value: { expiredMinutes: 5 } })
    expect(await server.db.select().from(outbox).where(eq(outbox.destination, '+85599887766'))).toEqual([])
  })
})

describe('the forced password change on the server', () => {
  it('answers only the change, member info and logout until the default password is changed', async () => {
    const token = await tokenOf(server, 'newbie01', 'welcome1')
    const blocked = await plainCall(server, 'GET', '/wps/test/member-only', { token })
    expect(blocked.statusCode).toBe(403)
    expect(failureOf(blocked).errorCode).toBe('password_change_required')
    expect((await plainCall(server, 'GET', '/wps/member/info', { token })).statusCode).toBe(200)
    const changed = await sealedCall(
      server,
      'POST',
      '/wps/member/password',
      { oldPassword: 'welcome1', newPassword: 'fresh2026', confirmNewPassword: 'fresh2026' },
      { token },
    )
    expect(changed.statusCode, changed.body).toBe(200)
    const now = await plainCall(server, 'GET', '/wps/test/member-only', { token })
    expect(now.statusCode, now.body).toBe(200)
  })
})

describe('old-password guesses', () => {
  it('are limited to five per 15 minutes', async () => {
    const token = await tokenOf(server, 'player01', 'lotus123')
    const guess = (old: string) =>
      sealedCall(
        server,
        'POST',
        '/wps/member/password',
        { oldPassword: old, newPassword: 'lotus789', confirmNewPassword: 'lotus789' },
        { token },
      )
    for (let i = 0; i < 5; i++)
      expect(failureOf(await guess(`nope${i}xx`)).errorCode).toBe('old_password_wrong')
    const sixth = await guess('lotus123')
    expect(sixth.statusCode).toBe(429)
    clock.advance(16 * minute)
    expect((await guess('lotus123')).statusCode).toBe(200)
  })
})

describe('registration keeps only the fields the brand asks for', () => {
  it('drops a disabled field instead of storing it unchecked', async () => {
    const { solveCaptcha } = await import('../identity-helpers')
    const c = await solveCaptcha(server, { clock, ip: '10.8.0.1' })
    const res = await sealedCall(
      server,
      'PUT',
      '/wps/member/register',
      {
        username: 'fields01',
        password: 'abc12345',
        confirmPassword: 'abc12345',
        termsAccepted: true,
        captcha: c.answer,
        qqNum: '<script>x</script>\u202e',
        paymentPassword: 'a',
      },
      { ip: '10.8.0.1', captchaId: c.id },
    )
    expect(res.statusCode, res.body).toBe(200)
    const [row] = await server.db.select().from(members).where(eq(members.username, 'fields01'))
    expect(row?.contacts).toEqual({})
    expect(row?.paymentPasswordHash).toBeNull()
  })
})
