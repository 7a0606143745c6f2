import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents, members, outbox, sessions } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import {
  createClock,
  failureOf,
  loginValue,
  login,
  plainCall,
  sealedCall,
  tokenOf,
  type Clock,
} from '../identity-helpers'

let server: TestServer
let clock: Clock

beforeAll(async () => {
  clock = createClock()
  server = await build({ now: () => clock.now() })
})
afterAll(async () => {
  await server?.close()
})

async function lastCodeTo(destination: string): Promise<string> {
  const [m] = await server.db
    .select()
    .from(outbox)
    .where(eq(outbox.destination, destination))
    .orderBy(desc(outbox.id))
    .limit(1)
  const code = /\d{6}/.exec(m?.body ?? '')?.[0]
  if (!code) throw new Error(`nothing sent to ${destination}`)
  return code
}

function forgotByEmail(username: string, email: string) {
  return server.app.inject({
    method: 'POST',
    url: '/wps/member/password/email',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, email }).toString(),
  })
}

describe('forgot password by e-mail', () => {
  it('mails a code to the address on the account (form-encoded request); the code sets a new password and ends every session', async () => {
    const token = await tokenOf(server, 'member02', 'lotus123')
    const res = await forgotByEmail(' Member02 ', 'MEMBER02@example.com')
    expect(res.statusCode, res.body).toBe(200)
    const code = await lastCodeTo('member02@example.com')
    const reset = await sealedCall(server, 'POST', '/wps/member/password/email/verification', {
      username: 'member02',
      verificationCode: code,
      newPassword: 'newpass99',
      confirmNewPassword: 'newpass99',
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect((await plainCall(server, 'GET', '/wps/member/info', { token })).statusCode).toBe(401)
    expect((await login(server, { username: 'member02', password: 'lotus123' })).statusCode).toBe(401)
    expect((await login(server, { username: 'member02', password: 'newpass99' })).statusCode).toBe(200)
    const audit = await server.db.select().from(auditEvents).where(eq(auditEvents.event, 'password_changed'))
    expect(audit.length).toBeGreaterThan(0)
  })

  it('answers a username and e-mail that do not match exactly as ones that do, and mails nothing', async () => {
    clock.advance(2 * 60_000)
    const before = (await server.db.select().from(outbox)).length
    const known = await forgotByEmail('member02', 'member02@example.com')
    const answers = [
      await forgotByEmail('member02', 'someone@example.com'),
      await forgotByEmail('nobody99', 'member02@example.com'),
    ]
    for (const res of answers) {
      expect([res.statusCode, res.json()]).toEqual([known.statusCode, known.json()])
    }
    expect((await server.db.select().from(outbox)).length).toBe(before + 1)
    // A second request within the minute is refused alike, whether the pair matches or not.
    const again = [
      await forgotByEmail('member02', 'member02@example.com'),
      await forgotByEmail('nobody99', 'member02@example.com'),
    ]
    expect(again.map((r) => [r.statusCode, failureOf(r).errorCode])).toEqual([
      [429, 'TOO_MANY_REQUESTS'],
      [429, 'TOO_MANY_REQUESTS'],
    ])
    // A code for an unknown username is only ever a wrong code.
    const reset = await sealedCall(server, 'POST', '/wps/member/password/email/verification', {
      username: 'nobody99',
      verificationCode: '123456',
      newPassword: 'another77',
      confirmNewPassword: 'another77',
    })
    expect(failureOf(reset).errorCode).toBe('verification_code_invalid')
  })

  it('refuses a wrong code and a new password that breaks the rule, and changes nothing', async () => {
    clock.advance(2 * 60_000)
    await forgotByEmail('member02', 'member02@example.com')
    const code = await lastCodeTo('member02@example.com')
    const bad = await sealedCall(server, 'POST', '/wps/member/password/email/verification', {
      username: 'member02',
      verificationCode: code,
      newPassword: 'short',
      confirmNewPassword: 'short',
    })
    expect(failureOf(bad).errorCode).toBe('validation_failed')
    const wrong = await sealedCall(server, 'POST', '/wps/member/password/email/verification', {
      username: 'member02',
      verificationCode: code === '123456' ? '654321' : '123456',
      newPassword: 'another77',
      confirmNewPassword: 'another77',
    })
    expect(failureOf(wrong).errorCode).toBe('verification_code_invalid')
    expect((await login(server, { username: 'member02', password: 'newpass99' })).statusCode).toBe(200)
  })
})

describe('forgot password by mobile', () => {
  it('resets with an SMS code and logs straight in', async () => {
    await server.db.update(members).set({ mobile: '+85511223344' }).where(eq(members.username, 'player01'))
    const sent = await plainCall(server, 'POST', '/wps/member/password/sms', {
      body: { mobileNum: '011223344', countryDialingCode: '855' },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const res = await sealedCall(server, 'POST', '/wps/member/password/verification', {
      mobileNum: '11223344',
      countryDialingCode: '855',
      verificationCode: await lastCodeTo('+85511223344'),
      newPassword: 'mobile123',
    })
    expect(res.statusCode, res.body).toBe(200)
    const token = loginValue(res).token
    expect((await plainCall(server, 'GET', '/wps/member/info', { token })).json()).toMatchObject({
      value: { account: 'player01' },
    })
    const live = await server.db.select().from(sessions)
    expect(live.some((s) => s.loginType === 'sms')).toBe(true)
  })

  it('is off while CHNGPASSVERIF3 is off', async () => {
    await runOps(server, 'flag', 'set', 'CHNGPASSVERIF3', 'off')
    const res = await plainCall(server, 'POST', '/wps/member/password/sms', {
      body: { mobileNum: '11223344', countryDialingCode: '855' },
    })
    expect(failureOf(res).errorCode).toBe('feature_disabled')
    await runOps(server, 'flag', 'set', 'CHNGPASSVERIF3', 'on')
  })
})
