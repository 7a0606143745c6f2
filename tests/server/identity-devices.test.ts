/**
 * Remembered devices ("Stay signed in"): the cookie a login sets, trading it for a tab
 * session, rotation, a copied token, two tabs at once, logout, a password change, the
 * security centre's list and sign-outs, the brand's days, and who may call what.
 */
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeviceSessionResponseSchema, deviceCookie, deviceEndpoints } from '#contract/devices'
import { deviceSessions, merchants, operatorActions } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import {
  addresses,
  createClock,
  createMember,
  failureOf,
  login,
  loginValue,
  minute,
  plainCall,
  sealedCall,
  valueOf,
} from '../identity-helpers'

const clock = createClock()
const nextIp = addresses('10.31')
let server: TestServer
const day = 24 * 60 * minute
const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

beforeAll(async () => {
  server = await build({ now: clock.now })
})
afterAll(async () => {
  await server?.close()
})

/** The device cookie a response sets: its value and attributes, or undefined. */
function deviceCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === deviceCookie)
}

async function stayLogin(username: string, password: string, ua = androidChrome) {
  const res = await login(
    server,
    { username, password, rememberDevice: true },
    { ip: nextIp(), headers: { 'user-agent': ua } },
  )
  const token = loginValue(res).token
  const cookie = deviceCookieOf(res)
  if (!cookie?.value) throw new Error(`no device cookie: ${JSON.stringify(res.cookies)}`)
  return { token, cookie: cookie.value, set: cookie }
}

function trade(cookie: string | undefined, ip = nextIp()) {
  return plainCall(server, 'POST', '/wps/session/device', {
    ip,
    ...(cookie === undefined ? {} : { headers: { cookie: `${deviceCookie}=${cookie}` } }),
  })
}

function tradeValue(res: LightMyRequestResponse) {
  return valueOf(res, (v) => DeviceSessionResponseSchema.parse(v))
}

function info(token: string) {
  return plainCall(server, 'GET', '/wps/member/info', { token, ip: nextIp() })
}

function devices(token: string) {
  return plainCall(server, 'GET', '/wps/session/devices', { token, ip: nextIp() }).then((res) =>
    valueOf(res, (v) => deviceEndpoints.devices.response.parse(v).devices),
  )
}

let n = 0
async function newMember() {
  n += 1
  const username = `device${n}`
  const m = await createMember(server, { username, password: 'secret123' })
  return { m, username, password: 'secret123' }
}

describe('a login with "Stay signed in"', () => {
  it("sets an HttpOnly, SameSite=Strict cookie on the session paths for the brand's 30 days; a login without it sets none", async () => {
    const { username, password } = await newMember()
    const { set } = await stayLogin(username, password)
    expect(set.httpOnly).toBe(true)
    expect(String(set.sameSite).toLowerCase()).toBe('strict')
    expect(set.path).toBe('/wps/session')
    expect(set.maxAge).toBe(30 * 24 * 3600)
    const plain = await login(server, { username, password }, { ip: nextIp() })
    expect(plain.statusCode).toBe(200)
    expect(deviceCookieOf(plain)).toBeUndefined()
  })

  it('is Secure when the request came over HTTPS through the trusted proxy', async () => {
    const { username, password } = await newMember()
    const behindProxy = { ...(await server.twin({ trustProxy: true })), db: server.db }
    const https = await login(
      behindProxy,
      { username, password, rememberDevice: true },
      { ip: nextIp(), headers: { 'x-forwarded-proto': 'https' } },
    )
    expect(https.statusCode, https.body).toBe(200)
    expect(deviceCookieOf(https)?.secure).toBe(true)
  })

  it("trades the cookie for a new tab's session without the password, and rotates it", async () => {
    const { username, password } = await newMember()
    const { cookie } = await stayLogin(username, password)
    const res = await trade(cookie)
    const value = tradeValue(res)
    expect(value.account).toBe(username)
    expect(value.entrance).toBe('member')
    expect((await info(value.token)).statusCode).toBe(200)
    const next = deviceCookieOf(res)?.value
    expect(next).toBeTruthy()
    expect(next).not.toBe(cookie)
    // The new one trades in its turn.
    expect(tradeValue(await trade(next)).account).toBe(username)
  })

  it('answers a missing, unknown or malformed cookie with device_session_ended, and clears it', async () => {
    for (const cookie of [undefined, 'nope', 'x'.repeat(400), '\u0001\u0002']) {
      const res = await trade(cookie)
      expect(res.statusCode).toBe(401)
      expect(failureOf(res).errorCode).toBe('device_session_ended')
    }
    const res = await trade('unknown-token-value')
    expect(deviceCookieOf(res)?.value ?? '').toBe('')
  })

  it('never remembers a free-play guest', async () => {
    const res = await plainCall(server, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} })
    expect(res.statusCode).toBe(200)
    expect(deviceCookieOf(res)).toBeUndefined()
  })
})

