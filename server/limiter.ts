/**
 * Runs at most `limit` tasks at once; the rest wait their turn, first come first served.
 *
 * For work that runs in libuv's thread pool (4 threads): password hashing
 * (identity/passwords.ts) and art rendering (http/art-media.ts). Left unbounded, a burst of
 * either would take every thread, and everything else that needs one (the other of the
 * two, file reads, DNS) would wait behind it.
 */
export function limiter(limit: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    active++
    try {
      return await task()
    } finally {
      active--
      waiting.shift()?.()
    }
  }
}
