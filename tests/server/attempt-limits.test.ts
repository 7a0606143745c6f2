/**
 * Attempt limits under parallel requests: every guess at a secret (login password, payment
 * password, second-step answer, SMS and e-mail codes) takes its attempt before the secret is
 * checked, so a burst of parallel guesses gets no more checks than the limit. The bursts put
 * the right secret at positions 10, 20 and 30 among wrong ones. Also the login policy of
 * docs/decisions/001-login-attempt-limits.md: an address's budget across accounts, a lock
 * that holds one address only, and the operator's commands that lift them.
 */
import { desc, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { PublicKeySchema } from '#contract/system'
import { members, outbox, sessions, verificationCodes } from '#server/db/schema'
import { loginPolicy } from '#server/identity/login'
import { paymentPasswordPolicy } from '#server/money/payment-password'
import { build, runOps, type TestServer } from '../build-server'
import {
  addresses,
  createClock,
  createMember,
  failureOf,
  login,
  plainCall,
  sealWith,
  tokenOf,
} from '../identity-helpers'
import { moneyMember, sealedMoneyCall, withPaymentPassword } from '../money-helpers'

const clock = createClock()
const nextIp = addresses('10.44')
let server: TestServer

beforeAll(async () => {
  server = await build({ now: clock.now })
})
afterAll(async () => {
  await server?.close()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const burst = 30
/** Positions (from 1) of the right secret in a burst. */
const rightAt = new Set([10, 20, 30])

/**
 * Sends `burst` encrypted requests at once: every body is sealed first, so all requests
 * reach the server together. `body(right)` makes the i-th body (right at `rightAt`).
 */
async function sealedBurst(
  url: string,
  body: (right: boolean) => unknown,
  opts: { ip: string; token?: string; allRight?: boolean },
): Promise<LightMyRequestResponse[]> {
  const res = await server.app.inject({ method: 'GET', url: '/wps/system/publicKey' })
  const pk = successEnvelope(PublicKeySchema).parse(res.json()).value
  const sealed = Array.from({ length: burst }, (_, i) =>
    sealWith(pk, body(opts.allRight === true || rightAt.has(i + 1))),
  )
  return Promise.all(
    sealed.map((s) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { ...s.headers, ...(opts.token ? { authorization: opts.token } : {}) },
        payload: s.payload,
        remoteAddress: opts.ip,
      }),
    ),
  )
}

/** Sends `burst` logins at once from `ip`, the i-th (from 0) with `body(i)`. */
async function sealedBurstOf(body: (i: number) => unknown, ip: string): Promise<LightMyRequestResponse[]> {
  const res = await server.app.inject({ method: 'GET', url: '/wps/system/publicKey' })
  const pk = successEnvelope(PublicKeySchema).parse(res.json()).value
  const sealed = Array.from({ length: burst }, (_, i) => sealWith(pk, body(i)))
  return Promise.all(
    sealed.map((s) =>
      server.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: s.headers,
        payload: s.payload,
        remoteAddress: ip,
      }),
    ),
  )
}

function codes(responses: LightMyRequestResponse[]): string[] {
  return responses.map((r) => (r.statusCode === 200 ? 'ok' : failureOf(r).errorCode))
}

function countOf(list: string[], code: string): number {
  return list.filter((c) => c === code).length
}

async function withCaptcha(on: boolean) {
  await runOps(server, 'flag', 'set', 'CAPTCHA3', on ? 'on' : 'off')
}

async function sessionCount(memberId: number): Promise<number> {
  return (await server.db.select().from(sessions).where(eq(sessions.memberId, memberId))).length
}

