/**
 * A package the server needs only for some requests (a captcha, the iOS profile, an
 * e-mail, a social sign-in, a push, generated art) is loaded on first use rather than at
 * start: loading them all took about half a second of a start on a slow machine. The first
 * load is shared by every caller; a failed load is tried again by the next one.
 *
 * Each is still looked up (not loaded) at start, so an install missing one fails to start,
 * as it did when they were loaded then, rather than failing each request that needs it.
 */
const registered = new Set<string>()

export function lazyModule<T>(specifier: string, load: () => Promise<T>): () => Promise<T> {
  registered.add(specifier)
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined
      throw err
    })
    return loading
  }
}

/** Every package loaded on first use (each module registers its own when it is loaded). */
export function lazyModuleNames(): string[] {
  return [...registered].sort()
}

/** The packages among `specifiers` (by default every lazily loaded one) that cannot be found. */
export function missingModules(specifiers: Iterable<string> = registered): string[] {
  return [...specifiers].filter((s) => {
    try {
      import.meta.resolve(s)
      return false
    } catch {
      return true
    }
  })
}
