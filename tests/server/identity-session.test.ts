/**
 * Sessions: what a token opens, how it is stored, idle and absolute expiry, logout,
 * password changes (and their refusals), free play's trial accounts and the language.
 */
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MemberInfoSchema, type MemberInfo } from '#contract/identity'
import { auditEvents, members, sessions } from '#server/db/schema'
import { build, type TestServer } from '../build-server'
import {
  addresses,
  createClock,
  createMember,
  failureOf,
  hour,
  login,
  loginValue,
  memberNamed,
  minute,
  plainCall,
  sealedCall,
  tokenOf,
  valueOf,
} from '../identity-helpers'

const clock = createClock()
const nextIp = addresses('10.2')
let server: TestServer

beforeAll(async () => {
  server = await build({ now: clock.now })
})
afterAll(async () => {
  await server?.close()
})

function info(token: string | undefined, ip = nextIp()): Promise<LightMyRequestResponse> {
  return plainCall(server, 'GET', '/wps/member/info', { ip, ...(token === undefined ? {} : { token }) })
}

function infoValue(res: LightMyRequestResponse): MemberInfo {
  return valueOf(res, (v) => MemberInfoSchema.parse(v))
}

function changePassword(
  token: string,
  body: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  ip = nextIp(),
): Promise<LightMyRequestResponse> {
  return sealedCall(server, 'POST', '/wps/member/password', body, { token, ip })
}

async function auditRows(event: string, memberId: number) {
  return server.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.event, event), eq(auditEvents.memberId, memberId)))
}

describe('what a session token opens', () => {
  it("opens GET /wps/member/info on member01's own account", async () => {
    const m = await memberNamed(server, 'member01')
    const token = await tokenOf(server, 'member01', 'lotus123', { ip: nextIp() })
    const res = await info(token)
    expect(res.statusCode, res.body).toBe(200)
    expect(infoValue(res)).toEqual({
      id: m.id,
      account: 'member01',
      nickname: 'member01',
      type: 0,
      toUpline: false,
      clubLabel: { labelName: 'សំរិទ្ធ' },
      memberLabel: [],
      regDate: m.createdAt.getTime(),
      mobile: null,
      language: 'km',
      avatar: '/avatars/01.svg',
      avatarType: 'STATIC',
      birthday: null,
    })
  })

  it("shows player01 as in agent01's downline (toUpline) and agent01 as type 1", async () => {
    const player = infoValue(await info(await tokenOf(server, 'player01', 'lotus123', { ip: nextIp() })))
    expect(player).toMatchObject({ account: 'player01', type: 0, toUpline: true })
    const agent = infoValue(await info(await tokenOf(server, 'agent01', 'lotus123', { ip: nextIp() })))
    expect(agent).toMatchObject({ account: 'agent01', type: 1 })
  })

  it('says toUpline only for an account with an upline to send to', async () => {
    const m = await createMember(server, { username: 'noupline01', password: 'secret12' })
    // Allowed to send, but with nobody above: the transfer page is not offered.
    await server.db.update(members).set({ toUpline: true, parentId: null }).where(eq(members.id, m.id))
    const v = infoValue(await info(await tokenOf(server, 'noupline01', 'secret12', { ip: nextIp() })))
    expect(v).toMatchObject({ account: 'noupline01', toUpline: false })
  })

  it('masks the mobile number but for its last 4 digits', async () => {
    const m = await createMember(server, { username: 'mobile01', password: 'secret12' })
    await server.db.update(members).set({ mobile: '85512345678' }).where(eq(members.id, m.id))
    const v = infoValue(await info(await tokenOf(server, 'mobile01', 'secret12', { ip: nextIp() })))
    expect(v.mobile).toBe('*******5678')
    expect(JSON.stringify(v)).not.toContain('855123')
  })

  it('answers 401 CUSTOMER_NOT_LOGIN without an Authorization header (or with an empty one)', async () => {
    for (const res of [await info(undefined), await info(''), await info('   ')]) {
      expect(res.statusCode).toBe(401)
      expect(failureOf(res).errorCode).toBe('CUSTOMER_NOT_LOGIN')
    }
  })

  it('answers 401 user.or.token.invalid to a token it never issued', async () => {
    const real = await tokenOf(server, 'member01', 'lotus123', { ip: nextIp() })
    for (const token of ['garbage', 'x'.repeat(600), `${real}x`, `Bearer ${real}`, real.toUpperCase()]) {
      const res = await info(token)
      expect(res.statusCode, token.slice(0, 20)).toBe(401)
      expect(failureOf(res).errorCode).toBe('user.or.token.invalid')
    }
  })

  it('stores only the SHA-256 (hex) of the token: the raw token appears nowhere in the sessions table', async () => {
    const m = await createMember(server, { username: 'hashed01', password: 'secret12' })
    const ip = nextIp()
    const token = await tokenOf(server, 'hashed01', 'secret12', { ip, headers: { 'user-agent': 'vitest/1' } })
    const rows = await server.db.select().from(sessions).where(eq(sessions.memberId, m.id))
    expect(rows).toHaveLength(1)
    const row = rows[0]
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(row).toMatchObject({ ip, userAgent: 'vitest/1', loginType: 'username', revokedAt: null })
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + 24 * hour)

    const everything = JSON.stringify(await server.db.select().from(sessions))
    expect(everything).not.toContain(token)
    expect(everything).not.toContain(Buffer.from(token, 'base64url').toString('hex'))
  })
})

