/**
 * The edges of the API, where a careless client or an attacker meets it first: control
 * characters in any string field, requests Node's own parser refuses, bodiless calls with a
 * JSON content type, the order of the gate and the body, what caches and browsers are
 * told, and what the error log keeps of a failed query.
 */
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { defineEndpoint } from '#contract/endpoint'
import { FailureSchema } from '#contract/envelope'
import { registerEndpoint } from '#server/http/contract-routes'
import { build, type TestServer } from '../build-server'
import { createMember, failureOf, login, plainCall, sealedCall, tokenOf } from '../identity-helpers'
import { moneyCall } from '../money-helpers'

/** A throwaway endpoint whose query fails in the database with what the caller sent. */
const failing = defineEndpoint({
  name: 'test.failingQuery',
  method: 'POST',
  path: '/wps/test/failing-query',
  auth: 'public',
  encrypted: false,
  alwaysAvailable: true,
  body: z.object({ secret: z.string() }),
  response: z.null(),
  errors: [],
})

const logLines: string[] = []
let server: TestServer
let member: { token: string; username: string }

beforeAll(async () => {
  server = await build({
    config: { LOG_LEVEL: 'error' },
    logStream: { write: (line) => void logLines.push(line) },
    extend(app, deps) {
      registerEndpoint(
        app,
        failing,
        async ({ input }) => {
          await server.db.execute(sql`select ${input.secret}::int`)
          return null
        },
        deps,
      )
    },
  })
  await createMember(server, { username: 'edges01', password: 'lotus123' })
  member = { username: 'edges01', token: await tokenOf(server, 'edges01', 'lotus123') }
})
afterAll(async () => {
  await server?.close()
})

function expectEnvelope(
  status: number,
  errorCode: string,
  res: { statusCode: number; json(): unknown; body: string },
) {
  expect(res.statusCode, res.body).toBe(status)
  expect(FailureSchema.parse(res.json()).errorCode).toBe(errorCode)
}

describe('a control character in a string field', () => {
  it('is refused with validation_failed on login (encrypted), not a 500', async () => {
    const res = await login(server, { username: 'edges\u000001', password: 'lotus123' })
    expectEnvelope(400, 'validation_failed', res)
    expect(failureOf(res).value?.fields?.map((f) => f.path)).toEqual(['username'])
  })

  it('is refused on the form-encoded password e-mail', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=edges01&email=a%00b%40example.com',
    })
    expectEnvelope(400, 'validation_failed', res)
  })

  it('is refused in a query string (affiliate)', async () => {
    const res = await plainCall(server, 'GET', '/wps/agent/affiliate?code=ab%00cd')
    expectEnvelope(400, 'validation_failed', res)
  })

  it('is refused on a member’s bank deposit, in any field, a tab or newline as well', async () => {
    const good = { methodCode: 'BANK', amount: '20.00', reference: 'ref' }
    const bad = [
      { methodCode: 'BANK\u0000' },
      { amount: '20\u0000' },
      { reference: 'ref\u0000' },
      { reference: 'ref\tx' },
      { reference: 'ref\nx' },
      { reference: 'ref\u007f' },
    ]
    for (const change of bad) {
      const res = await moneyCall(server, member.token, '/wps/relay/depositTransferGeneric', {
        ...good,
        ...change,
      })
      expectEnvelope(400, 'validation_failed', res)
    }
  })
})

describe('the error log', () => {
  it('keeps the failed query’s code and place but none of the values the caller sent', async () => {
    logLines.length = 0
    const res = await server.app.inject({
      method: 'POST',
      url: failing.path,
      payload: { secret: 'hunter2-wallet-pin' },
    })
    expectEnvelope(500, 'internal_error', res)
    const line = logLines.join('\n')
    expect(line).toContain('unhandled error')
    expect(line).toContain('22P02')
    expect(line).not.toContain('hunter2')
    expect(line).not.toMatch(/params|Failed query|select \$1/i)
  })
})

