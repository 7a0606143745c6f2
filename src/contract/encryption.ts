/**
 * The encrypted-payload envelope (design.md section 2): the body is
 * `{"value": base64url(iv || ciphertext || tag)}` and the header
 * `Encryption: <kid>.<base64url(RSA-OAEP-SHA-256(raw AES-256 key))>`.
 */
import { z } from 'zod/mini'

export const encryptionHeader = 'encryption'
export const ivLength = 12

const base64url = /^[A-Za-z0-9_-]+$/

export const EncryptedBodySchema = z.strictObject({
  value: z.string().check(z.minLength(16), z.regex(base64url)),
})

export interface EncryptionHeader {
  kid: string
  wrappedKey: string
}

/** Splits the Encryption header; undefined when it is not `<kid>.<base64url>`. */
export function parseEncryptionHeader(raw: string | undefined): EncryptionHeader | undefined {
  if (!raw) return undefined
  const dot = raw.indexOf('.')
  if (dot <= 0) return undefined
  const kid = raw.slice(0, dot)
  const wrappedKey = raw.slice(dot + 1)
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(kid) || !base64url.test(wrappedKey)) return undefined
  return { kid, wrappedKey }
}

/** base64url without padding, from bytes. Works in browsers, workers and Node. */
export function toBase64Url(bytes: Uint8Array): string {
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Bytes from base64url (padding optional); throws on characters outside the alphabet. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new Error('not base64url')
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
  const out = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}
