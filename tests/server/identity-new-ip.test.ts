import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { members, outbox } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import {
  createClock,
  createMember,
  failureOf,
  login,
  loginValue,
  plainCall,
  sealedCall,
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
  return /\d{6}/.exec(m?.body ?? '')?.[0] ?? ''
}

async function verifiable(username: string) {
  const m = await createMember(server, { username, password: 'secret12' })
  await server.db
    .update(members)
    .set({ email: `${username}@example.com`, payeeName: 'Sok  Dara', mobile: '+85512121212' })
    .where(eq(members.id, m.id))
  return m
}

function verifyRequired(res: Awaited<ReturnType<typeof login>>): { verifyToken: string; methods: string[] } {
  const f = failureOf(res)
  expect(res.statusCode).toBe(422)
  expect(f.errorCode).toBe('login_verify_required')
  return f.value as unknown as { verifyToken: string; methods: string[] }
}

describe('a login from a new address', () => {
  it('goes through the first time, and asks for a second step from a new address', async () => {
    await verifiable('roamer01')
    expect(
      (await login(server, { username: 'roamer01', password: 'secret12' }, { ip: '10.7.0.1' })).statusCode,
    ).toBe(200)
    expect(
      (await login(server, { username: 'roamer01', password: 'secret12' }, { ip: '10.7.0.1' })).statusCode,
    ).toBe(200)
    const step = verifyRequired(
      await login(server, { username: 'roamer01', password: 'secret12' }, { ip: '10.7.0.2' }),
    )
    expect(step.methods).toEqual(['sms', 'email', 'realName'])
  })

  it('is confirmed by an e-mail code, after which that address is known', async () => {
    await verifiable('roamer02')
    await login(server, { username: 'roamer02', password: 'secret12' }, { ip: '10.7.1.1' })
    const step = verifyRequired(
      await login(server, { username: 'roamer02', password: 'secret12' }, { ip: '10.7.1.2' }),
    )
    const sent = await plainCall(server, 'POST', '/wps/session/login/verification/code', {
      ip: '10.7.1.2',
      body: { verifyToken: step.verifyToken, method: 'email' },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const ok = await sealedCall(
      server,
      'POST',
      '/wps/session/login/verification',
      {
        verifyToken: step.verifyToken,
        method: 'email',
        verificationCode: await lastCodeTo('roamer02@example.com'),
      },
      { ip: '10.7.1.2' },
    )
    expect(ok.statusCode, ok.body).toBe(200)
    expect(loginValue(ok).token).toBeTruthy()
    expect(
      (await login(server, { username: 'roamer02', password: 'secret12' }, { ip: '10.7.1.2' })).statusCode,
    ).toBe(200)
  })

  it('is confirmed by the real name on the account (spaces and case aside); a wrong one counts a try', async () => {
    await verifiable('roamer03')
    await login(server, { username: 'roamer03', password: 'secret12' }, { ip: '10.7.2.1' })
    const step = verifyRequired(
      await login(server, { username: 'roamer03', password: 'secret12' }, { ip: '10.7.2.2' }),
    )
    const call = (realName: string, ip = '10.7.2.2') =>
      sealedCall(
        server,
        'POST',
        '/wps/session/login/verification',
        { verifyToken: step.verifyToken, method: 'realName', realName },
        { ip },
      )
    expect(failureOf(await call('Someone Else')).errorCode).toBe('invalid_credentials')
    // The step belongs to the address that started it.
    expect(failureOf(await call('sok dara', '10.7.2.3')).errorCode).toBe('login_verify_required')
    const ok = await call(' sok dara ')
    expect(ok.statusCode, ok.body).toBe(200)
    // A confirmed step cannot be replayed.
    expect(failureOf(await call('sok dara')).errorCode).toBe('login_verify_required')
  })

  it('is not asked for while LOGINIPVERF3 is off, nor for an account with no way to confirm', async () => {
    await createMember(server, { username: 'plain001', password: 'secret12' })
    await login(server, { username: 'plain001', password: 'secret12' }, { ip: '10.7.3.1' })
    expect(
      (await login(server, { username: 'plain001', password: 'secret12' }, { ip: '10.7.3.2' })).statusCode,
    ).toBe(200)
    await verifiable('roamer04')
    await login(server, { username: 'roamer04', password: 'secret12' }, { ip: '10.7.4.1' })
    await runOps(server, 'flag', 'set', 'LOGINIPVERF3', 'off')
    expect(
      (await login(server, { username: 'roamer04', password: 'secret12' }, { ip: '10.7.4.2' })).statusCode,
    ).toBe(200)
    await runOps(server, 'flag', 'set', 'LOGINIPVERF3', 'on')
  })

  it('expires after ten minutes', async () => {
    await verifiable('roamer05')
    await login(server, { username: 'roamer05', password: 'secret12' }, { ip: '10.7.5.1' })
    const step = verifyRequired(
      await login(server, { username: 'roamer05', password: 'secret12' }, { ip: '10.7.5.2' }),
    )
    clock.advance(11 * 60_000)
    const late = await sealedCall(
      server,
      'POST',
      '/wps/session/login/verification',
      { verifyToken: step.verifyToken, method: 'realName', realName: 'Sok Dara' },
      { ip: '10.7.5.2' },
    )
    expect(failureOf(late).errorCode).toBe('login_verify_required')
  })
})
