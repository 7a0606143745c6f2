/**
 * The authenticator app (decision 031): set-up confirmed by a first code, recovery codes
 * shown once and kept hashed, codes accepted one step either side of now and never twice,
 * wrong codes throttled and locked as payment passwords are, turning it off with a code,
 * the operator's reset, who may call what, and a login from a new address confirmed with it.
 */
import { base32 } from '@otplib/plugin-base32-scure'
import { crypto } from '@otplib/plugin-crypto-node'
import { generate } from '@otplib/totp'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authenticatorEndpoints, recoveryCodePattern, type AuthenticatorSetup } from '#contract/authenticator'
import {
  authenticatorRecoveryCodes,
  memberAuthenticators,
  operatorActions,
  auditEvents,
} from '#server/db/schema'
import { createAuthenticator, type Authenticator } from '#server/identity/authenticator'
import { lazyAuthenticatorKeys } from '#server/identity/authenticator-seal'
import { createThrottle } from '#server/identity/throttle'
import { build, runOps, type TestServer } from '../build-server'
import {
  createClock,
  createMember,
  failureOf,
  login,
  loginValue,
  minute,
  plainCall,
  sealedCall,
  tokenOf,
  valueOf,
  type Clock,
} from '../identity-helpers'

let server: TestServer
let clock: Clock
let service: Authenticator
const e = authenticatorEndpoints

beforeAll(async () => {
  clock = createClock()
  server = await build({ now: () => clock.now() })
  const now = () => clock.now()
  service = createAuthenticator({
    db: server.db,
    throttle: createThrottle(server.db, now),
    keys: lazyAuthenticatorKeys(server.db),
    now,
  })
})
afterAll(async () => {
  await server?.close()
})

let n = 0
async function memberWithSession(ip = '10.31.0.1') {
  n += 1
  const username = `otp${String(n).padStart(3, '0')}`
  const m = await createMember(server, { username, password: 'secret12' })
  return { ...m, token: await tokenOf(server, username, 'secret12', { ip }) }
}

/** The code an authenticator app shows `steps` time steps from the server's now. */
function codeAt(secret: string, steps = 0): Promise<string> {
  return generate({ secret, crypto, base32, epoch: Math.floor(clock.now().getTime() / 1000) + steps * 30 })
}

async function setUp(token: string): Promise<AuthenticatorSetup> {
  const res = await plainCall(server, 'POST', e.authenticatorSetup.path, { token })
  return valueOf(res, (v) => e.authenticatorSetup.response.parse(v))
}

function confirm(token: string, code: string) {
  return sealedCall(server, 'POST', e.authenticatorConfirm.path, { code }, { token })
}

function disable(token: string, code: string) {
  return sealedCall(server, 'POST', e.authenticatorDisable.path, { code }, { token })
}

async function securityConfig(token: string) {
  const res = await plainCall(server, 'GET', e.securityConfig.path, { token })
  return valueOf(res, (v) => e.securityConfig.response.parse(v))
}

/** A member with the authenticator on: its secret and recovery codes. */
async function withAuthenticator(ip?: string) {
  const m = await memberWithSession(ip)
  const s = await setUp(m.token)
  const res = await confirm(m.token, await codeAt(s.secret))
  const { recoveryCodes } = valueOf(res, (v) => e.authenticatorConfirm.response.parse(v))
  // The next code checks come from a later step: the set-up's step is used.
  clock.advance(30_000)
  return { ...m, secret: s.secret, recoveryCodes }
}

