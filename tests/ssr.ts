/**
 * The app's own server render (src/entry-server.tsx), loaded through the test runner's
 * transform (the Lingui macros, JSX) as the build's is, and made ready as the server makes
 * the build's ready (its sanitizer in a jsdom window).
 */
import { prepareRenderer, type PageRenderer } from '#server/http/page-render'

let loaded: Promise<PageRenderer> | undefined

export function appRenderer(): Promise<PageRenderer> {
  loaded ??= import('#src/entry-server.tsx').then(prepareRenderer)
  return loaded
}