describe('the payment password under parallel guesses', () => {
  it('checks no more than the limit, and refuses the right one once locked', async () => {
    const m = await withPaymentPassword(server)
    const verify = vi.spyOn(server.services.passwords, 'verify')
    const answers = codes(
      await sealedBurst(
        '/wps/relay/checkWithdrawPassword',
        (right) => ({ paymentPassword: right ? '246810' : '000000' }),
        { ip: nextIp(), token: m.token },
      ),
    )
    const valid = countOf(answers, 'ok')
    const wrong = countOf(answers, 'payment_password_wrong')
    // Each right one gives its attempt back; wrong ones never do.
    expect(verify.mock.calls.length).toBeLessThanOrEqual(paymentPasswordPolicy.limit + valid)
    expect(valid + wrong).toBeLessThanOrEqual(paymentPasswordPolicy.limit)
    expect(countOf(answers, 'payment_password_locked')).toBeGreaterThanOrEqual(
      burst - paymentPasswordPolicy.limit - valid,
    )
    const after = await sealedMoneyCall(
      server,
      m.token,
      '/wps/relay/checkWithdrawPassword',
      { paymentPassword: '246810' },
      null,
    )
    expect(failureOf(after).errorCode).toBe('payment_password_locked')
  })

  it('answers 500 for a hashing failure and does not count it as a wrong try', async () => {
    const m = await withPaymentPassword(server)
    const [row] = await server.db.select().from(members).where(eq(members.id, m.id))
    // A stored hash argon2 cannot read: the check fails on the server's side.
    await server.db.update(members).set({ paymentPasswordHash: 'damaged-hash' }).where(eq(members.id, m.id))
    for (let i = 0; i < paymentPasswordPolicy.limit + 2; i++) {
      const res = await sealedMoneyCall(
        server,
        m.token,
        '/wps/relay/checkWithdrawPassword',
        { paymentPassword: '246810' },
        null,
      )
      expect(res.statusCode).toBe(500)
      expect(failureOf(res).errorCode).toBe('internal_error')
    }
    await server.db
      .update(members)
      .set({ paymentPasswordHash: row?.paymentPasswordHash ?? null })
      .where(eq(members.id, m.id))
    const ok = await sealedMoneyCall(
      server,
      m.token,
      '/wps/relay/checkWithdrawPassword',
      { paymentPassword: '246810' },
      null,
    )
    expect(ok.json()).toMatchObject({ value: { valid: true } })
  })
})

describe('right secrets sent in parallel', () => {
  it('all pass the payment password check: the budget held by checks in flight is waited for', async () => {
    const m = await withPaymentPassword(server)
    const answers = await sealedBurst(
      '/wps/relay/checkWithdrawPassword',
      () => ({ paymentPassword: '246810' }),
      { ip: nextIp(), token: m.token, allRight: true },
    )
    for (const a of answers) expect(a.json(), a.body).toMatchObject({ success: true, value: { valid: true } })
  })

  it('all log in from one address', async () => {
    const m = await createMember(server, { username: 'together01', password: 'secret12' })
    const answers = await sealedBurst(
      '/wps/session/login',
      () => ({ username: 'together01', password: 'secret12' }),
      { ip: nextIp(), allRight: true },
    )
    expect(codes(answers)).toEqual(Array.from({ length: burst }, () => 'ok'))
    expect(await sessionCount(m.id)).toBe(burst)
  })
})

describe('logging in under parallel guesses', () => {
  it('checks no more passwords than the lock allows, and refuses the right one once locked', async () => {
    await withCaptcha(false)
    try {
      const m = await createMember(server, { username: 'burst01', password: 'secret12' })
      const ip = nextIp()
      const verify = vi.spyOn(server.services.passwords, 'verify')
      const answers = codes(
        await sealedBurst(
          '/wps/session/login',
          (right) => ({ username: 'burst01', password: right ? 'secret12' : 'wrong-password1' }),
          { ip },
        ),
      )
      const ok = countOf(answers, 'ok')
      const wrong = countOf(answers, 'invalid_credentials')
      expect(verify.mock.calls.length).toBeLessThanOrEqual(loginPolicy.lockAfter + ok)
      // The wrong password that took the last attempt answers account_locked itself.
      expect(wrong).toBeLessThan(loginPolicy.lockAfter)
      expect(countOf(answers, 'account_locked')).toBeGreaterThanOrEqual(burst - loginPolicy.lockAfter - ok)
      expect(await sessionCount(m.id)).toBe(ok)
      if (ok === 0) {
        const after = await login(server, { username: 'burst01', password: 'secret12' }, { ip })
        expect(failureOf(after).errorCode).toBe('account_locked')
      }
    } finally {
      await withCaptcha(true)
    }
  })

  it('answers 500 for a hashing failure without counting a failure', async () => {
    await withCaptcha(false)
    try {
      const m = await createMember(server, { username: 'hashfail01', password: 'secret12' })
      const ip = nextIp()
      await server.db.update(members).set({ passwordHash: 'damaged-hash' }).where(eq(members.id, m.id))
      for (let i = 0; i < loginPolicy.lockAfter + 1; i++) {
        const res = await login(server, { username: 'hashfail01', password: 'secret12' }, { ip })
        expect(res.statusCode).toBe(500)
      }
      await server.db.update(members).set({ passwordHash: m.passwordHash }).where(eq(members.id, m.id))
      const res = await login(server, { username: 'hashfail01', password: 'secret12' }, { ip })
      expect(res.statusCode, res.body).toBe(200)
    } finally {
      await withCaptcha(true)
    }
  })
})

