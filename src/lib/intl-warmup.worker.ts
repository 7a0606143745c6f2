/**
 * Builds the date, plural and relative-time formatters of a language once, then answers.
 * The browser sets up its locale data (ICU) the first time a page asks for any formatter,
 * 30-60 ms on a fast machine; that set-up is shared by the whole renderer process, so done
 * here, on a worker's thread, it is no longer paid on the page's main thread
 * (src/lib/intl-warmup.ts).
 */
import { z } from 'zod/mini'

const Request = z.object({ locale: z.string().check(z.maxLength(35)) })

/** The worker's global scope, as far as this file uses it (the project's types are the page's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null
  postMessage(message: 'ready'): void
}
const scope = self as unknown as WorkerScope

scope.onmessage = (event) => {
  const parsed = Request.safeParse(event.data)
  if (parsed.success) {
    try {
      const { locale } = parsed.data
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0)
      new Intl.PluralRules(locale).select(1)
      new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'minute')
    } catch {
      // A language the browser does not know: nothing to prepare.
    }
  }
  scope.postMessage('ready')
}
