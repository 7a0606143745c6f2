import type { AddressInfo } from 'node:net'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { defineEndpoint } from '#contract/endpoint'
import { FailureSchema, successEnvelope } from '#contract/envelope'
import type { ErrorCode } from '#contract/error-codes'
import { StatusSchema, WhitelabelSchema, type WhitelabelNode } from '#contract/system'
import * as s from '#server/db/schema'
import { registerEndpoint } from '#server/http/contract-routes'
import { OpsError } from '#server/ops/commands'
import { startOpsServer, type OpsServer } from '#server/ops/ops-server'
import { build, resetAccessToSeed, runOps, type TestServer } from '../build-server'

/** Gated by CAPTCHA3, a child of REG3: off whenever REG3 is off. */
const captchaGated = defineEndpoint({
  name: 'test.captchaGated',
  method: 'GET',
  path: '/wps/test/captcha-gated',
  auth: 'public',
  encrypted: false,
  modId: 'MOBILENUMREG3',
  response: z.object({ ok: z.boolean() }),
  errors: ['feature_disabled'],
})

let server: TestServer

beforeAll(async () => {
  server = await build({
    extend(app, deps) {
      registerEndpoint(app, captchaGated, async () => ({ ok: true }), deps)
    },
  })
})
afterAll(async () => {
  await server?.close()
})

afterEach(() => resetAccessToSeed(server))

type Req = Omit<InjectOptions, 'method' | 'url'>

async function status(opts: Req = {}) {
  const res = await server.app.inject({ method: 'GET', url: '/wps/system/status', ...opts })
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(StatusSchema).parse(res.json()).value
}

function get(url: string, opts: Req = {}): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'GET', url, ...opts })
}

function expectFailure(res: LightMyRequestResponse, status: number, code: ErrorCode): void {
  expect(res.statusCode, res.body).toBe(status)
  expect(FailureSchema.parse(res.json()).errorCode).toBe(code)
}

function findNode(nodes: WhitelabelNode[], modId: string): WhitelabelNode | undefined {
  for (const n of nodes) {
    if (n.modId === modId) return n
    const hit = findNode(n.childrenNodes ?? [], modId)
    if (hit) return hit
  }
  return undefined
}

/** Everything an operator command may change, to prove a refused one changed nothing. */
async function accessState() {
  return {
    settings: await server.db.select().from(s.accessSettings),
    ips: await server.db.select().from(s.ipBlocks),
    flags: await server.db.select().from(s.whitelabelNodes).orderBy(s.whitelabelNodes.modId),
  }
}

describe('maintenance', () => {
  it('on: status reports it with the message and gated endpoints answer 503 system_maintenance', async () => {
    expect((await get('/wps/system/country')).statusCode).toBe(200)
    const out = await runOps(server, 'maintenance', 'on', 'Back', 'at', '10:00')
    expect(out).toContain('maintenance on')

    const st = await status()
    expect(st.maintenance).toBe(true)
    expect(st.maintenanceMessage).toBe('Back at 10:00')
    expectFailure(await get('/wps/system/country'), 503, 'system_maintenance')
    expectFailure(await get('/wps/system/setting/register'), 503, 'system_maintenance')
    // The shell's own data stays reachable so the PWA can show the maintenance page.
    expect((await get('/wps/system/whitelabel')).statusCode).toBe(200)
    expect((await get('/wps/system/settings/consolidated')).statusCode).toBe(200)
  })

  it('off: status clears it and gated endpoints answer again', async () => {
    await runOps(server, 'maintenance', 'on')
    expect((await status()).maintenance).toBe(true)
    await runOps(server, 'maintenance', 'off')
    const st = await status()
    expect(st.maintenance).toBe(false)
    expect(st.maintenanceMessage).toBeNull()
    expect((await get('/wps/system/country')).statusCode).toBe(200)
  })
})

describe('region restriction', () => {
  const from = (cc: string): Req => ({ headers: { 'cf-ipcountry': cc } })

  it('block: callers from that country see regionRestriction and 403 region_restricted; others do not', async () => {
    await runOps(server, 'region', 'block', 'kh')
    expect((await status(from('KH'))).regionRestriction).toBe(true)
    expect((await status(from('TH'))).regionRestriction).toBe(false)
    expect((await status()).regionRestriction).toBe(false)
    expectFailure(await get('/wps/system/country', from('KH')), 403, 'region_restricted')
    expect((await get('/wps/system/country', from('TH'))).statusCode).toBe(200)
    expect(await runOps(server, 'region', 'list')).toBe('KH')
  })

  it('unblock: the country is served again', async () => {
    await runOps(server, 'region', 'block', 'KH')
    await runOps(server, 'region', 'block', 'VN')
    await runOps(server, 'region', 'unblock', 'KH')
    expect((await status(from('KH'))).regionRestriction).toBe(false)
    expect((await get('/wps/system/country', from('KH'))).statusCode).toBe(200)
    expect((await status(from('VN'))).regionRestriction).toBe(true)
  })
})