describe('setting up the authenticator', () => {
  it('turns on only with a first code, and answers the recovery codes once', async () => {
    const m = await memberWithSession()
    expect((await securityConfig(m.token)).authenticator).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      enabledAt: null,
    })
    const s = await setUp(m.token)
    expect(s.secret).toMatch(/^[A-Z2-7]{32}$/)
    const uri = new URL(s.otpauthUri)
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.searchParams.get('secret')).toBe(s.secret)
    expect(uri.searchParams.get('issuer')).toBe(s.issuer)
    expect(decodeURIComponent(uri.pathname)).toContain(m.username)
    // Begun, not on: a login from a new address does not offer it yet.
    expect((await securityConfig(m.token)).authenticator.enabled).toBe(false)

    const wrong = await confirm(m.token, '000000' === (await codeAt(s.secret)) ? '111111' : '000000')
    expect(wrong.statusCode).toBe(400)
    expect(failureOf(wrong)).toMatchObject({
      errorCode: 'authenticator_code_wrong',
      value: { attemptsLeft: 4 },
    })

    const ok = await confirm(m.token, await codeAt(s.secret))
    const { recoveryCodes } = valueOf(ok, (v) => e.authenticatorConfirm.response.parse(v))
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const c of recoveryCodes) expect(c).toMatch(recoveryCodePattern)
    const config = await securityConfig(m.token)
    expect(config.authenticator).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })

    // Stored sealed and hashed: neither the secret nor a recovery code is in the rows.
    const [row] = await server.db
      .select()
      .from(memberAuthenticators)
      .where(eq(memberAuthenticators.memberId, m.id))
    expect(row?.secretSealed).not.toContain(s.secret)
    const stored = await server.db
      .select()
      .from(authenticatorRecoveryCodes)
      .where(eq(authenticatorRecoveryCodes.memberId, m.id))
    const dump = JSON.stringify(stored)
    for (const c of recoveryCodes) {
      expect(dump).not.toContain(c)
      expect(dump).not.toContain(c.replace('-', ''))
    }

    // A second set-up, or confirming again, is refused while it is on.
    expect(
      failureOf(await plainCall(server, 'POST', e.authenticatorSetup.path, { token: m.token })).errorCode,
    ).toBe('authenticator_already_on')
    expect(failureOf(await confirm(m.token, await codeAt(s.secret, 1))).errorCode).toBe(
      'authenticator_already_on',
    )
  })

  it('refuses a confirmation before set-up, and confirms the newest QR code only', async () => {
    const m = await memberWithSession()
    expect(failureOf(await confirm(m.token, '123456')).errorCode).toBe('authenticator_not_set_up')
    const first = await setUp(m.token)
    const second = await setUp(m.token)
    expect(second.secret).not.toBe(first.secret)
    const stale = await confirm(m.token, await codeAt(first.secret))
    expect(failureOf(stale).errorCode).toBe('authenticator_code_wrong')
    expect((await confirm(m.token, await codeAt(second.secret))).statusCode).toBe(200)
  })

  it('refuses bad input with a clear code and changes nothing', async () => {
    const m = await memberWithSession()
    const s = await setUp(m.token)
    for (const code of ['', 'abcdef', '12345', '１２３４５６']) {
      const res = await confirm(m.token, code)
      expect(failureOf(res).errorCode, code).toBe('authenticator_code_wrong')
    }
    const control = await confirm(m.token, '12\u000034')
    expect(failureOf(control).errorCode).toBe('validation_failed')
    const huge = await confirm(m.token, '1'.repeat(5000))
    expect(failureOf(huge).errorCode).toBe('validation_failed')
    const typed = await sealedCall(
      server,
      'POST',
      e.authenticatorConfirm.path,
      { code: 123456 },
      { token: m.token },
    )
    expect(failureOf(typed).errorCode).toBe('validation_failed')
    const bodiless = await plainCall(server, 'POST', e.authenticatorConfirm.path, { token: m.token })
    expect(bodiless.statusCode).toBeGreaterThanOrEqual(400)
    expect(bodiless.statusCode).toBeLessThan(500)
    expect((await securityConfig(m.token)).authenticator.enabled).toBe(false)
    // The fifth wrong code locks it, as the fifth wrong payment password would; the right
    // code is then refused unchecked.
    expect(failureOf(await confirm(m.token, '1234567')).errorCode).toBe('authenticator_locked')
    expect(failureOf(await confirm(m.token, await codeAt(s.secret))).errorCode).toBe('authenticator_locked')
  })
})

