/**
 * Passwords are hashed with argon2id. The parameters default to OWASP's recommendation
 * (19 MiB memory, 2 passes, 1 lane); `npm run bench -- login` reports what they cost.
 */
import { availableParallelism } from 'node:os'
import { hash, verify, type Algorithm } from '@node-rs/argon2'
import { limiter } from '../limiter'

// NOTE: Algorithm is a const enum, which isolated modules cannot read; 2 is Argon2id.
const argon2id = 2 as Algorithm

export interface PasswordParams {
  memoryKib: number
  passes: number
  /** Hashes computed at once; default: one fewer than the CPUs, at least one. */
  concurrency?: number
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
  // On a small machine four hashes at once starve the event loop, so hashing waits its turn
  // and the rest of the server keeps answering during a login storm (`npm run bench -- login`).
  const run = limiter(params.concurrency ?? Math.max(1, availableParallelism() - 1))
  return {
    hash: (password: string) => run(() => hash(password, options)),
    /**
     * Whether the password matches. A hashing failure (a damaged stored hash, the thread
     * pool failing) throws: it is the server's fault, never a wrong password, so callers
     * give back the attempt they took and the error handler logs it and answers 500.
     */
    async verify(stored: string | undefined, password: string): Promise<boolean> {
      if (!stored) {
        const d = await decoy
        await run(() => verify(d, password))
        return false
      }
      return run(() => verify(stored, password))
    },
  }
}

export type Passwords = ReturnType<typeof createPasswords>
