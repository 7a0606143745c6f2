/**
 * The server's side of the app (built by `vite build --ssr`, loaded by server/http/shell.ts):
 * renders a visitor's page from the same route tree and components the browser hydrates.
 *
 * The data: the page's boot data, seeded into a fresh query cache, and the public reads the
 * page's components name as server reads (src/lib/server-reads.ts). A render that finds such
 * a read without data fetches them all through the server's own API and renders again (at
 * most three passes); their answers go back with the page, so the browser's first render
 * draws exactly what this one drew.
 *
 * Renders run one at a time: the language is the process's Lingui instance, and a render
 * waits for its lazy parts and reads (so a second render in between would draw in its
 * language).
 */
import type { Query } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { prerender } from 'react-dom/static'
import type { BootQuery } from '#contract/boot-data'
import { localeHeaderCode } from '#contract/locales'
import { App, createAppRouter, type AppRouter } from './app'
import { seedAppData } from './boot-seed'
import { readThroughServer } from './lib/api'
import type { BootData } from './lib/boot-data'
import { i18n, loadCatalog } from './lib/i18n'
import { createQueryClient } from './lib/query-client'
import { readOf } from './lib/server-reads'
import { resetCdnPicks } from './utils/cdn'
export { sanitizeWith } from './lib/sanitize'

export interface RenderedPage {
  /** The app's markup for `#root` (empty for a redirect). */
  html: string
  /** 200, 404 for an address no route matches, 500 for a route that failed. */
  status: number
  /**
   * Where the app sends this address instead (a path of this site): a search parameter
   * written as the app writes it, `/` to `/index`, a page that needs a log-in to /login.
   */
  redirect?: string
  /** The server reads the page drew, for its boot data. */
  queries: BootQuery[]
}

/** How the server reads its own API: a path with its query, the request's headers. */
export type ReadApi = (
  url: string,
  init: { method: string; headers: Record<string, string> },
) => Promise<Response>

let queue: Promise<unknown> = Promise.resolve()

/** How many times a page is rendered at most while it finds reads to make. */
const maxPasses = 3

/** A server read the page drew that has no data yet. */
function waiting(query: Query): boolean {
  return (
    readOf(query.meta) !== undefined && query.state.data === undefined && query.state.fetchStatus === 'idle'
  )
}

async function renderOnce(router: AppRouter, queryClient: ReturnType<typeof createQueryClient>) {
  let failed: unknown = null
  // Every lazy part and Suspense boundary is waited for, so the markup is whole and in
  // order: no fallbacks, and none of the inline scripts streaming uses (the page's CSP allows none).
  const { prelude } = await prerender(<App router={router} queryClient={queryClient} i18n={i18n} />, {
    // A large boundary would otherwise be sent apart, after its place, with a script to move it.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(err) {
      failed ??= err
    },
  })
  const html = await new Response(prelude).text()
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed))
  return html
}

async function renderNow(
  url: string,
  boot: BootData,
  servedAt: number,
  readApi?: ReadApi,
): Promise<RenderedPage> {
  const messages = await loadCatalog(boot.locale)
  i18n.load(boot.locale, messages)
  i18n.activate(boot.locale)
  resetCdnPicks()
  const queryClient = createQueryClient()
  // A read that fails is drawn as the browser draws one not made yet: never retried here.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  seedAppData(queryClient, boot, servedAt)
  const language = localeHeaderCode[boot.locale]
  readThroughServer(
    readApi &&
      ((input, init) => {
        const headers = Object.fromEntries(new Headers(init?.headers).entries())
        return readApi(String(input), { method: init?.method ?? 'GET', headers: { ...headers, language } })
      }),
  )
  try {
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }))
    await router.load()
    const result = router._serverResult
    if (result?.type === 'redirect') {
      const href = result.redirect.options.href ?? result.redirect.headers.get('Location') ?? '/index'
      return { html: '', status: 302, redirect: href, queries: [] }
    }
    let html = await renderOnce(router, queryClient)
    for (let pass = 1; pass < maxPasses && readApi; pass++) {
      const todo = queryClient.getQueryCache().findAll({ predicate: waiting })
      if (todo.length === 0) break
      await Promise.all(
        todo.map((q) =>
          q.fetch().catch(() => {
            // Not readable now: the page draws it as waiting, as the browser will until it asks.
            queryClient.removeQueries({ queryKey: q.queryKey, exact: true })
          }),
        ),
      )
      html = await renderOnce(router, queryClient)
    }
    const queries = queryClient
      .getQueryCache()
      .findAll({ predicate: (q) => readOf(q.meta) !== undefined && q.state.status === 'success' })
      .map((q) => ({
        key: q.queryKey as BootQuery['key'],
        read: readOf(q.meta) ?? '',
        data: q.state.data,
        updatedAt: q.state.dataUpdatedAt,
      }))
    return { html, status: result?.type === 'render' ? result.status : 200, queries }
  } finally {
    readThroughServer(undefined)
    queryClient.clear()
  }
}

/** The app's markup for `url` as a visitor sees it, in the boot data's language. */
export function renderPage(
  url: string,
  boot: BootData,
  servedAt: number,
  readApi?: ReadApi,
): Promise<RenderedPage> {
  const next = queue.then(() => renderNow(url, boot, servedAt, readApi))
  queue = next.catch(() => undefined)
  return next
}
