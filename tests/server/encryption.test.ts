/**
 * Encrypted payloads. The client below is written only from design.md section 2, with
 * node:crypto and Buffer's own base64url, never with the server's or the contract's
 * helpers, so it proves that a third-party client can implement the scheme.
 */
import { constants, createCipheriv, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { parseEncryptionHeader } from '#contract/encryption'
import { defineEndpoint } from '#contract/endpoint'
import { FailureSchema, successEnvelope } from '#contract/envelope'
import type { ErrorCode } from '#contract/error-codes'
import { PublicKeySchema, type PublicKey } from '#contract/system'
import { createKeyring } from '#server/crypto/keyring'
import { registerEndpoint } from '#server/http/contract-routes'
import { build, type TestServer } from '../build-server'

const Credentials = z.object({
  username: z.string().check(z.minLength(3)),
  password: z.string().check(z.minLength(6)),
})

const secret = defineEndpoint({
  name: 'test.secret',
  method: 'POST',
  path: '/wps/test/secret',
  auth: 'public',
  encrypted: true,
  alwaysAvailable: true,
  body: Credentials,
  response: z.object({ received: Credentials }),
  errors: [],
})

let server: TestServer

beforeAll(async () => {
  server = await build({
    extend(app, deps) {
      registerEndpoint(app, secret, async ({ input }) => ({ received: input }), deps)
    },
  })
})
afterAll(async () => {
  await server?.close()
})

interface Sealed {
  header: string
  body: { value: string }
}

interface SealOptions {
  aesKey?: Buffer
  kid?: string
  plaintext?: Buffer
}

/** The client side of design.md section 2. */
function seal(pk: Pick<PublicKey, 'kid' | 'spki'>, payload: unknown, opts: SealOptions = {}): Sealed {
  const rsa = createPublicKey({ key: Buffer.from(pk.spki, 'base64'), format: 'der', type: 'spki' })
  const aesKey = opts.aesKey ?? randomBytes(32)
  const iv = randomBytes(12)
  const cipher = createCipheriv(aesKey.length === 16 ? 'aes-128-gcm' : 'aes-256-gcm', aesKey, iv)
  const plaintext = opts.plaintext ?? Buffer.from(JSON.stringify(payload), 'utf8')
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  const tag = cipher.getAuthTag()
  const wrapped = publicEncrypt(
    { key: rsa, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  )
  return {
    header: `${opts.kid ?? pk.kid}.${wrapped.toString('base64url')}`,
    body: { value: Buffer.concat([iv, ciphertext, tag]).toString('base64url') },
  }
}

async function currentKey(): Promise<PublicKey> {
  const res = await server.app.inject({ method: 'GET', url: '/wps/system/publicKey' })
  return successEnvelope(PublicKeySchema).parse(res.json()).value
}

function send(sealed: { header?: string; body: unknown }): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: secret.path,
    headers: sealed.header === undefined ? {} : { encryption: sealed.header },
    payload: sealed.body as object,
  })
}

function expectFailure(res: LightMyRequestResponse, status: number, code: ErrorCode) {
  expect(res.statusCode, res.body).toBe(status)
  const failure = FailureSchema.parse(res.json())
  expect(failure.errorCode).toBe(code)
  return failure
}

function expectEcho(res: LightMyRequestResponse, sent: z.infer<typeof Credentials>): void {
  expect(res.statusCode, res.body).toBe(200)
  expect(successEnvelope(secret.response).parse(res.json()).value).toEqual({ received: sent })
}

const creds = { username: 'sokha', password: 'ពាក្យ-secret-1' }

