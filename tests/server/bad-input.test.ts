import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { defineEndpoint } from '#contract/endpoint'
import { FailureSchema, successEnvelope, type Failure } from '#contract/envelope'
import type { ErrorCode } from '#contract/error-codes'
import { registerEndpoint } from '#server/http/contract-routes'
import { build, staticFiles, type TestServer } from '../build-server'

/** Throwaway endpoints: the system endpoints are all GET, these take a body and a required query. */
const echo = defineEndpoint({
  name: 'test.echo',
  method: 'POST',
  path: '/wps/test/echo',
  auth: 'public',
  encrypted: false,
  alwaysAvailable: true,
  body: z.object({ name: z.string().check(z.minLength(1)), age: z.optional(z.int()) }),
  response: z.object({ name: z.string(), age: z.optional(z.int()) }),
  errors: [],
})

const paged = defineEndpoint({
  name: 'test.paged',
  method: 'GET',
  path: '/wps/test/paged',
  auth: 'public',
  encrypted: false,
  alwaysAvailable: true,
  query: z.object({ page: z.coerce.number().check(z.int(), z.positive()) }),
  response: z.object({ page: z.int() }),
  errors: [],
})

let server: TestServer

beforeAll(async () => {
  server = await build({
    extend(app, deps) {
      registerEndpoint(app, echo, async ({ input }) => input, deps)
      // EndpointInput is typed from the schema's input side (unknown for a coerced field).
      registerEndpoint(app, paged, async ({ input }) => ({ page: input.page }), deps)
    },
  })
})
afterAll(async () => {
  await server?.close()
})

/** A failure envelope with the given status and code, as JSON, and no stack trace in it. */
function expectFailure(res: LightMyRequestResponse, status: number, code: ErrorCode): Failure {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  expect(res.body).not.toMatch(/\n\s+at |"stack"|node_modules|\.ts:\d+/)
  const failure = FailureSchema.parse(res.json())
  expect(failure.errorCode).toBe(code)
  return failure
}

describe('a body the server cannot read', () => {
  it('answers a well-formed JSON body (the baseline the cases below break)', async () => {
    const res = await server.app.inject({ method: 'POST', url: echo.path, payload: { name: 'sok', age: 30 } })
    expect(res.statusCode).toBe(200)
    expect(successEnvelope(echo.response).parse(res.json()).value).toEqual({ name: 'sok', age: 30 })
  })

  it('refuses malformed JSON with 400 invalid_json', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: echo.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "sok",',
    })
    expectFailure(res, 400, 'invalid_json')
  })

  it('refuses an empty JSON body with 400 request_body_required', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: echo.path,
      headers: { 'content-type': 'application/json' },
      payload: '',
    })
    expectFailure(res, 400, 'request_body_required')
  })

  it('refuses a text/plain body with 415 unsupported_media_type', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: echo.path,
      headers: { 'content-type': 'text/plain' },
      payload: '{"name":"sok"}',
    })
    expectFailure(res, 415, 'unsupported_media_type')
  })

  it('refuses a form body sent to a JSON endpoint with 415 unsupported_media_type', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: echo.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=sok',
    })
    expectFailure(res, 415, 'unsupported_media_type')
  })

  it('refuses a body over 1 MB with 413 payload_too_large', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: echo.path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1_048_577) }),
    })
    expectFailure(res, 413, 'payload_too_large')
  })

  it('refuses a JSON body outside the endpoint schema with 400 validation_failed naming the fields', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: echo.path,
      payload: { name: '', age: 'thirty' },
    })
    const failure = expectFailure(res, 400, 'validation_failed')
    const paths = failure.value?.fields?.map((f) => f.path) ?? []
    expect(paths).toEqual(expect.arrayContaining(['name', 'age']))
  })
})

describe('a path or method the server does not have', () => {
  it('answers an unknown /wps path with the 404 envelope', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/wps/system/nope' })
    const failure = expectFailure(res, 404, 'not_found')
    expect(failure.message).toContain('/wps/system/nope')
  })

  it('answers a wrong method on a known path with 405 and an Allow header', async () => {
    const post = await server.app.inject({ method: 'POST', url: '/wps/system/status', payload: {} })
    expectFailure(post, 405, 'method_not_allowed')
    expect(post.headers.allow).toBe('GET')

    const del = await server.app.inject({ method: 'DELETE', url: '/healthz' })
    expectFailure(del, 405, 'method_not_allowed')
    expect(del.headers.allow).toBe('GET')
  })

  it.each(['/lgw/nope', '/lotto/nope', '/lgw', '/wps/nope'])(
    'answers %s with the envelope 404 even to a browser navigation, never the HTML shell',
    async (url) => {
      const res = await server.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' },
      })
      expectFailure(res, 404, 'not_found')
      expect(res.body).not.toContain(staticFiles['index.html'].slice(0, 40))
    },
  )
})

describe('a query the endpoint cannot take', () => {
  it('answers a missing required query field with 400 validation_failed and the field path', async () => {
    const res = await server.app.inject({ method: 'GET', url: paged.path })
    const failure = expectFailure(res, 400, 'validation_failed')
    expect(failure.value?.fields?.map((f) => f.path)).toEqual(['page'])
  })

  it('answers an ill-typed query field with 400 validation_failed and the field path', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${paged.path}?page=abc` })
    const failure = expectFailure(res, 400, 'validation_failed')
    expect(failure.value?.fields?.map((f) => f.path)).toEqual(['page'])
    const ok = await server.app.inject({ method: 'GET', url: `${paged.path}?page=3` })
    expect(successEnvelope(paged.response).parse(ok.json()).value).toEqual({ page: 3 })
  })

  it('answers an over-long query field of a system endpoint with 400 validation_failed', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/wps/system/helpCenter?category=${'a'.repeat(65)}`,
    })
    const failure = expectFailure(res, 400, 'validation_failed')
    expect(failure.value?.fields?.map((f) => f.path)).toEqual(['category'])
  })

  it('answers a repeated query field (an array where a string is expected) with 400 validation_failed', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/wps/system/templates?code=terms&code=privacy',
    })
    const failure = expectFailure(res, 400, 'validation_failed')
    expect(failure.value?.fields?.map((f) => f.path)).toEqual(['code'])
  })
})
