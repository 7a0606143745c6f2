/**
 * Shared set-up of the shell suites: a server whose page render is the app's own (through
 * tests/ssr.ts), recording what it was asked to draw and what the server logged, and the
 * reads a suite makes of a page. useShellServer() registers a suite's hooks; the server, the
 * renderer and the records are exported live, so a suite reads them as its own.
 */
import { afterAll, beforeAll, expect } from 'vitest'
import type { PageRenderer } from '#server/http/page-render'
import { bootDataSchema } from '#src/lib/boot-data.ts'
import { build, type TestServer } from '../build-server'
import { appRenderer } from '../ssr'

export let server: TestServer
export let renderer: PageRenderer
/** What the server's render was asked to draw, most recent last. */
export const renders: string[] = []
export const log: string[] = []

/** Registers the suite's hooks; the renders throw while `failing()` says so. */
export function useShellServer(failing: () => boolean = () => false): void {
  beforeAll(async () => {
    renders.length = 0
    log.length = 0
    const app = await appRenderer()
    renderer = {
      async renderPage(url, boot, servedAt, readApi) {
        renders.push(url)
        if (failing()) throw new Error('render broke')
        return app.renderPage(url, boot, servedAt, readApi)
      },
    }
    server = await build({
      renderer,
      config: { LOG_LEVEL: 'error' },
      logStream: { write: (line) => void log.push(line) },
    })
  })
  afterAll(async () => {
    await server?.close()
  })
}

export const navigation = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' }

export async function page(headers: Record<string, string> = {}, url = '/index', status = 200) {
  const res = await server.app.inject({ method: 'GET', url, headers: { ...navigation, ...headers } })
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status)
  return res
}

export function bootOf(html: string) {
  const m = /<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/.exec(html)
  expect(m, 'the page carries #boot-data').not.toBeNull()
  return bootDataSchema().parse(JSON.parse(m?.[1] ?? ''))
}

/** The markup React drew inside #root. */
export function rootOf(html: string): string {
  const m = /<div id="root"[^>]*data-ssr="">([\s\S]*)<\/div><script/.exec(html)
  expect(m, 'the page carries the server-rendered #root').not.toBeNull()
  return m?.[1] ?? ''
}

/** The text of the first <h1>. */
export const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(rootOf(html))?.[1]

/** HTML text as React writes it. */
export const reactText = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')
