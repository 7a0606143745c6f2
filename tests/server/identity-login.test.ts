/**
 * Logging in: passwords, the captcha after 3 failures, the 15-minute lock after 10, the
 * two entrances, the audit trail and password expiry. The app runs on a clock the tests
 * move by hand; every test uses its own addresses (and mostly its own accounts) so the
 * per-address and per-username counters never leak from one test to the next.
 */
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents, sessions, throttles } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import {
  addresses,
  createClock,
  createMember,
  day,
  failureOf,
  login,
  loginValue,
  memberNamed,
  minute,
  second,
  solveCaptcha,
  wrongAnswer,
} from '../identity-helpers'

const clock = createClock()
const nextIp = addresses('10.1')
let server: TestServer

beforeAll(async () => {
  server = await build({ now: clock.now })
})
afterAll(async () => {
  await server?.close()
})

async function auditOf(event: string, username: string) {
  return server.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.event, event), eq(auditEvents.username, username)))
    .orderBy(asc(auditEvents.id))
}

async function sessionCount(memberId: number): Promise<number> {
  return (await server.db.select().from(sessions).where(eq(sessions.memberId, memberId))).length
}

/** Fails `times` logins of `username` with a wrong password, without captcha; the last answer. */
async function failPlain(username: string, ip: string, times: number) {
  let res = await login(server, { username, password: 'wrong-password1' }, { ip })
  for (let i = 1; i < times; i++) res = await login(server, { username, password: 'wrong-password1' }, { ip })
  return res
}

describe('logging in with a username and password', () => {
  it('answers 200 with a token, firstTimeLogin true the first time and false the second', async () => {
    const ip = nextIp()
    const first = await login(server, { username: 'member01', password: 'lotus123' }, { ip })
    expect(first.statusCode, first.body).toBe(200)
    const v1 = loginValue(first)
    expect(v1.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(v1).toMatchObject({ firstTimeLogin: true, passwordExpired: false, mustChangePassword: false })

    const v2 = loginValue(await login(server, { username: 'member01', password: 'lotus123' }, { ip }))
    expect(v2.firstTimeLogin).toBe(false)
    expect(v2.token).not.toBe(v1.token)
    const m = await memberNamed(server, 'member01')
    expect(m.lastLoginAt?.getTime()).toBe(clock.now().getTime())
  })

  it('tells newbie01, whose password was set for them, that it must be changed', async () => {
    const v = loginValue(
      await login(server, { username: 'newbie01', password: 'welcome1' }, { ip: nextIp() }),
    )
    expect(v.mustChangePassword).toBe(true)
  })

  it('reads the username case-insensitively and trimmed', async () => {
    for (const username of ['MEMBER01', '  Member01  ']) {
      const res = await login(server, { username, password: 'lotus123' }, { ip: nextIp() })
      expect(res.statusCode, `${JSON.stringify(username)}: ${res.body}`).toBe(200)
    }
    // A tab or newline is a control character: refused like any other, not trimmed.
    const res = await login(server, { username: '\tmember01\n', password: 'lotus123' }, { ip: nextIp() })
    expect(res.statusCode).toBe(400)
    expect(failureOf(res).errorCode).toBe('validation_failed')
  })

  it('neither trims nor folds the case of the password', async () => {
    await createMember(server, { username: 'exact01', password: 'secret12' })
    for (const password of ['SECRET12', 'secret12 ']) {
      const res = await login(server, { username: 'exact01', password }, { ip: nextIp() })
      expect(res.statusCode, JSON.stringify(password)).toBe(401)
    }
    const res = await login(server, { username: 'exact01', password: 'secret12' }, { ip: nextIp() })
    expect(res.statusCode).toBe(200)
  })

  it('records the login in the audit trail with the member and the address', async () => {
    const ip = nextIp()
    const m = await createMember(server, { username: 'audited01', password: 'secret12' })
    const res = await login(server, { username: 'Audited01', password: 'secret12' }, { ip })
    expect(res.statusCode).toBe(200)
    const rows = await auditOf('login', 'audited01')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ memberId: m.id, ip, merchantCode: 'DEMO' })
    expect(rows[0]?.at.getTime()).toBe(clock.now().getTime())
  })

  it('refuses a plain (unencrypted) body with 400 request_body_required and starts no session', async () => {
    const m = await memberNamed(server, 'member01')
    const before = await sessionCount(m.id)
    const res = await server.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'member01', password: 'lotus123' },
      remoteAddress: nextIp(),
    })
    expect(res.statusCode).toBe(400)
    expect(failureOf(res).errorCode).toBe('request_body_required')
    expect(res.body).not.toContain('token')
    expect(await sessionCount(m.id)).toBe(before)
  })
})