describe('checking codes', () => {
  it('accepts exactly one step either side of now, and never the same step twice', async () => {
    const m = await withAuthenticator()
    // Two steps on, the set-up's step is out of the window.
    clock.advance(60_000)
    const check = (steps: number) => codeAt(m.secret, steps).then((c) => service.check(m.id, c, 'totp'))
    await expect(check(-2)).rejects.toMatchObject({ errorCode: 'authenticator_code_wrong' })
    await expect(check(2)).rejects.toMatchObject({ errorCode: 'authenticator_code_wrong' })
    await expect(check(-1)).resolves.toBe('totp')
    await expect(check(-1)).rejects.toMatchObject({ errorCode: 'authenticator_code_used' })
    await expect(check(0)).resolves.toBe('totp')
    await expect(check(1)).resolves.toBe('totp')
    // A step before the last one accepted is a replay too.
    await expect(check(0)).rejects.toMatchObject({ errorCode: 'authenticator_code_used' })
    await expect(check(1)).rejects.toMatchObject({ errorCode: 'authenticator_code_used' })
  })

  it('locks after five wrong codes in 15 minutes, even sent at once, and opens again after', async () => {
    const m = await withAuthenticator()
    const right = await codeAt(m.secret)
    const wrong = right === '000000' ? '111111' : '000000'
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => service.check(m.id, wrong, 'totp').catch((err: unknown) => err)),
    )
    const codes = answers.map((a) => (a as { errorCode?: string }).errorCode)
    expect(codes.filter((c) => c === 'authenticator_code_wrong')).toHaveLength(4)
    expect(codes.filter((c) => c === 'authenticator_locked')).toHaveLength(16)
    // Locked: the right code is refused without being checked, and stays unused.
    await expect(service.check(m.id, right, 'totp')).rejects.toMatchObject({
      errorCode: 'authenticator_locked',
    })
    clock.advance(15 * minute)
    await expect(service.check(m.id, await codeAt(m.secret), 'totp')).resolves.toBe('totp')
  })

  it('of 20 identical codes at once accepts one, and locks nobody out', async () => {
    const m = await withAuthenticator()
    const code = await codeAt(m.secret)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        service.check(m.id, code, 'totp').then(
          () => 'ok',
          (err: unknown) => (err as { errorCode?: string }).errorCode,
        ),
      ),
    )
    expect(answers.filter((a) => a === 'ok')).toHaveLength(1)
    expect(answers.filter((a) => a === 'authenticator_code_used')).toHaveLength(19)
    clock.advance(30_000)
    await expect(service.check(m.id, await codeAt(m.secret), 'totp')).resolves.toBe('totp')
  })

  it('of 20 identical confirmations at once turns it on once, with one set of recovery codes', async () => {
    const m = await memberWithSession()
    const s = await setUp(m.token)
    const code = await codeAt(s.secret)
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(m.token, code)))
    const ok = answers.filter((r) => r.statusCode === 200)
    expect(ok).toHaveLength(1)
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(['authenticator_code_used', 'authenticator_already_on']).toContain(failureOf(r).errorCode)
    }
    const { recoveryCodes } = valueOf(ok[0]!, (v) => e.authenticatorConfirm.response.parse(v))
    const stored = await server.db
      .select()
      .from(authenticatorRecoveryCodes)
      .where(eq(authenticatorRecoveryCodes.memberId, m.id))
    expect(stored).toHaveLength(10)
    await expect(service.check(m.id, recoveryCodes[0]!, 'recovery')).resolves.toBe('recovery')
  })

  it('takes each recovery code once, typed loosely, and 20 at once once', async () => {
    const m = await withAuthenticator()
    const [a, b] = m.recoveryCodes as [string, string]
    await expect(service.check(m.id, ` ${a.toLowerCase()} `, 'recovery')).resolves.toBe('recovery')
    await expect(service.check(m.id, a, 'recovery')).rejects.toMatchObject({
      errorCode: 'authenticator_code_wrong',
    })
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        service.check(m.id, b, 'recovery').then(
          () => 'ok',
          (err: unknown) => (err as { errorCode?: string }).errorCode,
        ),
      ),
    )
    expect(answers.filter((x) => x === 'ok')).toHaveLength(1)
    expect((await securityConfig(m.token)).authenticator.recoveryCodesLeft).toBe(8)
  })
})