describe('session expiry', () => {
  it('ends a session left idle for more than 120 minutes, counting from its last request', async () => {
    const used = await tokenOf(server, 'member01', 'lotus123', { ip: nextIp() })
    const idle = await tokenOf(server, 'member01', 'lotus123', { ip: nextIp() })
    clock.advance(119 * minute)
    expect((await info(used)).statusCode).toBe(200)
    clock.advance(2 * minute)
    const res = await info(idle)
    expect(res.statusCode).toBe(401)
    expect(failureOf(res).errorCode).toBe('user.or.token.invalid')
    expect((await info(used)).statusCode).toBe(200)
    clock.advance(121 * minute)
    expect(failureOf(await info(used)).errorCode).toBe('user.or.token.invalid')
  })

  it('keeps an active session alive (a request every 50 minutes) until the 24-hour absolute limit', async () => {
    const token = await tokenOf(server, 'member01', 'lotus123', { ip: nextIp() })
    const started = clock.now().getTime()
    // 28 requests 50 minutes apart: the last at 23 h 20 min.
    for (let i = 1; i <= 28; i++) {
      clock.advance(50 * minute)
      const res = await info(token)
      expect(res.statusCode, `after ${(i * 50) / 60} h`).toBe(200)
    }
    clock.advance(started + 24 * hour - minute - clock.now().getTime())
    expect((await info(token)).statusCode).toBe(200)
    clock.advance(minute)
    const res = await info(token)
    expect(res.statusCode).toBe(401)
    expect(failureOf(res).errorCode).toBe('user.or.token.invalid')
  })
})

describe('a short idle limit (SESSION_IDLE_MINUTES=1) is kept to within a tenth', () => {
  const second = 1000
  const shortClock = createClock()
  let short: TestServer
  beforeAll(async () => {
    short = await build({ now: shortClock.now, config: { SESSION_IDLE_MINUTES: 1 } })
  })
  afterAll(async () => {
    await short?.close()
  })
  const call = (token: string) => plainCall(short, 'GET', '/wps/member/info', { ip: nextIp(), token })

  it('keeps a session that calls every 20 seconds alive for 5 minutes', async () => {
    const token = await tokenOf(short, 'member01', 'lotus123', { ip: nextIp() })
    for (let i = 1; i <= 15; i++) {
      shortClock.advance(20 * second)
      const res = await call(token)
      expect(res.statusCode, `after ${i * 20} s: ${res.body}`).toBe(200)
    }
  })

  it('ends it after a gap of 61 seconds, however its requests fell before', async () => {
    const token = await tokenOf(short, 'member01', 'lotus123', { ip: nextIp() })
    // Calls 5 s apart: each is within a tenth (6 s) of the last written time.
    for (let i = 1; i <= 5; i++) {
      shortClock.advance(5 * second)
      expect((await call(token)).statusCode).toBe(200)
    }
    shortClock.advance(61 * second)
    const res = await call(token)
    expect(res.statusCode).toBe(401)
    expect(failureOf(res).errorCode).toBe('user.or.token.invalid')
  })

  it('never ends it before 54 seconds (nine tenths) of silence', async () => {
    const token = await tokenOf(short, 'member01', 'lotus123', { ip: nextIp() })
    for (let i = 1; i <= 7; i++) {
      shortClock.advance(7 * second)
      expect((await call(token)).statusCode).toBe(200)
    }
    shortClock.advance(54 * second)
    expect((await call(token)).statusCode).toBe(200)
  })
})

