/**
 * Keeping authenticator secrets at rest (decision 031). The TOTP secret is sealed with
 * AES-256-GCM and recovery codes are stored as HMAC-SHA-256, both under keys derived (HKDF)
 * from the install's `authenticator` secret, kept apart from the members' rows. A copy of
 * the authenticator tables alone (an export, a support query, a log) gives neither.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { installSecrets } from '../db/schema'
import type { Db } from '../plugins/external/db'

/** The sealed form's version: `v1.<iv>.<ciphertext>.<tag>`, each base64url. */
const version = 'v1'
const ivLength = 12

export interface AuthenticatorKeys {
  seal(plain: string): string
  open(sealed: string): string
  /** The stored hash of a (normalized) recovery code. */
  recoveryHash(normalized: string): string
}

/** The install's secret of that name, made on first use; two instances starting together agree. */
async function installSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(installSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(installSecrets).where(eq(installSecrets.name, name))
  if (!row) throw new Error(`install secret ${name} not stored`)
  return row.value
}

export function keysFrom(master: Buffer): AuthenticatorKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32))
  const sealKey = derive('authenticator-secret-seal')
  const hashKey = derive('authenticator-recovery-hash')
  return {
    seal(plain) {
      const iv = randomBytes(ivLength)
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv)
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [version, iv, ct, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.')
    },
    open(sealed) {
      const [v, iv, ct, tag] = sealed.split('.')
      if (v !== version || !iv || !ct || !tag) throw new Error('authenticator secret: unknown sealed form')
      const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8')
    },
    recoveryHash(normalized) {
      return createHmac('sha256', hashKey).update(normalized).digest('hex')
    },
  }
}

/** The keys, read (or made) once per process on first use. */
export function lazyAuthenticatorKeys(db: Db): () => Promise<AuthenticatorKeys> {
  let keys: Promise<AuthenticatorKeys> | undefined
  return () => {
    keys ??= installSecret(db, 'authenticator').then((v) => keysFrom(Buffer.from(v, 'base64url')))
    keys.catch(() => (keys = undefined))
    return keys
  }
}