describe('turning it off', () => {
  it('needs a current code or a recovery code', async () => {
    const m = await withAuthenticator()
    const right = await codeAt(m.secret)
    const bad = await disable(m.token, right === '000000' ? '111111' : '000000')
    expect(failureOf(bad).errorCode).toBe('authenticator_code_wrong')
    expect((await securityConfig(m.token)).authenticator.enabled).toBe(true)
    const off = await disable(m.token, right)
    expect(off.statusCode, off.body).toBe(200)
    expect((await securityConfig(m.token)).authenticator).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    })
    expect(failureOf(await disable(m.token, right)).errorCode).toBe('authenticator_not_set_up')
    const events = await server.db
      .select({ event: auditEvents.event })
      .from(auditEvents)
      .where(eq(auditEvents.memberId, m.id))
    expect(events.map((x) => x.event)).toEqual(
      expect.arrayContaining(['authenticator_on', 'authenticator_off']),
    )
  })

  it('takes a recovery code when the phone is lost, and then sets up afresh', async () => {
    const m = await withAuthenticator()
    const off = await disable(m.token, m.recoveryCodes[3]!)
    expect(off.statusCode, off.body).toBe(200)
    const rows = await server.db
      .select()
      .from(authenticatorRecoveryCodes)
      .where(eq(authenticatorRecoveryCodes.memberId, m.id))
    expect(rows).toEqual([])
    const s = await setUp(m.token)
    expect((await confirm(m.token, await codeAt(s.secret))).statusCode).toBe(200)
  })

  it('is reset by an operator with a row in the audit trail', async () => {
    const m = await withAuthenticator()
    expect(await runOps(server, 'authenticator', 'status', m.username)).toContain('authenticator on')
    expect(await runOps(server, 'authenticator', 'reset', m.username)).toContain('reset the authenticator')
    expect((await securityConfig(m.token)).authenticator.enabled).toBe(false)
    const [action] = await server.db
      .select()
      .from(operatorActions)
      .where(and(eq(operatorActions.target, `authenticator of ${m.username}`)))
    expect(action).toMatchObject({
      operator: 'test-operator',
      after: { enabled: false, recoveryCodesLeft: 0 },
    })
    await expect(runOps(server, 'authenticator', 'reset', 'nobody-here')).rejects.toThrow(/no account/)
    await expect(runOps(server, 'authenticator', 'wipe', m.username)).rejects.toThrow()
  })
})

describe('who may call the authenticator calls', () => {
  const calls = [
    { name: 'securityConfig', method: 'GET' as const, path: e.securityConfig.path, sealed: false },
    { name: 'authenticatorSetup', method: 'POST' as const, path: e.authenticatorSetup.path, sealed: false },
    {
      name: 'authenticatorConfirm',
      method: 'POST' as const,
      path: e.authenticatorConfirm.path,
      sealed: true,
    },
    {
      name: 'authenticatorDisable',
      method: 'POST' as const,
      path: e.authenticatorDisable.path,
      sealed: true,
    },
  ]
  let guestToken: string
  beforeAll(async () => {
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    guestToken = (guest.json() as { value: { token: string } }).value.token
  })

  it.each(calls)(
    '$name: a visitor must log in, a guest needs a real account',
    async ({ method, path, sealed }) => {
      const call = (token?: string) =>
        sealed
          ? sealedCall(server, 'POST', path, { code: '123456' }, token === undefined ? {} : { token })
          : plainCall(server, method, path, token === undefined ? {} : { token })
      const visitor = await call()
      expect(visitor.statusCode).toBe(401)
      expect(failureOf(visitor).errorCode).toBe('CUSTOMER_NOT_LOGIN')
      const guest = await call(guestToken)
      expect(failureOf(guest).errorCode).toBe('in_need_true_account')
    },
  )

  it('acts on the session’s own account only', async () => {
    const alice = await withAuthenticator()
    const bob = await memberWithSession()
    expect((await securityConfig(bob.token)).authenticator.enabled).toBe(false)
    // Alice's code and recovery code mean nothing on Bob's session.
    expect(failureOf(await disable(bob.token, await codeAt(alice.secret))).errorCode).toBe(
      'authenticator_not_set_up',
    )
    expect(failureOf(await disable(bob.token, alice.recoveryCodes[0]!)).errorCode).toBe(
      'authenticator_not_set_up',
    )
    const bobs = await setUp(bob.token)
    expect(failureOf(await confirm(bob.token, await codeAt(alice.secret))).errorCode).toBe(
      'authenticator_code_wrong',
    )
    expect((await confirm(bob.token, await codeAt(bobs.secret))).statusCode).toBe(200)
    expect((await securityConfig(alice.token)).authenticator).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    })
  })
})