describe('a copied refresh token', () => {
  it('shown after the device moved on ends the device and the tabs it opened', async () => {
    const { username, password } = await newMember()
    const { cookie: first } = await stayLogin(username, password)
    const a = await trade(first)
    const second = deviceCookieOf(a)?.value
    const tab = tradeValue(a).token
    // The device goes on with its new token.
    const b = await trade(second)
    expect(b.statusCode).toBe(200)
    clock.advance(31_000)
    // Someone shows the first token again.
    const stolen = await trade(first)
    expect(stolen.statusCode).toBe(401)
    expect(failureOf(stolen).errorCode).toBe('device_session_ended')
    // The device is ended: its live token no longer trades, and its tabs are signed out.
    const live = deviceCookieOf(b)?.value
    expect((await trade(live)).statusCode).toBe(401)
    expect((await info(tab)).statusCode).toBe(401)
  })

  it('an answer lost on the way (the old token again, the new one never used) trades again', async () => {
    const { username, password } = await newMember()
    const { cookie: first } = await stayLogin(username, password)
    expect((await trade(first)).statusCode).toBe(200)
    clock.advance(5 * minute)
    const again = await trade(first)
    expect(again.statusCode).toBe(200)
    const next = deviceCookieOf(again)?.value
    expect((await trade(next)).statusCode).toBe(200)
  })

  it('20 tabs opened at once with one cookie each get a session, and the device stays', async () => {
    const { username, password } = await newMember()
    const { cookie } = await stayLogin(username, password)
    const answers = await Promise.all(Array.from({ length: 20 }, () => trade(cookie)))
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    const setCookies = answers.map((r) => deviceCookieOf(r)?.value).filter((v) => v)
    // Each cookie a tab got still trades: the device was not taken for copied.
    const last = setCookies.at(-1)
    expect((await trade(last)).statusCode).toBe(200)
    const [device] = await server.db
      .select()
      .from(deviceSessions)
      .where(eq(deviceSessions.name, 'Chrome on Android'))
      .orderBy(deviceSessions.id)
    expect(device).toBeDefined()
  })
})

describe('ending a remembered device', () => {
  it('logout ends the device, and clears the cookie; the member’s other phone stays signed in', async () => {
    const { username, password } = await newMember()
    const { token, cookie } = await stayLogin(username, password)
    const other = await stayLogin(username, password)
    const res = await plainCall(server, 'DELETE', '/wps/session/logout', { token, ip: nextIp() })
    expect(res.statusCode).toBe(200)
    expect(deviceCookieOf(res)?.value ?? '').toBe('')
    expect((await trade(cookie)).statusCode).toBe(401)
    expect((await trade(other.cookie)).statusCode).toBe(200)
  })

  it('a password change ends every device of the member', async () => {
    const { username, password } = await newMember()
    const phone = await stayLogin(username, password)
    const laptop = await stayLogin(
      username,
      password,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/133.0',
    )
    const res = await sealedCall(
      server,
      'POST',
      '/wps/member/password',
      { oldPassword: password, newPassword: 'another456', confirmNewPassword: 'another456' },
      { token: phone.token, ip: nextIp() },
    )
    expect(res.statusCode, res.body).toBe(200)
    expect((await trade(phone.cookie)).statusCode).toBe(401)
    expect((await trade(laptop.cookie)).statusCode).toBe(401)
  })

  it("expires after the brand's days", async () => {
    await server.db
      .update(merchants)
      .set({ deviceSessionDays: 2 })
      .where(eq(merchants.code, server.config.MERCHANT_CODE))
    try {
      const { username, password } = await newMember()
      const { cookie, set } = await stayLogin(username, password)
      expect(set.maxAge).toBe(2 * 24 * 3600)
      clock.advance(2 * day + minute)
      expect((await trade(cookie)).statusCode).toBe(401)
    } finally {
      await server.db
        .update(merchants)
        .set({ deviceSessionDays: 30 })
        .where(eq(merchants.code, server.config.MERCHANT_CODE))
    }
  })
})