describe('blocked addresses', () => {
  const at = (remoteAddress: string): Req => ({ remoteAddress })

  it('block one address: that caller sees ipBlocked and 403 ip_blocked; another caller does not', async () => {
    await runOps(server, 'ip', 'block', '198.51.100.7', 'scraper')
    expect((await status(at('198.51.100.7'))).ipBlocked).toBe(true)
    expect((await status(at('198.51.100.8'))).ipBlocked).toBe(false)
    expectFailure(await get('/wps/system/setting/register', at('198.51.100.7')), 403, 'ip_blocked')
    expect((await get('/wps/system/setting/register', at('198.51.100.8'))).statusCode).toBe(200)
    expect(await runOps(server, 'ip', 'list')).toContain('198.51.100.7  scraper')
  })

  it('block a CIDR range: every address inside it is blocked, including IPv4-mapped IPv6, none outside', async () => {
    await runOps(server, 'ip', 'block', '10.20.0.0/16')
    expect((await status(at('10.20.0.1'))).ipBlocked).toBe(true)
    expect((await status(at('10.20.255.254'))).ipBlocked).toBe(true)
    expect((await status(at('::ffff:10.20.3.4'))).ipBlocked).toBe(true)
    expect((await status(at('10.21.0.1'))).ipBlocked).toBe(false)
    expect((await status(at('10.19.255.255'))).ipBlocked).toBe(false)
    expectFailure(await get('/wps/system/country', at('10.20.9.9')), 403, 'ip_blocked')
  })

  it('blocks an IPv6 range', async () => {
    await runOps(server, 'ip', 'block', '2001:db8::/32')
    expect((await status(at('2001:db8:1::5'))).ipBlocked).toBe(true)
    expect((await status(at('2001:db9::5'))).ipBlocked).toBe(false)
  })

  it('unblock: the address and the range are served again', async () => {
    await runOps(server, 'ip', 'block', '198.51.100.7')
    await runOps(server, 'ip', 'block', '10.20.0.0/16')
    await runOps(server, 'ip', 'unblock', '198.51.100.7')
    await runOps(server, 'ip', 'unblock', '10.20.0.0/16')
    expect((await status(at('198.51.100.7'))).ipBlocked).toBe(false)
    expect((await status(at('10.20.0.1'))).ipBlocked).toBe(false)
    expect((await get('/wps/system/country', at('10.20.0.1'))).statusCode).toBe(200)
    expect(await runOps(server, 'ip', 'list')).toBe('no blocked addresses')
  })
})

describe('feature flags', () => {
  it('set off: the tree shows enabled "0" and the gated endpoint answers 403 feature_disabled', async () => {
    expect((await get('/wps/system/setting/register')).statusCode).toBe(200)
    expect(await runOps(server, 'flag', 'set', 'REG3', 'off')).toBe('REG3 off')

    const tree = successEnvelope(WhitelabelSchema).parse((await get('/wps/system/whitelabel')).json()).value
    expect(findNode(tree.childrenNodes, 'REG3')?.enabled).toBe('0')
    expect(findNode((await status()).info.whitelabel, 'REG3')?.enabled).toBe('0')
    expectFailure(await get('/wps/system/setting/register'), 403, 'feature_disabled')
  })

  it('a feature under a switched-off parent is off too, though its own node still says "1"', async () => {
    expect((await get(captchaGated.path)).statusCode).toBe(200)
    await runOps(server, 'flag', 'set', 'REG3', 'off')
    const tree = successEnvelope(WhitelabelSchema).parse((await get('/wps/system/whitelabel')).json()).value
    expect(findNode(tree.childrenNodes, 'MOBILENUMREG3')?.enabled).toBe('1')
    expectFailure(await get(captchaGated.path), 403, 'feature_disabled')
  })

  it('set on: the gated endpoint answers again', async () => {
    await runOps(server, 'flag', 'set', 'REG3', 'off')
    await runOps(server, 'flag', 'set', 'REG3', 'on')
    expect((await get('/wps/system/setting/register')).statusCode).toBe(200)
    expect((await get(captchaGated.path)).statusCode).toBe(200)
  })
})