describe('the login policy', () => {
  it('stops one address spraying passwords across usernames, even with the captcha off', async () => {
    await withCaptcha(false)
    try {
      await createMember(server, { username: 'sprayed01', password: 'secret12' })
      const ip = nextIp()
      const verify = vi.spyOn(server.services.passwords, 'verify')
      const answers: string[] = []
      for (let i = 1; i <= burst; i++) {
        answers.push(
          ...codes([await login(server, { username: `spray${i}x`, password: 'guess-123' }, { ip })]),
        )
      }
      expect(countOf(answers, 'invalid_credentials')).toBe(loginPolicy.addressLimit)
      expect(countOf(answers, 'TOO_MANY_REQUESTS')).toBe(burst - loginPolicy.addressLimit)
      expect(verify.mock.calls.length).toBe(loginPolicy.addressLimit)
      // The address is stopped even for an account's right password; another address is not.
      const here = await login(server, { username: 'sprayed01', password: 'secret12' }, { ip })
      expect(here.statusCode).toBe(429)
      expect(Number(here.headers['retry-after'])).toBeGreaterThan(0)
      const elsewhere = await login(server, { username: 'sprayed01', password: 'secret12' }, { ip: nextIp() })
      expect(elsewhere.statusCode, elsewhere.body).toBe(200)
      // The operator lifts the address's stop.
      expect(await runOps(server, 'login', 'reset-ip', ip)).toContain(`login:ip:${ip}`)
      const lifted = await login(server, { username: 'sprayed01', password: 'secret12' }, { ip })
      expect(lifted.statusCode, lifted.body).toBe(200)
    } finally {
      await withCaptcha(true)
    }
  })

  it('gives a burst across usernames from one address 3 checks, then the captcha', async () => {
    const ip = nextIp()
    const verify = vi.spyOn(server.services.passwords, 'verify')
    const res = await sealedBurstOf((i) => ({ username: `sprayat${i}x`, password: 'guess-123' }), ip)
    const answers = codes(res)
    expect(countOf(answers, 'invalid_credentials')).toBe(loginPolicy.captchaAfter)
    expect(countOf(answers, 'captcha_required')).toBe(burst - loginPolicy.captchaAfter)
    expect(verify.mock.calls.length).toBe(loginPolicy.captchaAfter)
    // One after another, the next guess from there meets the captcha too.
    const next = await login(server, { username: 'sprayat99x', password: 'guess-123' }, { ip })
    expect(failureOf(next).errorCode).toBe('captcha_required')
  })

  it('lets members log in to their own accounts together from one address (a café)', async () => {
    const ip = nextIp()
    const names = Array.from({ length: burst }, (_, i) => `cafe${i}x${process.pid % 1000}`)
    for (const username of names) await createMember(server, { username, password: 'secret12' })
    const answers = codes(await sealedBurstOf((i) => ({ username: names[i], password: 'secret12' }), ip))
    expect(answers).toEqual(Array.from({ length: burst }, () => 'ok'))
  })

  it('locks an account for the address that guessed, not for the member elsewhere', async () => {
    await withCaptcha(false)
    try {
      const m = await createMember(server, { username: 'victim01', password: 'secret12' })
      const attacker = nextIp()
      let last: LightMyRequestResponse | undefined
      for (let i = 0; i < loginPolicy.lockAfter; i++) {
        last = await login(server, { username: 'victim01', password: 'wrong-password1' }, { ip: attacker })
      }
      expect(last?.statusCode).toBe(423)
      const blocked = await login(server, { username: 'victim01', password: 'secret12' }, { ip: attacker })
      expect(failureOf(blocked).errorCode).toBe('account_locked')

      const member = await login(server, { username: 'victim01', password: 'secret12' }, { ip: nextIp() })
      expect(member.statusCode, member.body).toBe(200)
      expect(await sessionCount(m.id)).toBe(1)

      // The operator's unlock lifts the lock of every address.
      expect(await runOps(server, 'login', 'unlock', 'Victim01')).toContain('login:pair:')
      const unlocked = await login(server, { username: 'victim01', password: 'secret12' }, { ip: attacker })
      expect(unlocked.statusCode, unlocked.body).toBe(200)
    } finally {
      await withCaptcha(true)
    }
  })
})