describe('pruning ended sessions', () => {
  it('removes sessions a week after they ended, and keeps live and recently ended ones', async () => {
    const expiring = await tokenOf(server, 'member01', 'lotus123', { ip: nextIp() })
    const loggedOut = await tokenOf(server, 'member01', 'lotus123', { ip: nextIp() })
    expect((await plainCall(server, 'DELETE', '/wps/session/logout', { token: loggedOut })).statusCode).toBe(
      200,
    )
    const hashOf = (t: string) => createHash('sha256').update(t).digest('hex')
    const kept = async (...tokens: string[]) => {
      const rows = await server.db.select({ h: sessions.tokenHash }).from(sessions)
      const present = new Set(rows.map((r) => r.h))
      return tokens.map((t) => present.has(hashOf(t)))
    }
    await server.services.sessions.prune()
    expect(await kept(expiring, loggedOut)).toEqual([true, true])
    // Almost seven days after the logout (and six after the other's 24-hour limit): kept.
    clock.advance(6 * 24 * hour + 23 * hour)
    await server.services.sessions.prune()
    expect(await kept(expiring, loggedOut)).toEqual([true, true])
    // Two days more: both ended over a week ago and go; a session in use stays.
    clock.advance(2 * 24 * hour)
    const fresh = await tokenOf(server, 'member01', 'lotus123', { ip: nextIp() })
    expect(await server.services.sessions.prune()).toBeGreaterThanOrEqual(2)
    expect(await kept(expiring, loggedOut, fresh)).toEqual([false, false, true])
    expect((await info(fresh)).statusCode).toBe(200)
  })
})

describe('logging out', () => {
  it('ends this session (the next call is 401), keeps the member’s other sessions, and is audited', async () => {
    const m = await createMember(server, { username: 'logout01', password: 'secret12' })
    const ip = nextIp()
    const token = await tokenOf(server, 'logout01', 'secret12', { ip })
    const other = await tokenOf(server, 'logout01', 'secret12', { ip: nextIp() })

    const res = await plainCall(server, 'DELETE', '/wps/session/logout', { token, ip })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ success: true, value: null })

    const after = await info(token)
    expect(after.statusCode).toBe(401)
    expect(failureOf(after).errorCode).toBe('user.or.token.invalid')
    const again = await plainCall(server, 'DELETE', '/wps/session/logout', { token, ip })
    expect(again.statusCode).toBe(401)
    expect((await info(other)).statusCode).toBe(200)

    const [row] = await server.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, createHash('sha256').update(token).digest('hex')))
    expect(row?.revokedAt?.getTime()).toBe(clock.now().getTime())
    const audit = await auditRows('logout', m.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]?.ip).toBe(ip)
  })

  it('answers 401 CUSTOMER_NOT_LOGIN to a logout without a session', async () => {
    const res = await plainCall(server, 'DELETE', '/wps/session/logout', { ip: nextIp() })
    expect(res.statusCode).toBe(401)
    expect(failureOf(res).errorCode).toBe('CUSTOMER_NOT_LOGIN')
  })
})