describe('wrong passwords and the captcha', () => {
  it('answers 401 invalid_credentials with captcha false for the 1st and 2nd failure and true from the 3rd', async () => {
    await createMember(server, { username: 'wrong01', password: 'secret12' })
    const ip = nextIp()
    const flags: (boolean | undefined)[] = []
    for (let i = 0; i < 3; i++) {
      const res = await login(server, { username: 'wrong01', password: 'not-it-99' }, { ip })
      expect(res.statusCode).toBe(401)
      const f = failureOf(res)
      expect(f.errorCode).toBe('invalid_credentials')
      flags.push(f.value?.captcha)
    }
    expect(flags).toEqual([false, false, true])
  })

  it('then wants the captcha: none -> captcha_required, a wrong one -> captcha_invalid, the right one and password -> 200', async () => {
    await createMember(server, { username: 'captcha01', password: 'secret12' })
    const ip = nextIp()
    expect(failureOf(await failPlain('captcha01', ip, 3)).value?.captcha).toBe(true)

    const none = await login(server, { username: 'captcha01', password: 'secret12' }, { ip })
    expect(none.statusCode).toBe(400)
    expect(failureOf(none)).toMatchObject({ errorCode: 'captcha_required', value: { captcha: true } })

    const c1 = await solveCaptcha(server, { clock, ip })
    const wrong = await login(
      server,
      { username: 'captcha01', password: 'secret12', captcha: wrongAnswer(c1) },
      { ip, captchaId: c1.id },
    )
    expect(wrong.statusCode).toBe(400)
    expect(failureOf(wrong)).toMatchObject({ errorCode: 'captcha_invalid', value: { captcha: true } })

    // The right answer without its cookie is no answer at all.
    const c2 = await solveCaptcha(server, { clock, ip })
    const noCookie = await login(
      server,
      { username: 'captcha01', password: 'secret12', captcha: c2.answer },
      { ip },
    )
    expect(failureOf(noCookie).errorCode).toBe('captcha_invalid')

    const c3 = await solveCaptcha(server, { clock, ip })
    const ok = await login(
      server,
      { username: 'captcha01', password: 'secret12', captcha: c3.answer.toUpperCase() },
      { ip, captchaId: c3.id },
    )
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('counts neither a missing nor a wrong captcha as a failed password', async () => {
    await createMember(server, { username: 'nocount01', password: 'secret12' })
    const ip = nextIp()
    await failPlain('nocount01', ip, 3)
    for (let i = 0; i < 12; i++) {
      const res = await login(server, { username: 'nocount01', password: 'wrong-password1' }, { ip })
      expect(failureOf(res).errorCode).toBe('captcha_required')
    }
    for (let i = 0; i < 3; i++) {
      const c = await solveCaptcha(server, { clock, ip })
      const res = await login(
        server,
        { username: 'nocount01', password: 'wrong-password1', captcha: wrongAnswer(c) },
        { ip, captchaId: c.id },
      )
      expect(failureOf(res).errorCode).toBe('captcha_invalid')
    }
    const [row] = await server.db
      .select()
      .from(throttles)
      .where(eq(throttles.key, 'login:user:DEMO:nocount01'))
    expect(row?.count).toBe(3)
    expect(row?.blockedUntil).toBeNull()
  })

  it("resets the username's failure count after a successful login, but not the address's", async () => {
    await createMember(server, { username: 'reset01', password: 'secret12' })
    const ip = nextIp()
    await failPlain('reset01', ip, 3)
    const c = await solveCaptcha(server, { clock, ip })
    const ok = await login(
      server,
      { username: 'reset01', password: 'secret12', captcha: c.answer },
      { ip, captchaId: c.id },
    )
    expect(ok.statusCode, ok.body).toBe(200)

    const keys = (await server.db.select().from(throttles)).map((t) => t.key)
    expect(keys).not.toContain('login:user:DEMO:reset01')
    // An address guessing at accounts keeps its count even after logging into one of its own.
    expect(keys).toContain(`login:ip:${ip}`)
    const again = failureOf(await failPlain('reset01', ip, 1))
    expect([again.errorCode, again.value?.captcha]).toEqual(['captcha_required', true])
    // From a fresh address the account's own count starts again from nothing.
    const other = nextIp()
    const flags = []
    for (let i = 0; i < 3; i++) flags.push(failureOf(await failPlain('reset01', other, 1)).value?.captcha)
    expect(flags).toEqual([false, false, true])
  })

  it('brings the captcha after 3 failures from one address across different usernames', async () => {
    await createMember(server, { username: 'spray04', password: 'secret12' })
    const ip = nextIp()
    const flags = []
    for (const username of ['spray01', 'spray02', 'spray03']) {
      const res = await login(server, { username, password: 'wrong-password1' }, { ip })
      expect(failureOf(res).errorCode).toBe('invalid_credentials')
      flags.push(failureOf(res).value?.captcha)
    }
    expect(flags).toEqual([false, false, true])

    // A fourth username, never failed itself, now needs the captcha from that address...
    const here = await login(server, { username: 'spray04', password: 'secret12' }, { ip })
    expect(here.statusCode).toBe(400)
    expect(failureOf(here).errorCode).toBe('captcha_required')
    // ...but not from another address.
    const elsewhere = await login(server, { username: 'spray04', password: 'secret12' }, { ip: nextIp() })
    expect(elsewhere.statusCode, elsewhere.body).toBe(200)
  })

  it('answers an unknown username exactly as a wrong password, and audits both as login_failed', async () => {
    const known = await createMember(server, { username: 'known01', password: 'secret12' })
    const ipKnown = nextIp()
    const ipUnknown = nextIp()
    for (let i = 0; i < 3; i++) {
      const a = await login(server, { username: 'known01', password: 'wrong-password1' }, { ip: ipKnown })
      const b = await login(server, { username: 'nobody01', password: 'wrong-password1' }, { ip: ipUnknown })
      expect(b.statusCode).toBe(a.statusCode)
      expect(b.json()).toEqual(a.json())
    }
    const knownRows = await auditOf('login_failed', 'known01')
    expect(knownRows.map((r) => [r.memberId, r.ip])).toEqual(Array(3).fill([known.id, ipKnown]))
    const unknownRows = await auditOf('login_failed', 'nobody01')
    expect(unknownRows.map((r) => [r.memberId, r.ip])).toEqual(Array(3).fill([null, ipUnknown]))
  })

  it('forgets failures older than the 15-minute window', async () => {
    await createMember(server, { username: 'window01', password: 'secret12' })
    await createMember(server, { username: 'window02', password: 'secret12' })

    // Two failures, then the third 15 minutes later: counted as the first of a new window.
    const ipA = nextIp()
    await failPlain('window01', ipA, 2)
    clock.advance(15 * minute)
    expect(failureOf(await failPlain('window01', ipA, 1)).value?.captcha).toBe(false)
    expect(failureOf(await failPlain('window01', ipA, 1)).value?.captcha).toBe(false)
    expect(failureOf(await failPlain('window01', ipA, 1)).value?.captcha).toBe(true)

    // Within the window the third failure still brings the captcha.
    const ipB = nextIp()
    await failPlain('window02', ipB, 2)
    clock.advance(15 * minute - second)
    expect(failureOf(await failPlain('window02', ipB, 1)).value?.captcha).toBe(true)
  })
})

describe('the 15-minute lock after 10 failures', () => {
  it('locks the username at the 10th failure from one address (423, Retry-After 900), refuses even the right password there, and lets it in 15 minutes later', async () => {
    const m = await createMember(server, { username: 'locked01', password: 'secret12' })
    const ip = nextIp()
    expect(failureOf(await failPlain('locked01', ip, 3)).value?.captcha).toBe(true)
    for (let i = 4; i <= 9; i++) {
      const c = await solveCaptcha(server, { clock, ip })
      const res = await login(
        server,
        { username: 'locked01', password: 'wrong-password1', captcha: c.answer },
        { ip, captchaId: c.id },
      )
      expect(res.statusCode, `failure ${i}`).toBe(401)
      expect(failureOf(res)).toMatchObject({ errorCode: 'invalid_credentials', value: { captcha: true } })
    }
    const c10 = await solveCaptcha(server, { clock, ip })
    const tenth = await login(
      server,
      { username: 'locked01', password: 'wrong-password1', captcha: c10.answer },
      { ip, captchaId: c10.id },
    )
    expect(tenth.statusCode).toBe(423)
    expect(tenth.headers['retry-after']).toBe('900')
    expect(failureOf(tenth)).toMatchObject({ errorCode: 'account_locked', value: { retryAfterSeconds: 900 } })
    const lockedAt = clock.now().getTime()

    // The right password, even with a right captcha, is refused from that address.
    const c = await solveCaptcha(server, { clock, ip })
    for (const attempt of [
      () => login(server, { username: 'locked01', password: 'secret12' }, { ip }),
      () =>
        login(
          server,
          { username: 'locked01', password: 'secret12', captcha: c.answer },
          { ip, captchaId: c.id },
        ),
    ]) {
      const res = await attempt()
      expect(res.statusCode).toBe(423)
      expect(failureOf(res).errorCode).toBe('account_locked')
    }
    expect(await sessionCount(m.id)).toBe(0)

    // Another address is not locked out by the guessing, but the account's failures ask it
    // for the captcha (docs/decisions/001-login-attempt-limits.md).
    const elsewhere = nextIp()
    const plain = await login(server, { username: 'LOCKED01', password: 'secret12' }, { ip: elsewhere })
    expect(failureOf(plain).errorCode).toBe('captcha_required')
    const ce = await solveCaptcha(server, { clock, ip: elsewhere })
    const there = await login(
      server,
      { username: 'LOCKED01', password: 'secret12', captcha: ce.answer },
      { ip: elsewhere, captchaId: ce.id },
    )
    expect(there.statusCode, there.body).toBe(200)
    expect(await sessionCount(m.id)).toBe(1)

    clock.advance(lockedAt + 5 * minute - clock.now().getTime())
    const later = await login(server, { username: 'locked01', password: 'secret12' }, { ip })
    expect(later.statusCode).toBe(423)
    expect(later.headers['retry-after']).toBe('600')
    expect(failureOf(later).value?.retryAfterSeconds).toBe(600)

    clock.advance(10 * minute - second)
    expect(
      failureOf(await login(server, { username: 'locked01', password: 'secret12' }, { ip })).value,
    ).toMatchObject({ retryAfterSeconds: 1 })

    // At the end of the lock the 15-minute failure window that began with the first failure
    // has passed as well, so no captcha is asked for.
    clock.advance(second)
    const free = await login(server, { username: 'locked01', password: 'secret12' }, { ip })
    expect(free.statusCode, free.body).toBe(200)

    const failed = await auditOf('login_failed', 'locked01')
    expect(failed).toHaveLength(10)
    expect(failed.every((r) => r.memberId === m.id && r.ip === ip)).toBe(true)
    const locked = await auditOf('account_locked', 'locked01')
    expect(locked).toHaveLength(1)
    expect(locked[0]).toMatchObject({ memberId: m.id, ip })
    expect(locked[0]?.at.getTime()).toBe(lockedAt)
  })
})

describe('the two entrances and the kinds of account', () => {
  it('refuses a member at the agent entrance with 403 error_not_agent and lets agent01 in', async () => {
    const m = await memberNamed(server, 'member01')
    const before = await sessionCount(m.id)
    const member = await login(
      server,
      { username: 'member01', password: 'lotus123', entrance: 'agent' },
      { ip: nextIp() },
    )
    expect(member.statusCode).toBe(403)
    expect(failureOf(member).errorCode).toBe('error_not_agent')
    expect(await sessionCount(m.id)).toBe(before)

    const agent = await login(
      server,
      { username: 'agent01', password: 'lotus123', entrance: 'agent' },
      { ip: nextIp() },
    )
    expect(agent.statusCode, agent.body).toBe(200)
  })

  it('refuses a trial (guest) account at the member entrance with 403 member_no_enter', async () => {
    const guest = await createMember(server, { username: 'guest_known', password: 'secret12', type: 4 })
    const res = await login(server, { username: 'guest_known', password: 'secret12' }, { ip: nextIp() })
    expect(res.statusCode).toBe(403)
    expect(failureOf(res).errorCode).toBe('member_no_enter')
    expect(await sessionCount(guest.id)).toBe(0)
  })

  it('refuses a disabled account with 403 account_disabled, but only once the password is right', async () => {
    const m = await createMember(server, { username: 'disabled01', password: 'secret12', status: 'disabled' })
    const wrong = await login(
      server,
      { username: 'disabled01', password: 'wrong-password1' },
      { ip: nextIp() },
    )
    expect(failureOf(wrong).errorCode).toBe('invalid_credentials')
    const right = await login(server, { username: 'disabled01', password: 'secret12' }, { ip: nextIp() })
    expect(right.statusCode).toBe(403)
    expect(failureOf(right).errorCode).toBe('account_disabled')
    expect(await sessionCount(m.id)).toBe(0)
  })
})

// Last in the file: the clock jumps by months here.
describe('password expiry', () => {
  it('answers passwordExpired once passwordExpiryDays (90) have passed, while PWDEXPFORCECHANGE3 is on', async () => {
    const changedAt = (await memberNamed(server, 'player01')).passwordChangedAt.getTime()

    clock.advance(changedAt + 89 * day - clock.now().getTime())
    const at89 = loginValue(
      await login(server, { username: 'player01', password: 'lotus123' }, { ip: nextIp() }),
    )
    expect(at89.passwordExpired).toBe(false)

    clock.advance(2 * day)
    const at91 = loginValue(
      await login(server, { username: 'player01', password: 'lotus123' }, { ip: nextIp() }),
    )
    expect(at91.passwordExpired).toBe(true)
  })

  it('answers passwordExpired false for an old password when PWDEXPFORCECHANGE3 is switched off', async () => {
    const m = await memberNamed(server, 'player01')
    expect(clock.now().getTime() - m.passwordChangedAt.getTime()).toBeGreaterThan(90 * day)
    await runOps(server, 'flag', 'set', 'PWDEXPFORCECHANGE3', 'off')
    try {
      const v = loginValue(
        await login(server, { username: 'player01', password: 'lotus123' }, { ip: nextIp() }),
      )
      expect(v.passwordExpired).toBe(false)
    } finally {
      await runOps(server, 'flag', 'set', 'PWDEXPFORCECHANGE3', 'on')
    }
    const again = loginValue(
      await login(server, { username: 'player01', password: 'lotus123' }, { ip: nextIp() }),
    )
    expect(again.passwordExpired).toBe(true)
  })
})