describe('an encrypted endpoint', () => {
  it('decrypts a payload sealed by a client written from design.md alone and hands the handler the JSON', async () => {
    const pk = await currentKey()
    expectEcho(await send(seal(pk, creds)), creds)
  })

  it('refuses a plain JSON body with 400 request_body_required, with or without an Encryption header', async () => {
    const pk = await currentKey()
    expectFailure(await send({ body: creds }), 400, 'request_body_required')
    const sealed = seal(pk, creds)
    expectFailure(await send({ header: sealed.header, body: creds }), 400, 'request_body_required')
    expectFailure(await send({ body: sealed.body }), 400, 'request_body_required')
  })

  const garblings: [string, (pk: PublicKey) => Sealed][] = [
    [
      'a value that is not base64url',
      (pk) => {
        const s = seal(pk, creds)
        return { ...s, body: { value: `${s.body.value.slice(0, 20)}+/=!${s.body.value.slice(24)}` } }
      },
    ],
    [
      'a tampered authentication tag',
      (pk) => {
        const s = seal(pk, creds)
        const bytes = Buffer.from(s.body.value, 'base64url')
        bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0x01
        return { ...s, body: { value: bytes.toString('base64url') } }
      },
    ],
    [
      'a tampered ciphertext',
      (pk) => {
        const s = seal(pk, creds)
        const bytes = Buffer.from(s.body.value, 'base64url')
        bytes[14] = (bytes[14] ?? 0) ^ 0x80
        return { ...s, body: { value: bytes.toString('base64url') } }
      },
    ],
    [
      'a wrapped AES key of the wrong length (128 bits)',
      (pk) => seal(pk, creds, { aesKey: randomBytes(16) }),
    ],
    [
      'a wrapped key that is not RSA-OAEP output',
      (pk) => ({ ...seal(pk, creds), header: `${pk.kid}.${randomBytes(256).toString('base64url')}` }),
    ],
    [
      'a value too short to hold an IV and a tag',
      (pk) => ({ ...seal(pk, creds), body: { value: randomBytes(20).toString('base64url') } }),
    ],
    [
      'a decrypted payload that is not JSON',
      (pk) => seal(pk, null, { plaintext: Buffer.from('not json {', 'utf8') }),
    ],
    [
      'an Encryption header without a kid',
      (pk) => ({ ...seal(pk, creds), header: `.${randomBytes(8).toString('base64url')}` }),
    ],
  ]

  it.each(garblings)('refuses %s with 400 request_body_required', async (_, make) => {
    const pk = await currentKey()
    expectFailure(await send(make(pk)), 400, 'request_body_required')
  })

  it('answers an unknown kid with 400 encryption_key_unknown carrying the current key, and a retry with it succeeds', async () => {
    const pk = await currentKey()
    const failure = expectFailure(
      await send(seal(pk, creds, { kid: 'no-such-key' })),
      400,
      'encryption_key_unknown',
    )
    const offered = PublicKeySchema.parse(failure.value?.publicKey)
    expect(offered).toEqual(pk)
    expectEcho(await send(seal(offered, creds)), creds)
  })

  it('checks the decrypted body against the endpoint schema: 400 validation_failed with the fields', async () => {
    const pk = await currentKey()
    const failure = expectFailure(
      await send(seal(pk, { username: 'ab', password: 42 })),
      400,
      'validation_failed',
    )
    expect(failure.value?.fields?.map((f) => f.path).sort()).toEqual(['password', 'username'])
  })

  it('decrypts on another instance sharing the database, which never handed the key out itself', async () => {
    const pk = await currentKey()
    const sealed = seal(pk, creds)
    const other = createKeyring(server.db)
    expect((await other.ensure()).kid).toBe(pk.kid)
    const header = parseEncryptionHeader(sealed.header)
    if (!header) throw new Error('the client made a header the contract cannot parse')
    expect(await other.decrypt(header, sealed.body.value)).toEqual(creds)
  })

  it('still decrypts a payload sealed with the retired key after a rotation, and hands out the new key', async () => {
    const before = await currentKey()
    const sealedBefore = seal(before, creds)
    const rotated = await server.services.keyring.rotate()
    expect(rotated.kid).not.toBe(before.kid)
    const after = await currentKey()
    expect(after).toEqual(rotated)
    expect(after.spki).not.toBe(before.spki)
    expectEcho(await send(sealedBefore), creds)
    const fresh = { username: 'dara', password: 'another-secret' }
    expectEcho(await send(seal(after, fresh)), fresh)
  })
})