describe('changing the password', () => {
  it('keeps the current session, ends the others, retires the old password and audits password_changed', async () => {
    const m = await createMember(server, { username: 'change01', password: 'secret12' })
    const ip = nextIp()
    const current = await tokenOf(server, 'change01', 'secret12', { ip })
    const other1 = await tokenOf(server, 'change01', 'secret12', { ip: nextIp() })
    const other2 = await tokenOf(server, 'change01', 'secret12', { ip: nextIp() })

    const res = await changePassword(
      current,
      { oldPassword: 'secret12', newPassword: 'fresh345', confirmNewPassword: 'fresh345' },
      ip,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ success: true, value: null })

    expect((await info(current)).statusCode).toBe(200)
    for (const t of [other1, other2]) {
      const r = await info(t)
      expect(r.statusCode).toBe(401)
      expect(failureOf(r).errorCode).toBe('user.or.token.invalid')
    }

    const old = await login(server, { username: 'change01', password: 'secret12' }, { ip: nextIp() })
    expect(old.statusCode).toBe(401)
    expect(failureOf(old).errorCode).toBe('invalid_credentials')
    const fresh = await login(server, { username: 'change01', password: 'fresh345' }, { ip: nextIp() })
    expect(fresh.statusCode, fresh.body).toBe(200)

    const row = await memberNamed(server, 'change01')
    expect(row.passwordChangedAt.getTime()).toBe(clock.now().getTime())
    expect(row.passwordHash).toMatch(/^\$argon2id\$/)
    expect(row.passwordHash).not.toContain('fresh345')
    const audit = await auditRows('password_changed', m.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]?.ip).toBe(ip)
  })

  it('clears mustChangePassword once newbie01 has chosen a password', async () => {
    const token = await tokenOf(server, 'newbie01', 'welcome1', { ip: nextIp() })
    const res = await changePassword(token, {
      oldPassword: 'welcome1',
      newPassword: 'mine2024',
      confirmNewPassword: 'mine2024',
    })
    expect(res.statusCode, res.body).toBe(200)
    const v = loginValue(
      await login(server, { username: 'newbie01', password: 'mine2024' }, { ip: nextIp() }),
    )
    expect(v.mustChangePassword).toBe(false)
  })

  it('refuses a wrong old password, a new one outside the password rule, a differing confirmation and the same password, changing nothing', async () => {
    const m = await createMember(server, { username: 'refuse01', password: 'secret12' })
    const current = await tokenOf(server, 'refuse01', 'secret12', { ip: nextIp() })
    const other = await tokenOf(server, 'refuse01', 'secret12', { ip: nextIp() })
    const before = await memberNamed(server, 'refuse01')

    const cases: {
      body: { oldPassword: string; newPassword: string; confirmNewPassword: string }
      errorCode: string
      fields?: { path: string; code: string }[]
    }[] = [
      {
        body: { oldPassword: 'secret13', newPassword: 'fresh345', confirmNewPassword: 'fresh345' },
        errorCode: 'old_password_wrong',
        fields: [{ path: 'oldPassword', code: 'wrong' }],
      },
      {
        body: { oldPassword: 'secret12', newPassword: 'lettersonly', confirmNewPassword: 'lettersonly' },
        errorCode: 'validation_failed',
        fields: [{ path: 'newPassword', code: 'pattern:MIX_LETTERS_DIGITS' }],
      },
      {
        body: { oldPassword: 'secret12', newPassword: 'ab1', confirmNewPassword: 'ab1' },
        errorCode: 'validation_failed',
        fields: [{ path: 'newPassword', code: 'pattern:MIX_LETTERS_DIGITS' }],
      },
      {
        body: { oldPassword: 'secret12', newPassword: 'abc123\u200b', confirmNewPassword: 'abc123\u200b' },
        errorCode: 'validation_failed',
        fields: [{ path: 'newPassword', code: 'characters' }],
      },
      {
        body: { oldPassword: 'secret12', newPassword: '', confirmNewPassword: '' },
        errorCode: 'validation_failed',
        fields: [{ path: 'newPassword', code: 'required' }],
      },
      {
        body: { oldPassword: 'secret12', newPassword: 'fresh345', confirmNewPassword: 'fresh346' },
        errorCode: 'password_mismatch',
        fields: [{ path: 'confirmNewPassword', code: 'mismatch' }],
      },
      {
        body: { oldPassword: 'secret12', newPassword: 'secret12', confirmNewPassword: 'secret12' },
        errorCode: 'password_same_as_old',
      },
    ]
    for (const c of cases) {
      const res = await changePassword(current, c.body)
      expect(res.statusCode, `${c.errorCode}: ${res.body}`).toBe(400)
      const f = failureOf(res)
      expect(f.errorCode).toBe(c.errorCode)
      if (c.fields) expect(f.value?.fields?.map(({ path, code }) => ({ path, code }))).toEqual(c.fields)
    }

    const after = await memberNamed(server, 'refuse01')
    expect(after.passwordHash).toBe(before.passwordHash)
    expect(after.passwordChangedAt.getTime()).toBe(before.passwordChangedAt.getTime())
    expect((await info(current)).statusCode).toBe(200)
    expect((await info(other)).statusCode).toBe(200)
    expect(await auditRows('password_changed', m.id)).toEqual([])
    expect(
      (await login(server, { username: 'refuse01', password: 'secret12' }, { ip: nextIp() })).statusCode,
    ).toBe(200)
  })

  it('refuses a plain body with 400 request_body_required and a call without a session with 401', async () => {
    const token = await tokenOf(server, 'member01', 'lotus123', { ip: nextIp() })
    const plain = await plainCall(server, 'POST', '/wps/member/password', {
      token,
      body: { oldPassword: 'lotus123', newPassword: 'lotus456', confirmNewPassword: 'lotus456' },
    })
    expect(plain.statusCode).toBe(400)
    expect(failureOf(plain).errorCode).toBe('request_body_required')

    const anonymous = await sealedCall(server, 'POST', '/wps/member/password', {
      oldPassword: 'lotus123',
      newPassword: 'lotus456',
      confirmNewPassword: 'lotus456',
    })
    expect(anonymous.statusCode).toBe(401)
    expect(failureOf(anonymous).errorCode).toBe('CUSTOMER_NOT_LOGIN')
    expect(
      (await login(server, { username: 'member01', password: 'lotus123' }, { ip: nextIp() })).statusCode,
    ).toBe(200)
  })
})