describe('a login from a new address', () => {
  function verifyRequired(res: Awaited<ReturnType<typeof login>>) {
    expect(res.statusCode, res.body).toBe(422)
    const f = failureOf(res)
    expect(f.errorCode).toBe('login_verify_required')
    return f.value as unknown as { verifyToken: string; methods: string[] }
  }
  const verify = (body: object, ip: string) =>
    sealedCall(server, 'POST', '/wps/session/login/verification', body, { ip })

  it('offers the authenticator to a member who has it on, and is confirmed by its code', async () => {
    const m = await withAuthenticator('10.31.1.1')
    const step = verifyRequired(
      await login(server, { username: m.username, password: 'secret12' }, { ip: '10.31.1.2' }),
    )
    expect(step.methods).toEqual(['authenticator', 'recoveryCode'])
    const right = await codeAt(m.secret)
    const wrong = await verify(
      {
        verifyToken: step.verifyToken,
        method: 'authenticator',
        verificationCode: right === '000000' ? '111111' : '000000',
      },
      '10.31.1.2',
    )
    expect(failureOf(wrong).errorCode).toBe('authenticator_code_wrong')
    const ok = await verify(
      { verifyToken: step.verifyToken, method: 'authenticator', verificationCode: right },
      '10.31.1.2',
    )
    const session = loginValue(ok)
    expect((await securityConfig(session.token)).authenticator.enabled).toBe(true)
    // The address is known now: the next login from it needs no second step.
    expect(
      (await login(server, { username: m.username, password: 'secret12' }, { ip: '10.31.1.2' })).statusCode,
    ).toBe(200)
  })

  it('takes a recovery code once, and not a code the member does not have on', async () => {
    const m = await withAuthenticator('10.31.2.1')
    const step = verifyRequired(
      await login(server, { username: m.username, password: 'secret12' }, { ip: '10.31.2.2' }),
    )
    const ok = await verify(
      { verifyToken: step.verifyToken, method: 'recoveryCode', verificationCode: m.recoveryCodes[0] },
      '10.31.2.2',
    )
    expect(ok.statusCode, ok.body).toBe(200)
    const again = verifyRequired(
      await login(server, { username: m.username, password: 'secret12' }, { ip: '10.31.2.3' }),
    )
    const reused = await verify(
      { verifyToken: again.verifyToken, method: 'recoveryCode', verificationCode: m.recoveryCodes[0] },
      '10.31.2.3',
    )
    expect(failureOf(reused).errorCode).toBe('authenticator_code_wrong')

    // A member without it: the method is not offered, and naming it is refused.
    const plain = await memberWithSession('10.31.3.1')
    const { members } = await import('#server/db/schema')
    await server.db
      .update(members)
      .set({ email: `${plain.username}@example.com` })
      .where(eq(members.id, plain.id))
    const other = verifyRequired(
      await login(server, { username: plain.username, password: 'secret12' }, { ip: '10.31.3.2' }),
    )
    expect(other.methods).toEqual(['email'])
    const refused = await verify(
      { verifyToken: other.verifyToken, method: 'authenticator', verificationCode: '123456' },
      '10.31.3.2',
    )
    expect(failureOf(refused).errorCode).toBe('login_verify_required')
  })
})