describe('the second step of a login from a new address under parallel answers', () => {
  it('checks no more than five answers, and refuses the right one after them', async () => {
    const m = await createMember(server, { username: 'stepper01', password: 'secret12' })
    await server.db.update(members).set({ payeeName: 'Sok Dara' }).where(eq(members.id, m.id))
    const home = nextIp()
    const away = nextIp()
    expect(
      (await login(server, { username: 'stepper01', password: 'secret12' }, { ip: home })).statusCode,
    ).toBe(200)
    const step = await login(server, { username: 'stepper01', password: 'secret12' }, { ip: away })
    const token = (failureOf(step).value as { verifyToken?: string } | undefined)?.verifyToken
    expect(token).toBeTruthy()
    const answers = codes(
      await sealedBurst(
        '/wps/session/login/verification',
        (right) => ({
          verifyToken: token,
          method: 'realName',
          realName: right ? 'Sok Dara' : 'Someone Else',
        }),
        { ip: away },
      ),
    )
    const ok = countOf(answers, 'ok')
    expect(ok + countOf(answers, 'invalid_credentials')).toBeLessThanOrEqual(5)
    expect(ok).toBeLessThanOrEqual(1)
    expect(countOf(answers, 'login_verify_required')).toBe(
      burst - countOf(answers, 'invalid_credentials') - ok,
    )
  })
})