describe('requests Node’s parser refuses', () => {
  let port = 0
  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    port = (server.app.server.address() as AddressInfo).port
  })

  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request))
      let answer = ''
      socket.setEncoding('utf8')
      socket.on('data', (d: string) => (answer += d))
      socket.on('error', reject)
      socket.on('close', () => resolve(answer))
    })
  }

  function envelopeOf(answer: string): { status: number; body: unknown } {
    const [head = '', body = ''] = answer.split('\r\n\r\n')
    return { status: Number(head.split(' ')[1]), body: JSON.parse(body) }
  }

  it('answers headers that are too large with 431 in the envelope', async () => {
    const answer = await raw(
      `GET /wps/system/status HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    const { status, body } = envelopeOf(answer)
    expect(status).toBe(431)
    expect(FailureSchema.parse(body).errorCode).toBe('headers_too_large')
  })

  it('answers a broken chunked body with 400 in the envelope', async () => {
    const answer = await raw(
      'POST /wps/session/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    )
    const { status, body } = envelopeOf(answer)
    expect(status).toBe(400)
    expect(FailureSchema.parse(body).errorCode).toBe('bad_request')
  })
})

describe('a bodiless request with a JSON content type', () => {
  it('logs out, and the session is over', async () => {
    const token = await tokenOf(server, member.username, 'lotus123')
    const res = await server.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: token, 'content-type': 'application/json' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const after = await plainCall(server, 'GET', '/wps/member/info', { token })
    expect(after.statusCode).toBe(401)
  })

  it('is still refused where the endpoint needs a body', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { 'content-type': 'application/json' },
    })
    expectEnvelope(400, 'request_body_required', res)
  })
})

describe('the gate comes before the body', () => {
  it('answers an anonymous call with a bad body 401, naming no field', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/wps/relay/depositTransferGeneric',
      headers: { 'idempotency-key': 'anon-key-0001' },
      payload: { amount: 5, methodCode: ['x'] },
    })
    expectEnvelope(401, 'CUSTOMER_NOT_LOGIN', res)
    expect(failureOf(res).value).toBeUndefined()
  })

  it('answers an anonymous encrypted call 401 without decrypting it', async () => {
    const decrypt = vi.spyOn(server.services.keyring, 'decrypt')
    try {
      const res = await sealedCall(server, 'POST', '/wps/member/password', {
        oldPassword: 'lotus123',
        newPassword: 'lotus456',
        confirmNewPassword: 'lotus456',
      })
      expectEnvelope(401, 'CUSTOMER_NOT_LOGIN', res)
      expect(decrypt).not.toHaveBeenCalled()
    } finally {
      decrypt.mockRestore()
    }
  })

  it('answers an anonymous call with broken JSON 401, not invalid_json', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: { 'content-type': 'application/json' },
      payload: '{"amount":',
    })
    expectEnvelope(401, 'CUSTOMER_NOT_LOGIN', res)
  })
})

describe('what caches are told', () => {
  it('answers a session’s calls no-store, its refusals too', async () => {
    const ok = await plainCall(server, 'GET', '/wps/member/info', { token: member.token })
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['cache-control']).toBe('no-store')
    const refused = await plainCall(server, 'GET', '/wps/member/info', { token: 'not-a-session' })
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['cache-control']).toBe('no-store')
  })

  it('answers a login, which starts a session, no-store', async () => {
    const res = await login(server, { username: member.username, password: 'lotus123' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
  })
})

describe('behind an https proxy', () => {
  let proxied: TestServer
  beforeAll(async () => {
    proxied = await build({ config: { trustProxy: true } })
  })
  afterAll(async () => {
    await proxied?.close()
  })

  const viaHttps = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' }
  const viaHttp = { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.10' }

  it('sets the captcha cookie Secure over https only', async () => {
    const secure = await proxied.app.inject({ method: 'GET', url: '/wps/captcha', headers: viaHttps })
    expect(secure.statusCode).toBe(200)
    expect(String(secure.headers['set-cookie'])).toMatch(/portal_captcha=[^;]+;.*Secure/)
    const plain = await proxied.app.inject({ method: 'GET', url: '/wps/captcha', headers: viaHttp })
    expect(plain.statusCode).toBe(200)
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/)
  })

  it('sends Strict-Transport-Security over https only', async () => {
    const https = await proxied.app.inject({ method: 'GET', url: '/wps/system/status', headers: viaHttps })
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    const http = await proxied.app.inject({ method: 'GET', url: '/wps/system/status', headers: viaHttp })
    expect(http.headers['strict-transport-security']).toBeUndefined()
    const page = await server.app.inject({ method: 'GET', url: '/' })
    expect(page.headers['strict-transport-security']).toBeUndefined()
  })
})
