/**
 * Encrypts a payload for an encrypted endpoint (design.md section 2) with WebCrypto:
 * a fresh AES-256-GCM key and 12-byte IV per request, the key wrapped with the server's
 * RSA-OAEP-256 public key.
 */
import { ivLength, toBase64Url } from '#contract/encryption'
import type { PublicKey } from '#contract/system'

export interface SealedPayload {
  header: string
  body: { value: string }
}

const imported = new Map<string, Promise<CryptoKey>>()

function importRsa(pk: PublicKey): Promise<CryptoKey> {
  let key = imported.get(pk.kid)
  if (!key) {
    const der = Uint8Array.from(atob(pk.spki), (c) => c.charCodeAt(0))
    key = crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt'])
    imported.set(pk.kid, key)
  }
  return key
}

export async function seal(pk: PublicKey, payload: unknown): Promise<SealedPayload> {
  const rsa = await importRsa(pk)
  const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt'])
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', aes))
  const iv = crypto.getRandomValues(new Uint8Array(ivLength))
  const plain = new TextEncoder().encode(JSON.stringify(payload))
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aes, plain))
  const wrapped = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, rsa, raw))
  const out = new Uint8Array(iv.length + sealed.length)
  out.set(iv, 0)
  out.set(sealed, iv.length)
  return { header: `${pk.kid}.${toBase64Url(wrapped)}`, body: { value: toBase64Url(out) } }
}
