/**
 * Passwords are hashed with argon2id. The parameters default to OWASP's recommendation
 * (19 MiB memory, 2 passes, 1 lane); `npm run bench -- login` reports what they cost.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2'

// NOTE: Algorithm is a const enum, which isolated modules cannot read; 2 is Argon2id.
const argon2id = 2 as Algorithm

export interface PasswordParams {
  memoryKib: number
  passes: number
}

export function createPasswords(params: PasswordParams) {
  const options = {
    algorithm: argon2id,
    memoryCost: params.memoryKib,
    timeCost: params.passes,
    parallelism: 1,
  }
  // A hash to verify against when the account does not exist, so a wrong username takes
  // as long as a wrong password and usernames cannot be probed by timing.
  const decoy = hash('decoy-password-for-timing', options)
  return {
    hash: (password: string) => hash(password, options),
    async verify(stored: string | undefined, password: string): Promise<boolean> {
      try {
        if (!stored) {
          await verify(await decoy, password)
          return false
        }
        return await verify(stored, password)
      } catch {
        return false
      }
    },
  }
}

export type Passwords = ReturnType<typeof createPasswords>
