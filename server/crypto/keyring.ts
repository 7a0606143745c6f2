/**
 * RSA key pairs for encrypted payloads (design.md section 2). The pair is made at first
 * start and kept in the database, so every instance behind a load balancer decrypts what
 * a client wrapped with the key any of them handed out.
 */
import { createDecipheriv, generateKeyPairSync, randomBytes, webcrypto } from 'node:crypto'
import { desc, isNull } from 'drizzle-orm'
import { fromBase64Url, ivLength, toBase64Url, type EncryptionHeader } from '#contract/encryption'
import { encryptionAlg, type PublicKey } from '#contract/system'
import { serverKeys } from '../db/schema'
import { AppError } from '../http/errors'
import type { Db } from '../plugins/external/db'

const tagLength = 16

interface LoadedKey {
  kid: string
  spki: string
  /**
   * A WebCrypto key: its RSA-OAEP decryption runs in libuv's thread pool, not on the event
   * loop, so a burst of logins does not stall every other request for ~1-2 ms each.
   */
  privateKey: Promise<webcrypto.CryptoKey>
}

export function createKeyring(db: Db) {
  const keys = new Map<string, LoadedKey>()
  let current: LoadedKey | undefined

  function load(row: { kid: string; spki: string; pkcs8: string }): LoadedKey {
    const privateKey = webcrypto.subtle.importKey(
      'pkcs8',
      Buffer.from(row.pkcs8, 'base64'),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['decrypt'],
    )
    // A key that cannot be imported fails each decryption; it must not crash the process first.
    privateKey.catch(() => undefined)
    const k = { kid: row.kid, spki: row.spki, privateKey }
    keys.set(k.kid, k)
    return k
  }

  async function reload(): Promise<void> {
    const rows = await db.select().from(serverKeys).orderBy(desc(serverKeys.createdAt))
    for (const r of rows) if (!keys.has(r.kid)) load(r)
    const live = rows.find((r) => r.retiredAt === null)
    current = live ? keys.get(live.kid) : undefined
  }

  function publicKeyOf(k: LoadedKey): PublicKey {
    return { kid: k.kid, alg: encryptionAlg, spki: k.spki }
  }

  return {
    /** Loads the current key, making one on first start. */
    async ensure(): Promise<PublicKey> {
      await reload()
      if (!current) {
        const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
        const row = {
          kid: toBase64Url(randomBytes(9)),
          spki: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
          pkcs8: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
        }
        await db.insert(serverKeys).values(row)
        await reload()
      }
      if (!current) throw new Error('no encryption key could be made')
      return publicKeyOf(current)
    },

    async publicKey(): Promise<PublicKey> {
      if (!current) return this.ensure()
      return publicKeyOf(current)
    },

    /** Retires the current key and makes a new one (operators rotate keys with this). */
    async rotate(): Promise<PublicKey> {
      await db.update(serverKeys).set({ retiredAt: new Date() }).where(isNull(serverKeys.retiredAt))
      current = undefined
      return this.ensure()
    },

    /** Decrypts an envelope into the JSON value it carries; AppError when it cannot. */
    async decrypt(header: EncryptionHeader, value: string): Promise<unknown> {
      let key = keys.get(header.kid)
      if (!key) {
        await reload()
        key = keys.get(header.kid)
      }
      if (!key) {
        const pk = await this.publicKey()
        throw new AppError('encryption_key_unknown', 'the payload was encrypted with an unknown key', {
          publicKey: pk,
        })
      }
      const garbled = () => new AppError('request_body_required', 'the encrypted payload cannot be read')
      let aesKey: Buffer
      try {
        aesKey = Buffer.from(
          await webcrypto.subtle.decrypt(
            { name: 'RSA-OAEP' },
            await key.privateKey,
            fromBase64Url(header.wrappedKey),
          ),
        )
      } catch {
        throw garbled()
      }
      if (aesKey.length !== 32) throw garbled()
      let data: Uint8Array
      try {
        data = fromBase64Url(value)
      } catch {
        throw garbled()
      }
      if (data.length < ivLength + tagLength + 1) throw garbled()
      try {
        const decipher = createDecipheriv('aes-256-gcm', aesKey, data.subarray(0, ivLength))
        decipher.setAuthTag(data.subarray(data.length - tagLength))
        const plain = Buffer.concat([
          decipher.update(data.subarray(ivLength, data.length - tagLength)),
          decipher.final(),
        ])
        return JSON.parse(plain.toString('utf8')) as unknown
      } catch {
        throw garbled()
      }
    },
  }
}

export type Keyring = ReturnType<typeof createKeyring>