describe('the security centre', () => {
  it("lists the member's devices with name, last use and address, this one marked", async () => {
    const { username, password } = await newMember()
    const phone = await stayLogin(username, password)
    await stayLogin(
      username,
      password,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    )
    const list = await devices(phone.token)
    expect(list.map((d) => d.name).sort()).toEqual(['Chrome on Android', 'Safari on iPhone'])
    expect(list.filter((d) => d.current).map((d) => d.name)).toEqual(['Chrome on Android'])
    for (const d of list) {
      expect(d.lastIp).toMatch(/^10\.31\./)
      expect(d.lastUsedAt).toBeGreaterThan(0)
    }
  })

  it("signs one device out, and its open tabs with it; another member's id answers as missing", async () => {
    const a = await newMember()
    const b = await newMember()
    const aPhone = await stayLogin(a.username, a.password)
    const aTablet = await stayLogin(
      a.username,
      a.password,
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) Safari/604.1',
    )
    const bPhone = await stayLogin(b.username, b.password)
    const [bDevice] = await devices(bPhone.token)
    const foreign = await plainCall(server, 'POST', '/wps/session/devices/signOut', {
      token: aPhone.token,
      ip: nextIp(),
      body: { id: bDevice?.id ?? '' },
    })
    expect(foreign.statusCode).toBe(404)
    expect(failureOf(foreign).errorCode).toBe('device_not_found')
    expect((await trade(bPhone.cookie)).statusCode).toBe(200)

    const tablet = (await devices(aPhone.token)).find((d) => !d.current)
    const res = await plainCall(server, 'POST', '/wps/session/devices/signOut', {
      token: aPhone.token,
      ip: nextIp(),
      body: { id: tablet?.id ?? '' },
    })
    expect(res.statusCode).toBe(200)
    expect((await info(aTablet.token)).statusCode).toBe(401)
    expect((await trade(aTablet.cookie)).statusCode).toBe(401)
    expect((await info(aPhone.token)).statusCode).toBe(200)
    // Twice is a missing device, not a 500.
    const twice = await plainCall(server, 'POST', '/wps/session/devices/signOut', {
      token: aPhone.token,
      ip: nextIp(),
      body: { id: tablet?.id ?? '' },
    })
    expect(failureOf(twice).errorCode).toBe('device_not_found')
  })

  it('signs out everywhere: every device and tab of the member, this one too', async () => {
    const { username, password } = await newMember()
    const phone = await stayLogin(username, password)
    const laptop = await stayLogin(username, password)
    const plainTab = loginValue(await login(server, { username, password }, { ip: nextIp() })).token
    const res = await plainCall(server, 'POST', '/wps/session/devices/signOutAll', {
      token: phone.token,
      ip: nextIp(),
    })
    expect(res.statusCode).toBe(200)
    for (const t of [phone.token, laptop.token, plainTab]) expect((await info(t)).statusCode).toBe(401)
    for (const c of [phone.cookie, laptop.cookie]) expect((await trade(c)).statusCode).toBe(401)
  })

  it('refuses a visitor and a free-play guest at every device call', async () => {
    const guest = loginValue(
      await plainCall(server, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} }),
    ).token
    const calls = [
      ['GET', '/wps/session/devices', undefined],
      ['POST', '/wps/session/devices/signOut', { id: 'x' }],
      ['POST', '/wps/session/devices/signOutAll', undefined],
    ] as const
    for (const [method, url, body] of calls) {
      const visitor = await plainCall(server, method, url, { ip: nextIp(), ...(body ? { body } : {}) })
      expect(visitor.statusCode, url).toBe(401)
      const asGuest = await plainCall(server, method, url, {
        token: guest,
        ip: nextIp(),
        ...(body ? { body } : {}),
      })
      expect(asGuest.statusCode, url).toBe(403)
    }
  })

  it('refuses a malformed sign-out with a field error, not a 500', async () => {
    const { username, password } = await newMember()
    const { token } = await stayLogin(username, password)
    for (const body of [{}, { id: 42 }, { id: 'x'.repeat(65) }, { id: 'a\u0000b' }]) {
      const res = await plainCall(server, 'POST', '/wps/session/devices/signOut', {
        token,
        ip: nextIp(),
        body,
      })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
  })
})

describe('the operator', () => {
  it("lists a member's devices and signs them all out for a lost phone, with an audit row", async () => {
    const { username, password } = await newMember()
    const phone = await stayLogin(username, password)
    const listed = await runOps(server, 'devices', 'list', username)
    expect(listed).toContain('Chrome on Android')
    expect(listed).toMatch(/from 10\.31\./)
    const out = await runOps(server, 'devices', 'sign-out', username)
    expect(out).toContain('1 remembered device')
    expect((await trade(phone.cookie)).statusCode).toBe(401)
    expect((await info(phone.token)).statusCode).toBe(401)
    expect(await runOps(server, 'devices', 'list', username)).toContain('no remembered device')
    const [row] = await server.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, `devices of ${username}`))
    expect(row?.operator).toBe('test-operator')
  })

  it("sets the brand's days, which new devices take; a wrong number changes nothing", async () => {
    expect(await runOps(server, 'devices', 'days')).toContain('30 days')
    await expect(runOps(server, 'devices', 'days', '0')).rejects.toThrow(/at least 1 day/)
    await expect(runOps(server, 'devices', 'days', 'ten')).rejects.toThrow(/whole number/)
    await runOps(server, 'devices', 'days', '7')
    try {
      const { username, password } = await newMember()
      const { set } = await stayLogin(username, password)
      expect(set.maxAge).toBe(7 * 24 * 3600)
    } finally {
      await runOps(server, 'devices', 'days', '30')
    }
  })

  it('names an unknown account', async () => {
    await expect(runOps(server, 'devices', 'list', 'nobody-here')).rejects.toThrow(/no account nobody-here/)
  })
})