describe('codes under parallel guesses', () => {
  it('checks no more than five guesses at an SMS login code', async () => {
    const m = await createMember(server, { username: 'smsburst01', password: 'secret12' })
    await server.db
      .update(members)
      .set({ mobile: '+85571717171', countryDialingCode: '855' })
      .where(eq(members.id, m.id))
    const sent = await plainCall(server, 'POST', '/wps/verification/sms/noLogin', {
      ip: nextIp(),
      body: { mobileNum: '71717171', countryDialingCode: '855' },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const [sms] = await server.db
      .select()
      .from(outbox)
      .where(eq(outbox.destination, '+85571717171'))
      .orderBy(desc(outbox.id))
      .limit(1)
    const code = /\d{6}/.exec(sms?.body ?? '')?.[0] ?? ''
    const wrongCode = code === '000000' ? '111111' : '000000'
    const ip = nextIp()
    const responses = await sealedBurst(
      '/wps/session/login',
      (right) => ({
        type: 'sms',
        mobileNum: '71717171',
        countryDialingCode: '855',
        verificationCode: right ? code : wrongCode,
      }),
      { ip },
    )
    const ok = responses.filter((r) => r.statusCode === 200).length
    const checkedWrong = responses.filter(
      (r) => r.statusCode !== 200 && failureOf(r).message === 'the code is wrong',
    ).length
    expect(ok + checkedWrong).toBeLessThanOrEqual(5)
    const [row] = await server.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.destination, '+85571717171'))
      .orderBy(desc(verificationCodes.id))
      .limit(1)
    expect(row?.attempts).toBeLessThanOrEqual(5)
    expect(row?.usedAt).not.toBeNull()
  })

  it('checks no more than five guesses at an e-mail reset code', async () => {
    const m = await createMember(server, { username: 'mailburst01', password: 'secret12' })
    await server.db.update(members).set({ email: 'mailburst01@example.com' }).where(eq(members.id, m.id))
    const asked = await server.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'mailburst01', email: 'mailburst01@example.com' }).toString(),
      remoteAddress: nextIp(),
    })
    expect(asked.statusCode, asked.body).toBe(200)
    const [mail] = await server.db
      .select()
      .from(outbox)
      .where(eq(outbox.destination, 'mailburst01@example.com'))
      .orderBy(desc(outbox.id))
      .limit(1)
    const code = /\d{6}/.exec(mail?.body ?? '')?.[0] ?? ''
    const wrongCode = code === '000000' ? '111111' : '000000'
    const responses = await sealedBurst(
      '/wps/member/password/email/verification',
      (right) => ({
        username: 'mailburst01',
        verificationCode: right ? code : wrongCode,
        newPassword: 'another77',
        confirmNewPassword: 'another77',
      }),
      { ip: nextIp() },
    )
    const ok = responses.filter((r) => r.statusCode === 200).length
    const checkedWrong = responses.filter(
      (r) => r.statusCode !== 200 && failureOf(r).message === 'the code is wrong',
    ).length
    expect(ok + checkedWrong).toBeLessThanOrEqual(5)
    // Unless a right code was among the five checked, the password is unchanged.
    const still = await login(server, { username: 'mailburst01', password: 'secret12' }, { ip: nextIp() })
    expect(still.statusCode).toBe(ok === 0 ? 200 : 401)
  })
})

describe('code requests for registered and unregistered numbers', () => {
  it('answer alike, the second within a minute refused alike', async () => {
    const m = await createMember(server, { username: 'texted01', password: 'secret12' })
    await server.db
      .update(members)
      .set({ mobile: '+85572727272', countryDialingCode: '855' })
      .where(eq(members.id, m.id))
    for (const url of ['/wps/verification/sms/noLogin', '/wps/member/password/sms']) {
      clock.advance(61_000)
      const ask = (mobileNum: string) =>
        plainCall(server, 'POST', url, { ip: nextIp(), body: { mobileNum, countryDialingCode: '855' } })
      const firsts = [await ask('72727272'), await ask('73737373')]
      const seconds = [await ask('72727272'), await ask('73737373')]
      for (const pair of [firsts, seconds]) {
        const [registered, unregistered] = pair
        expect(unregistered?.statusCode, url).toBe(registered?.statusCode)
        expect(unregistered?.json(), url).toEqual(registered?.json())
        expect(unregistered?.headers['retry-after'], url).toBe(registered?.headers['retry-after'])
      }
      expect(firsts[0]?.statusCode).toBe(200)
      expect(seconds[0]?.statusCode).toBe(429)
    }
    // Only the registered number was sent anything.
    expect(await server.db.select().from(outbox).where(eq(outbox.destination, '+85573737373'))).toEqual([])
  })
})

describe('the login password proving a new payment password', () => {
  it('is limited like the old password of a change', async () => {
    const m = await moneyMember(server)
    const wrongs = []
    for (let i = 0; i < 6; i++) {
      wrongs.push(
        failureOf(
          await sealedMoneyCall(
            server,
            m.token,
            '/wps/relay/setWithdrawPassword',
            { loginPassword: 'not-it-99', paymentPassword: '246810', confirmPaymentPassword: '246810' },
            null,
          ),
        ).errorCode,
      )
    }
    expect(wrongs).toEqual([...Array(5).fill('old_password_wrong'), 'TOO_MANY_REQUESTS'])
    expect(await tokenOf(server, m.username, 'lotus123', { ip: nextIp() })).toBeTruthy()
  })
})
