/**
 * Encrypted request bodies (design.md section 2) for sections that call the portal's E
 * endpoints: GET /wps/system/publicKey gives { kid, spki }; every body is sealed with a
 * fresh AES-256-GCM key and 12-byte IV, the key wrapped with RSA-OAEP-SHA-256 into the
 * `Encryption: <kid>.<base64url(wrapped)>` header, the body `{"value": base64url(iv||ct||tag)}`.
 */
import {
  constants,
  createCipheriv,
  createPublicKey,
  publicEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto'
import { encryptionHeader, ivLength } from '#contract/encryption'
import { PublicKeySchema } from '#contract/system'

export interface SealingKey {
  kid: string
  alg: string
  /** Bits of the RSA modulus. */
  modulusBits: number
  key: KeyObject
}

export interface SealedBody {
  headers: Record<string, string>
  body: string
}

function assertLoopback(url: string): void {
  if (new URL(url).hostname !== '127.0.0.1')
    throw new Error(`refusing ${url}: the bench only calls 127.0.0.1`)
}

/** The server's current public key, from GET /wps/system/publicKey. */
export async function fetchSealingKey(baseUrl: string): Promise<SealingKey> {
  const url = `${baseUrl}/wps/system/publicKey`
  assertLoopback(url)
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 200)}`)
  const env = JSON.parse(text) as { success?: unknown; value?: unknown }
  const parsed = PublicKeySchema.safeParse(env.value)
  if (env.success !== true || !parsed.success) {
    throw new Error(`GET ${url} did not answer a public key: ${text.slice(0, 200)}`)
  }
  const key = createPublicKey({ key: Buffer.from(parsed.data.spki, 'base64'), format: 'der', type: 'spki' })
  return {
    kid: parsed.data.kid,
    alg: parsed.data.alg,
    modulusBits: key.asymmetricKeyDetails?.modulusLength ?? 0,
    key,
  }
}

/** Seals one JSON payload with a new AES key and IV (never reused across calls). */
export function seal(k: SealingKey, payload: unknown): SealedBody {
  const aesKey = randomBytes(32)
  const iv = randomBytes(ivLength)
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv)
  const ct = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()])
  const wrapped = publicEncrypt(
    { key: k.key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  )
  return {
    headers: {
      'content-type': 'application/json',
      [encryptionHeader]: `${k.kid}.${wrapped.toString('base64url')}`,
    },
    body: JSON.stringify({ value: Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64url') }),
  }
}
