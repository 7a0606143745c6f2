/**
 * Registering by username (PUT /wps/member/register, encrypted) under the seeded brand's
 * field rules, invitation codes, the captcha it needs, and the per-address limit. Each
 * test registers from its own addresses, so the 10-an-hour limit never leaks between them.
 * The registration calls are in identity-register-setup.ts.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RegisterRequest } from '#contract/identity'
import { auditEvents, captchas } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import {
  addresses,
  createClock,
  failureOf,
  fieldPaths,
  hour,
  login,
  loginValue,
  memberNamed,
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

describe('registering', () => {
  it('creates the member, keeps the name as typed in `account`, and logs in with a working token', async () => {
    const ip = nextIp()
    const captcha = await solveCaptcha(server, { clock, ip })
    const res = await register(
      {
        username: ' NewPlayer1 ',
        password: 'abc12345',
        confirmPassword: 'abc12345',
        termsAccepted: true,
        captcha: captcha.answer,
        email: 'new@example.com',
        mobileNum: '85512345678',
      },
      { ip, captcha, headers: { language: 'EN' } },
    )
    expect(res.statusCode, res.body).toBe(200)
    const v = loginValue(res)
    expect(v).toMatchObject({ firstTimeLogin: true, passwordExpired: false, mustChangePassword: false })

    const [row, ...more] = await membersNamed('newplayer1')
    expect(more).toEqual([])
    expect(row).toMatchObject({
      account: 'NewPlayer1',
      type: 0,
      parentId: null,
      email: 'new@example.com',
      mobile: '85512345678',
      language: 'en',
      registerIp: ip,
      status: 'active',
      mustChangePassword: false,
    })
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(row?.passwordChangedAt.getTime()).toBe(clock.now().getTime())

    const info = await plainCall(server, 'GET', '/wps/member/info', { token: v.token })
    expect(info.statusCode, info.body).toBe(200)
    expect(valueOf(info, (x) => x as { account: string; type: number; id: number })).toMatchObject({
      account: 'NewPlayer1',
      type: 0,
      id: row?.id,
    })
    const [audit] = await server.db.select().from(auditEvents).where(eq(auditEvents.event, 'register'))
    expect(audit).toMatchObject({ memberId: row?.id, ip, username: 'newplayer1' })

    // The new password logs in, whatever case the name is typed in (from the same address:
    // a new one would ask for the second step).
    const again = await login(server, { username: 'NEWPLAYER1', password: 'abc12345' }, { ip })
    expect(loginValue(again).firstTimeLogin).toBe(false)
  })

  it('answers 409 username_taken to the same name in another case, and makes no second row', async () => {
    const first = await registerAs({ username: 'CaseName1' })
    expect(first.statusCode, first.body).toBe(200)
    const before = await tableCounts()
    for (const username of ['casename1', 'CASENAME1', '  caseName1']) {
      const res = await registerAs({ username })
      expect(res.statusCode, username).toBe(409)
      const f = failureOf(res)
      expect(f.errorCode).toBe('username_taken')
      expect(f.value?.fields?.map((x) => x.path)).toEqual(['username'])
    }
    const seeded = await registerAs({ username: 'Member01' })
    expect(failureOf(seeded).errorCode).toBe('username_taken')
    expect(await membersNamed('casename1')).toHaveLength(1)
    expect(await tableCounts()).toEqual(before)
  })
})

describe("the seeded brand's field rules", () => {
  const refused: [string, Partial<RegisterRequest> & { username: string }, string, string][] = [
    ['a username of 5 characters', { username: 'abcd5' }, 'username', 'pattern:LETTER_FIRST_ALNUM'],
    ['a username of 13 characters', { username: 'abcdefghijk13' }, 'username', 'pattern:LETTER_FIRST_ALNUM'],
    ['a username starting with a digit', { username: '1abcdefg' }, 'username', 'pattern:LETTER_FIRST_ALNUM'],
    ['a username with an emoji', { username: 'abc\u{1F600}defg' }, 'username', 'pattern:LETTER_FIRST_ALNUM'],
    ['a username with a zero-width space', { username: 'abc\u200bdefg' }, 'username', 'characters'],
    ['a username with a right-to-left override', { username: 'abc\u202edefg' }, 'username', 'characters'],
    ['a username with a space inside', { username: 'abc defg' }, 'username', 'pattern:LETTER_FIRST_ALNUM'],
    ['SQL injection as a username', { username: "a' OR '1'='1" }, 'username', 'pattern:LETTER_FIRST_ALNUM'],
    ['SQL injection with a comment', { username: "x';DROP--" }, 'username', 'pattern:LETTER_FIRST_ALNUM'],
    ['HTML as a username', { username: '<b>boldy</b>' }, 'username', 'pattern:LETTER_FIRST_ALNUM'],
    ['a script tag as a username', { username: '<script>1' }, 'username', 'pattern:LETTER_FIRST_ALNUM'],
    [
      'a password without digits',
      { username: 'rulesok01', password: 'abcdefgh', confirmPassword: 'abcdefgh' },
      'password',
      'pattern:MIX_LETTERS_DIGITS',
    ],
    [
      'a password of 5 characters',
      { username: 'rulesok02', password: 'abc12', confirmPassword: 'abc12' },
      'password',
      'pattern:MIX_LETTERS_DIGITS',
    ],
    [
      'HTML as an email',
      { username: 'rulesok03', email: '<img src=x onerror=alert(1)>' },
      'email',
      'pattern:EMAIL',
    ],
    [
      'SQL injection as a mobile number',
      { username: 'rulesok04', mobileNum: "1' OR 1=1 --" },
      'mobileNum',
      'pattern:DIGITS',
    ],
    [
      'a payee name with a right-to-left override',
      { username: 'rulesok05', payeeName: 'Sok\u202eDara' },
      'payeeName',
      'characters',
    ],
    ['a payee name of one character', { username: 'rulesok06', payeeName: 'S' }, 'payeeName', 'length'],
  ]

  it.each(refused)(
    'refuses %s with 400 validation_failed naming the field',
    async (_, fields, path, code) => {
      const before = await tableCounts()
      const res = await registerAs(fields)
      expect(res.statusCode, res.body).toBe(400)
      const f = failureOf(res)
      expect(f.errorCode).toBe('validation_failed')
      expect(f.value?.fields?.map((x) => ({ path: x.path, code: x.code }))).toEqual([{ path, code }])
      expect(await tableCounts()).toEqual(before)
    },
  )

  it('accepts a username of exactly 6 and of exactly 12 characters', async () => {
    expect((await registerAs({ username: 'Abcde6' })).statusCode).toBe(200)
    expect((await registerAs({ username: 'Abcdefghij12' })).statusCode).toBe(200)
  })

  it('refuses a confirmation that differs from the password with validation_failed on confirmPassword', async () => {
    const before = await tableCounts()
    const res = await registerAs({ username: 'confirm01', password: 'abc12345', confirmPassword: 'abc12346' })
    expect(res.statusCode).toBe(400)
    expect(failureOf(res).errorCode).toBe('validation_failed')
    expect(fieldPaths(res)).toEqual(['confirmPassword'])
    expect(await tableCounts()).toEqual(before)
  })

  it('refuses termsAccepted false with 400 terms_not_accepted', async () => {
    const before = await tableCounts()
    const res = await registerAs({ username: 'terms01', termsAccepted: false })
    expect(res.statusCode).toBe(400)
    expect(failureOf(res).errorCode).toBe('terms_not_accepted')
    expect(await tableCounts()).toEqual(before)
    expect(await membersNamed('terms01')).toEqual([])
  })

  it('refuses a plain (unencrypted) body with 400 request_body_required', async () => {
    const res = await plainCall(server, 'PUT', '/wps/member/register', {
      ip: nextIp(),
      body: { username: 'plain01', password: 'abc12345', confirmPassword: 'abc12345', termsAccepted: true },
    })
    expect(res.statusCode).toBe(400)
    expect(failureOf(res).errorCode).toBe('request_body_required')
    expect(await membersNamed('plain01')).toEqual([])
  })
})

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

describe('invitation (affiliate) codes', () => {
  it('puts a member who registers with LOTUS01, in any case, under agent01', async () => {
    const agent = await memberNamed(server, 'agent01')
    for (const [username, fields] of [
      ['invited01', { affiliateCode: 'LOTUS01' }],
      ['invited02', { affiliateCode: 'lotus01' }],
      ['invited03', { referralCode: ' LoTuS01 ' }],
    ] as const) {
      const res = await registerAs({ username, ...fields })
      expect(res.statusCode, `${username}: ${res.body}`).toBe(200)
      const [row] = await membersNamed(username)
      expect(row?.parentId, username).toBe(agent.id)
    }
  })

  it('refuses an unknown code with 400 invitation_code_error and creates no account', async () => {
    const before = await tableCounts()
    const res = await registerAs({ username: 'uninvited1', affiliateCode: 'NOPE1234' })
    expect(res.statusCode).toBe(400)
    expect(failureOf(res).errorCode).toBe('invitation_code_error')
    expect(await tableCounts()).toEqual(before)
  })

  it("refuses a code sent from an address that is not the brand's, as the code check does, and creates no account", async () => {
    const before = await tableCounts()
    for (const domain of ['copycat.example', 'localhost.copycat.example']) {
      const res = await registerAs({ username: 'copied01', affiliateCode: 'LOTUS01', domain })
      expect(res.statusCode, domain).toBe(400)
      expect(failureOf(res).errorCode).toBe('invitation_code_error')
    }
    expect(await tableCounts()).toEqual(before)
    // Without a code, the address does not matter.
    expect((await registerAs({ username: 'nocode01', domain: 'copycat.example' })).statusCode).toBe(200)
    const agent = await memberNamed(server, 'agent01')
    const res = await registerAs({
      username: 'ownsite01',
      affiliateCode: 'LOTUS01',
      domain: 'localhost:5173',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await membersNamed('ownsite01'))[0]?.parentId).toBe(agent.id)
  })

  it("refuses a plain member's name as a code (only agents invite)", async () => {
    const res = await registerAs({ username: 'uninvited2', affiliateCode: 'member01' })
    expect(failureOf(res).errorCode).toBe('invitation_code_error')
  })

  it('tells GET /wps/agent/affiliate whether a code is valid', async () => {
    const check = async (code: string) => {
      const res = await plainCall(server, 'GET', `/wps/agent/affiliate?code=${encodeURIComponent(code)}`)
      return valueOf(res, (v) => v as { valid: boolean }).valid
    }
    expect(await check('LOTUS01')).toBe(true)
    expect(await check('lotus01')).toBe(true)
    expect(await check('NOPE')).toBe(false)
    expect(await check('')).toBe(false)
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

describe('a registration that fails part way', () => {
  it('writes the member, its audit row and its session together, or none of them', async () => {
    // The session cannot be written (a fault of the database's own): nothing of the
    // registration stays, and the name is free for the next try.
    await server.db.execute(
      sql.raw(`create function refuse_session() returns trigger language plpgsql as $$
        begin raise exception 'sessions refused'; end $$`),
    )
    await server.db.execute(
      sql.raw(
        `create trigger refuse_session before insert on sessions for each row execute function refuse_session()`,
      ),
    )
    const before = await tableCounts()
    try {
      const res = await registerAs({ username: 'halfway1' })
      expect(res.statusCode).toBe(500)
    } finally {
      await server.db.execute(sql.raw('drop trigger refuse_session on sessions'))
      await server.db.execute(sql.raw('drop function refuse_session'))
    }
    expect(await membersNamed('halfway1')).toEqual([])
    expect(await tableCounts()).toEqual(before)
    const audited = await server.db.select().from(auditEvents).where(eq(auditEvents.username, 'halfway1'))
    expect(audited).toEqual([])
    const again = await registerAs({ username: 'halfway1' })
    expect(again.statusCode, again.body).toBe(200)
    expect(await membersNamed('halfway1')).toHaveLength(1)
  })
})