describe('refused operator commands', () => {
  const cases: [string[], RegExp][] = [
    [[], /usage: npm run ops/],
    [['frobnicate'], /usage: npm run ops/],
    [['maintenance'], /^maintenance: the switch is required: one of on, off$/],
    [['maintenance', 'maybe'], /^maintenance: the switch is one of on, off, not "maybe"$/],
    [['region'], /^region: the action is required/],
    [['region', 'block'], /^region block: the country \(two letters/],
    [['region', 'ban', 'KH'], /^region: the action is one of block, unblock, list, not "ban"$/],
    [['region', 'block', 'KHM'], /two letters/],
    [['region', 'block', 'K1'], /two letters/],
    [['ip', 'block'], /^ip block: the address \(an IP address or CIDR range\) is required$/],
    [['ip', 'ban', '1.2.3.4'], /^ip: the action is one of block, unblock, list, not "ban"$/],
    [['ip', 'block', '300.1.2.3'], /not an IP address/],
    [['ip', 'block', '10.0.0.0/33'], /not an IP address/],
    [['ip', 'block', 'example.com'], /not an IP address/],
    [['ip', 'block', '10.0.0.0/8/16'], /not an IP address/],
    [['flag', 'set', 'REG3'], /^flag set REG3: the switch is required: one of on, off$/],
    [['flag', 'set', 'REG3', 'maybe'], /^flag set REG3: the switch is one of on, off, not "maybe"$/],
    [['flag', 'toggle', 'REG3', 'off'], /^flag: the action is one of set, list, not "toggle"$/],
    [['flag', 'set', 'NOSUCHFLAG', 'off'], /no flag NOSUCHFLAG/],
    [['key', 'spin'], /^key: the action is one of rotate, not "spin"$/],
  ]

  it.each(cases)(
    '`ops %j` is refused with an OpsError explaining the usage and changes nothing',
    async (argv, message) => {
      const before = await accessState()
      const statusBefore = await status()
      const err = await runOps(server, ...argv).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(err).toBeInstanceOf(OpsError)
      expect((err as OpsError).message).toMatch(message)
      expect(await accessState()).toEqual(before)
      expect(await status()).toEqual(statusBefore)
    },
  )
})

describe('the operator API', () => {
  let ops: OpsServer

  beforeAll(async () => {
    ops = await startOpsServer(server.services, 'DEMO', 0)
  })
  afterAll(async () => {
    await ops?.app.close()
  })

  function run(body: unknown, token?: string): Promise<Response> {
    return fetch(`${ops.url}/ops/run`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { 'x-ops-token': token }),
      },
      body: JSON.stringify(body),
    })
  }

  it('listens on the loopback address 127.0.0.1 only', () => {
    const address = ops.app.server.address() as AddressInfo
    expect(address.address).toBe('127.0.0.1')
    expect(address.family).toBe('IPv4')
    expect(new URL(ops.url).hostname).toBe('127.0.0.1')
  })

  it.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['a wrong token of the same length', 'x'.repeat(43)],
    ['a wrong token of another length', 'short'],
  ])('answers 401 to %s and runs nothing', async (_, token) => {
    const res = await run({ argv: ['maintenance', 'on'] }, token === undefined ? undefined : token)
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ ok: false })
    expect((await status()).maintenance).toBe(false)
  })

  it('runs the command with the right token and the effect shows on the API at once', async () => {
    const res = await run({ argv: ['maintenance', 'on', 'Upgrading'], operator: 'ops-test' }, ops.token)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, output: 'maintenance on for DEMO' })
    const st = await status()
    expect(st.maintenance).toBe(true)
    expect(st.maintenanceMessage).toBe('Upgrading')
    expectFailure(await get('/wps/system/country'), 503, 'system_maintenance')
  })

  it('answers 422 with the refusal for a refused command, and 400 for a body without argv', async () => {
    const bad = await run({ argv: ['maintenance', 'maybe'], operator: 'ops-test' }, ops.token)
    expect(bad.status).toBe(422)
    expect(await bad.json()).toEqual({
      ok: false,
      output: 'maintenance: the switch is one of on, off, not "maybe"',
    })
    const noArgv = await run({ command: 'maintenance on' }, ops.token)
    expect(noArgv.status).toBe(400)
    const tooLong = await run({ argv: ['announcement', 'add', 'PU', 'en', 'x'.repeat(501)] }, ops.token)
    expect(tooLong.status).toBe(400)
    expect(await tooLong.json()).toEqual({
      ok: false,
      output: 'a command is 1 to 20 words of at most 500 characters each',
    })
    expect((await status()).maintenance).toBe(false)
  })

  it('rotates the encryption key through `key rotate`', async () => {
    const before = await server.services.keyring.publicKey()
    const res = await run({ argv: ['key', 'rotate'], operator: 'ops-test' }, ops.token)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { ok: boolean; output: string }
    const after = await server.services.keyring.publicKey()
    expect(after.kid).not.toBe(before.kid)
    expect(body).toEqual({ ok: true, output: `new key ${after.kid}` })
  })
})
