/**
 * Registering by username (PUT /wps/member/register, encrypted) under the seeded brand's
 * field rules, with invitation codes, and whole or not at all. The captcha it needs, the
 * switches and the per-address limit are in identity-register-limits.test.ts. Each test
 * registers from its own addresses, so the 10-an-hour limit never leaks between them.
 */
import { type RegisterRequest } from '#contract/identity'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '../../server/db/schema'
import { build, type TestServer } from '../build-server'
import {
  addresses,
  createClock,
  failureOf,
  fieldPaths,
  login,
  loginValue,
  memberNamed,
  plainCall,
  solveCaptcha,
  valueOf,
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
