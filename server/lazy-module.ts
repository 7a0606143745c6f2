/**
 * A package the server needs only for some requests (a captcha, the iOS profile, an
 * e-mail, a social sign-in, generated art) is loaded on first use rather than at start:
 * loading them all took about half a second of a start on a slow machine. The first load
 * is shared by every caller; a failed load is tried again by the next one.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined
      throw err
    })
    return loading
  }
}