describe('trial accounts (free play) and roles', () => {
  it('gives free play a type-4 account whose token opens member info but not the password change (403 in_need_true_account)', async () => {
    const ip = nextIp()
    const res = await plainCall(server, 'POST', '/wps/session/login/freeplay', { ip, body: {} })
    expect(res.statusCode, res.body).toBe(200)
    const v = loginValue(res)
    expect(v).toMatchObject({ firstTimeLogin: true, passwordExpired: false, mustChangePassword: false })

    const me = infoValue(await info(v.token))
    expect(me.type).toBe(4)
    expect(me.account).toMatch(/^guest_[0-9a-f]{12}$/)
    const [row] = await server.db.select().from(members).where(eq(members.id, me.id))
    expect(row).toMatchObject({ type: 4, registerIp: ip })
    expect(await auditRows('free_play', me.id)).toHaveLength(1)

    const change = await changePassword(v.token, {
      oldPassword: 'whatever1',
      newPassword: 'lotus456',
      confirmNewPassword: 'lotus456',
    })
    expect(change.statusCode).toBe(403)
    expect(failureOf(change).errorCode).toBe('in_need_true_account')
  })

  it('gives each free play its own trial account', async () => {
    const a = loginValue(
      await plainCall(server, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} }),
    )
    const b = loginValue(
      await plainCall(server, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} }),
    )
    expect(infoValue(await info(a.token)).id).not.toBe(infoValue(await info(b.token)).id)
  })

  it('stores the language of PUT /wps/member/language, which member info then shows', async () => {
    const token = await tokenOf(server, 'agent01', 'lotus123', { ip: nextIp() })
    for (const language of ['en', 'zh', 'vi'] as const) {
      const res = await plainCall(server, 'PUT', '/wps/member/language', { token, body: { language } })
      expect(res.statusCode, res.body).toBe(200)
      expect(infoValue(await info(token)).language).toBe(language)
    }
    const bad = await plainCall(server, 'PUT', '/wps/member/language', { token, body: { language: 'fr' } })
    expect(bad.statusCode).toBe(400)
    expect(failureOf(bad).errorCode).toBe('validation_failed')
    expect(infoValue(await info(token)).language).toBe('vi')

    const anonymous = await plainCall(server, 'PUT', '/wps/member/language', { body: { language: 'en' } })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('writes that belong together', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('leaves no trial account behind when its play money cannot be credited', async () => {
    const guests = async () =>
      (await server.db.select({ id: members.id }).from(members).where(eq(members.type, 4))).length
    const before = await guests()
    vi.spyOn(server.services.funds, 'creditTrial').mockRejectedValue(new Error('ledger unavailable'))
    const res = await plainCall(server, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} })
    expect(res.statusCode).toBe(500)
    expect(await guests()).toBe(before)
  })

  it('keeps the old password and the sessions when ending the other sessions fails', async () => {
    const m = await createMember(server, { username: 'atomic01', password: 'secret12' })
    const other = await tokenOf(server, 'atomic01', 'secret12', { ip: nextIp() })
    const token = await tokenOf(server, 'atomic01', 'secret12', { ip: nextIp() })
    vi.spyOn(server.services.sessions, 'revokeOthers').mockRejectedValue(new Error('database gone'))
    const res = await changePassword(token, {
      oldPassword: 'secret12',
      newPassword: 'lotus456',
      confirmNewPassword: 'lotus456',
    })
    expect(res.statusCode).toBe(500)
    vi.restoreAllMocks()
    expect(infoValue(await info(other)).id).toBe(m.id)
    expect(
      (await login(server, { username: 'atomic01', password: 'secret12' }, { ip: nextIp() })).statusCode,
    ).toBe(200)
  })
})
