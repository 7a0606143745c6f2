/**
 * The server's side of a page's render: the app's own render module (src/entry-server.tsx,
 * built into STATIC_DIR/.ssr/) made ready, and what data a page is drawn from by its address
 * (server/http/shell.ts reads that data and keeps the rendered page).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { z } from 'zod/mini'
import { registerPath } from '#contract/agent-invite'
import type { BootData } from '#contract/boot-data'
import { gameTypeRoutes, vendorLobbyTypes, type GameType } from '#contract/games'

// ---------------------------------------------------------------------------------------
// The server's render of the app

/** What src/entry-server.tsx exports: the app's markup for `#root` at an address. */
export interface PageRenderer {
  renderPage(
    url: string,
    boot: BootData,
    servedAt: number,
    /** How the render reads the public API (in process; src/lib/server-reads.ts). */
    readApi?: (url: string, init: { method: string; headers: Record<string, string> }) => Promise<Response>,
  ): Promise<{ html: string; status: number; redirect?: string | undefined; queries?: BootData['queries'] }>
}

/** A redirect the app asked for, when it stays on this site (a path, never `//host`). */
export function sameSitePath(href: string | undefined): string | undefined {
  return href && href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\') ? href : undefined
}

const isFunction = (v: unknown) => typeof v === 'function'
const RendererModuleSchema = z.object({
  renderPage: z.custom<PageRenderer['renderPage']>(isFunction),
  sanitizeWith: z.custom<(window: unknown) => void>(isFunction),
})

/**
 * The render module made ready: the operator's HTML (announcements, promotions, help) is
 * sanitized by the app's own DOMPurify in a jsdom window, as the browser does in its own.
 */
export async function prepareRenderer(mod: unknown): Promise<PageRenderer> {
  const parsed = RendererModuleSchema.parse(mod)
  const { JSDOM } = await import('jsdom')
  parsed.sanitizeWith(new JSDOM('').window)
  return parsed
}

/** Where the build puts the server's render (server/build-pwa.ts). */
export const rendererFile = (staticDir: string) => path.join(staticDir, '.ssr', 'entry-server.js')

/** The server's render from the build, or null when the build has none. */
export async function loadRenderer(staticDir: string): Promise<PageRenderer | null> {
  const file = rendererFile(staticDir)
  if (!existsSync(file)) return null
  return prepareRenderer(await import(pathToFileURL(file).href))
}

// ---------------------------------------------------------------------------------------
// What a page's data is

/** The home page, a games lobby, or another page: what data the page is drawn from. */
export type ScreenKind = 'home' | 'page' | 'lobby'
const homePaths = new Set(['/', '/index', '/login', registerPath, '/register.html'])
/** The games lobbies whose first screen is their vendor tabs and the open tab's games. */
export const lobbyPaths: Readonly<Record<string, GameType>> = Object.fromEntries(
  vendorLobbyTypes.map((type) => [gameTypeRoutes[type], type]),
)

function pathnameOf(url: string): string {
  const q = url.indexOf('?')
  return (q >= 0 ? url.slice(0, q) : url).replace(/\/+$/, '') || '/'
}

/**
 * Whether the page draws the announcements, which then come in its boot data: the home
 * page. The promotions pages draw the engine's promotions, a server read of their own.
 */
export function drawsNotices(url: string): boolean {
  return screenKindOf(url) === 'home'
}

export function screenKindOf(url: string): ScreenKind {
  const pathname = pathnameOf(url)
  if (homePaths.has(pathname)) return 'home'
  return Object.hasOwn(lobbyPaths, pathname) ? 'lobby' : 'page'
}

/** A lobby navigation's game type and the vendor tab its `?page=` names (a vendor code, or none). */
export function lobbyOf(url: string): { gameType: GameType; page: string | undefined } | null {
  const pathname = pathnameOf(url)
  const gameType = Object.hasOwn(lobbyPaths, pathname) ? lobbyPaths[pathname] : undefined
  if (!gameType) return null
  const q = url.indexOf('?')
  const raw = q >= 0 ? new URLSearchParams(url.slice(q + 1)).get('page') : null
  // A member's Favourites tab (src/features/games/game-types.ts) is theirs alone: the first tab's data.
  if (raw === 'favorites') return null
  return { gameType, page: raw && /^[A-Z0-9_]{1,16}$/.test(raw) ? raw : undefined }
}
