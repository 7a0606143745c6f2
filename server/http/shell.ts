/**
 * The page for a navigation, rendered per brand, language and path: `<html lang>`, the
 * brand's title and theme colour, the boot data the page was drawn from
 * (`<script type="application/json" id="boot-data">`) and, inside `#root`, the app's own
 * markup, rendered by React on the server from the same route tree the browser then
 * hydrates (src/entry-server.tsx; docs/decisions/015-react-rendered-on-both-sides.md).
 *
 * - The data comes from the hot public reads themselves (consolidated settings, the
 *   white-label tree, the announcements, the vendor lanes, a lobby's first games, the
 *   status), so it is the same checked answer the API gives and is invalidated with it.
 * - The language: the `lang` cookie the app sets from the player's choice, else the
 *   brand's default (spec section 1: Khmer by default, the player's choice kept; the
 *   browser's own language is not a choice).
 * - Rendered once per brand, language, caller's verdict and address per
 *   `SETTINGS_TTL_SECONDS` (a hot-read entry: ETag, br/gzip made once).
 * - A render that fails sends the plain shell (the one the service worker keeps), which the
 *   app renders by itself; the error is logged.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod/mini'
import type { BootData } from '#contract/boot-data'
import { brandStyle } from '#contract/brand-colors'
import { contentEndpoints } from '#contract/content'
import { successEnvelope } from '#contract/envelope'
import { gamePageSize, homeHotLimit, tickerWinners } from '#contract/first-screen'
import { gameEndpoints } from '#contract/games'
import { defaultLocale, localeHeaderCode, locales, parseLocale, type Locale } from '#contract/locales'
import { playEndpoints } from '#contract/play'
import { promotionEndpoints } from '#contract/promotions'
import { systemEndpoints, type ConsolidatedSettings, type SystemStatus } from '#contract/system'
import type { HotEntry, HotReads } from './hot-reads'
import { escapeHtml } from './html'
import { drawsNotices, lobbyOf, sameSitePath, screenKindOf, type PageRenderer } from './page-render'
import { promotionIdOf, withShareMeta } from './share-meta'

type LobbyBoot = NonNullable<BootData['lobby']>

/** The cookie the app sets when the member picks a language. */
export const langCookie = 'lang'

// ---------------------------------------------------------------------------------------
// Escaping

/**
 * JSON that is safe inside `<script>`: `<`, `>` and `&` are written as \u escapes (so
 * neither `</script>` nor `<!--` can appear), and so are U+2028/U+2029. JSON.parse reads
 * it back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

// ---------------------------------------------------------------------------------------
// Language

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

/** The cookie the app sets when the member picks a theme (none: the system's). */
export const themeCookie = 'theme'

/** The theme the member picked (the cookie), or null to follow the system. */
export function chooseTheme(req: Pick<FastifyRequest, 'headers'>): 'light' | 'dark' | null {
  const value = cookieValue(req.headers.cookie, themeCookie)
  return value === 'light' || value === 'dark' ? value : null
}

/** The page in the member's theme: `data-theme` on `<html>` from the first paint, as the app sets it. */
export function withTheme(html: string, theme: 'light' | 'dark' | null): string {
  return theme ? html.replace(/<html(\s|>)/, (_, next: string) => `<html data-theme="${theme}"${next}`) : html
}

/** The language of this navigation: the player's choice (cookie), else the brand's default. */
export function chooseLocale(
  req: Pick<FastifyRequest, 'headers'>,
  brand: Pick<ConsolidatedSettings, 'languages' | 'defaultLanguage'>,
): Locale {
  const offered: readonly Locale[] = brand.languages.length > 0 ? brand.languages : locales
  const fromCookie = parseLocale(cookieValue(req.headers.cookie, langCookie))
  if (fromCookie && offered.includes(fromCookie)) return fromCookie
  if (offered.includes(brand.defaultLanguage)) return brand.defaultLanguage
  return offered[0] ?? defaultLocale
}

/** The template's `#root`: its opening tag, and the skeleton the offline shell shows until the app draws. */
const rootElement = /<div id="root"([^>]*)>(?:[\s\S]*?<!--\/first-screen-->)?\s*<\/div>/

/**
 * The language's own font files among the built assets (Khmer: the shipped Noto Sans
 * Khmer), preloaded so the first screen paints in them instead of swapping later (a shift).
 */
const languageFonts: Partial<Record<Locale, RegExp>> = {
  km: /^noto-sans-khmer-khmer-(400|700)-normal-.*\.woff2$/,
}

export function fontPreloads(staticDir: string): Partial<Record<Locale, string[]>> {
  const dir = path.join(staticDir, 'assets')
  const files = existsSync(dir) ? readdirSync(dir) : []
  const out: Partial<Record<Locale, string[]>> = {}
  for (const l of locales) {
    const pattern = languageFonts[l]
    if (pattern) out[l] = files.filter((f) => pattern.test(f)).map((f) => `/assets/${f}`)
  }
  return out
}

/**
 * The app's stylesheet written into the page instead of linked (one file for every route,
 * about 7 kB compressed; vite.config.ts): the first paint waits for no second request.
 * /index.html itself, which the service worker keeps for offline starts, still links the file.
 */
export function inlineEntryStyles(template: string, staticDir: string): string {
  return template.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)"\s*\/?>/g,
    (tag, href: string) => {
      const file = path.join(staticDir, href)
      if (!existsSync(file)) return tag
      const css = readFileSync(file, 'utf8')
      return /<\/style/i.test(css) ? tag : `<style>${css}</style>`
    },
  )
}

/** index.html with this brand's language, title, theme colours, boot data and the app's markup. */
export function renderShell(
  template: string,
  boot: BootData,
  /** The app's markup for `#root` (src/entry-server.tsx), or null to keep the template's. */
  appHtml: string | null,
  fonts: readonly string[] = [],
): string {
  const b = boot.settings
  const preloads = fonts
    .map((f) => `<link rel="preload" href="${escapeHtml(f)}" as="font" type="font/woff2" crossorigin>`)
    .join('')
  // The brand's colour from the first paint, as the app sets it (src/lib/theme.ts).
  const colours = brandStyle(b.themeColor)
  // Every replacement is a function: a string would read `$&`, `$'`, `` $` `` and `$$` in the
  // brand's and operators' text as patterns (a `` $` `` copied the page into itself).
  let html = template
    .replace(
      /<html([^>]*?)\slang="[^"]*"/,
      (_, attrs: string) =>
        `<html${attrs} lang="${boot.locale}"${colours ? ` style="${escapeHtml(colours)}"` : ''}`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(b.brandName)}</title>`)
    .replace(
      /<meta name="theme-color" content="[^"]*"\s*\/?>/,
      () => `<meta name="theme-color" content="${escapeHtml(b.themeColor)}" />`,
    )
    .replace(
      '<meta name="apple-mobile-web-app-capable" content="yes" />',
      () =>
        `<meta name="apple-mobile-web-app-capable" content="yes" /><meta name="apple-mobile-web-app-title" content="${escapeHtml(b.shortName)}" />`,
    )
    .replace('</title>', () => `</title>${preloads}`)
  if (appHtml !== null) {
    // The app hydrates what the server drew (data-ssr), else renders by itself.
    html = html.replace(
      rootElement,
      (_, attrs: string) => `<div id="root"${attrs} data-ssr="">${appHtml}</div>`,
    )
  }
  const script = `<script type="application/json" id="boot-data">${scriptJson(boot)}</script>`
  return html.includes('</body>') ? html.replace('</body>', () => `${script}</body>`) : html + script
}

// ---------------------------------------------------------------------------------------
// Per brand, language and address

export interface Shell {
  /**
   * The rendered page for this navigation with its status, or null when the brand is not
   * ready or the render failed (the plain file is sent).
   */
  entry(
    req: FastifyRequest,
  ): Promise<{ entry: HotEntry; status: number; redirect?: string | undefined } | null>
}

/** The caller's verdict: the page is the same for every caller with the same one. */
function verdictOf(s: SystemStatus): string {
  if (s.maintenance) return 'maintenance'
  if (s.ipBlocked) return `blocked\u0000${s.clientIp}`
  if (s.regionRestriction) return 'region'
  return 'open'
}

/** The longest address (path and query) rendered; a longer one gets the plain shell. */
const maxRenderedUrl = 512

export function createShell(
  app: FastifyInstance,
  opts: {
    template: string
    hotReads: HotReads
    merchantOf: (req: FastifyRequest) => string
    /** The header the CDN sets with the caller's country (region restriction). */
    countryHeader: string
    /** The server's render of the app; without it the page carries the boot data only. */
    renderer: PageRenderer | null
    /** Font files to preload per language (fontPreloads). */
    fonts?: Partial<Record<Locale, string[]>>
    /** The site's public origin (PUBLIC_URL) for the share tags; else the request's own. */
    publicUrl?: string | undefined
  },
): Shell {
  const fonts = opts.fonts ?? {}

  /** One of the brand's hot reads, through the API itself (the cached, checked answer). */
  async function read<S extends z.ZodMiniType>(
    merchantCode: string,
    locale: Locale,
    url: string,
    schema: S,
    caller?: FastifyRequest,
  ): Promise<z.infer<S>> {
    const country = caller?.headers[opts.countryHeader]
    const res = await app.inject({
      method: 'GET',
      url,
      ...(caller ? { remoteAddress: caller.ip } : {}),
      headers: {
        merchant: merchantCode,
        language: localeHeaderCode[locale],
        accept: 'application/json',
        ...(typeof country === 'string' ? { [opts.countryHeader]: country } : {}),
      },
    })
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`)
    // The envelope first, then the value against the row's own schema.
    return schema.parse(successEnvelope(z.unknown()).parse(res.json()).value)
  }

  /**
   * A read the page's render makes (a public GET of the API, in process): as a visitor of
   * this brand, in the render's language, never with anyone's session.
   */
  async function readForRender(
    merchantCode: string,
    path: string,
    init: { method: string; headers: Record<string, string> },
  ): Promise<Response> {
    if (init.method !== 'GET' || !path.startsWith('/') || path.startsWith('//')) {
      return new Response(null, { status: 405 })
    }
    const { authorization: _session, ...headers } = init.headers
    const res = await app.inject({
      method: 'GET',
      url: path,
      headers: { ...headers, merchant: merchantCode },
    })
    return new Response(res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    })
  }

  /** The image host of the brand's list the page's art comes from, at random as the app picks (spec section 9). */
  function imageHostOf(status: SystemStatus): string {
    const hosts = status.info.imageCDNs
    return hosts[Math.floor(Math.random() * hosts.length)] ?? ''
  }

  /** A lobby tab's first page of games, as the app asks for it; none when unreadable. */
  async function readLobby(
    m: string,
    locale: Locale,
    tab: { gameType: LobbyBoot['filter']['gameType']; vassalage: string },
  ): Promise<LobbyBoot | undefined> {
    const filter = { gameType: tab.gameType, vassalage: tab.vassalage }
    const query = new URLSearchParams({ ...filter, pageNo: '1', pageSize: String(gamePageSize) })
    const games = await read(
      m,
      locale,
      `${gameEndpoints.gameList.path}?${query}`,
      gameEndpoints.gameList.response,
    ).catch(() => undefined)
    return games && { filter, games }
  }

  return {
    async entry(req) {
      const m = opts.merchantOf(req)
      let settings: ConsolidatedSettings
      try {
        settings = await opts.hotReads.value(m, 'shell.settings', () =>
          read(
            m,
            defaultLocale,
            systemEndpoints.consolidatedSettings.path,
            systemEndpoints.consolidatedSettings.response,
          ),
        )
      } catch (err) {
        // A brand not set up yet (or a read that failed): the plain shell, the app explains.
        req.log.warn({ err }, 'the shell is sent unrendered: no brand settings')
        return null
      }
      const url = req.url
      if (url.length > maxRenderedUrl) return null
      const locale = chooseLocale(req, settings)
      const kind = screenKindOf(url)
      const lobbyAt = kind === 'lobby' ? lobbyOf(url) : null
      try {
        // The caller's status (maintenance, region, blocked address replace every page),
        // then the vendor lanes (every page's header nav draws from them, and a lobby's
        // screen is per tab: an unknown tab is the first one).
        const [callerStatus, lanes] = await Promise.all([
          read(m, locale, systemEndpoints.status.path, systemEndpoints.status.response, req),
          read(m, locale, gameEndpoints.gameVendor.path, gameEndpoints.gameVendor.response).catch(
            () => undefined,
          ),
        ])
        const verdict = verdictOf(callerStatus)
        // The page is the same for every caller of one verdict: the address and country it
        // carries are blanked unless they are what the page shows (a blocked address).
        const status: SystemStatus = verdict.startsWith('blocked')
          ? callerStatus
          : { ...callerStatus, clientIp: '', country: null }
        const cards = lanes?.data.lanes
          .filter((l) => l.gameType === lobbyAt?.gameType)
          .flatMap((l) => l.cards)
        const tab = cards?.find((c) => c.vassalage === lobbyAt?.page) ?? cards?.[0]
        // A shared link previews with absolute addresses (share-meta.ts): on the request's
        // own origin unless the install names one, which the page then depends on too.
        const origin = (opts.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '')
        const key = `shell\u0000${locale}\u0000${verdict}\u0000${opts.publicUrl ? '' : origin}\u0000${url}`
        // The theme is only the page's <html> attribute: one render serves both, sent apart.
        const theme = chooseTheme(req)
        // The page and its status, kept together; the bytes sent are kept (compressed) apart.
        let rendered: Promise<{ html: string; status: number; redirect?: string | undefined }> | undefined
        const page = () =>
          (rendered ??= opts.hotReads.value(m, `${key}\u0000page`, async () => {
            // The white-label tree is the status's own (the API answers it apart too, but not
            // during maintenance, when the page still needs it).
            const whitelabel = { childrenNodes: status.info.whitelabel }
            // A closed brand or address (maintenance, region, blocked) shows its notice alone.
            const open = verdict === 'open'
            const [announcements, winners, hotGames, lobby] = await Promise.all([
              // What the home page and the promotions show, on those pages only; the popup
              // notices are asked for once the page has settled
              // (src/features/notify/api/get-announcements.ts).
              open && drawsNotices(url)
                ? read(
                    m,
                    locale,
                    `${contentEndpoints.announcements.path}?types=B,PL,PR,H&platform=W&execution=B`,
                    contentEndpoints.announcements.response,
                  ).catch(() => undefined)
                : undefined,
              // The ticker is extra: without it the page is still whole.
              open
                ? read(
                    m,
                    locale,
                    `${playEndpoints.winnerBoard.path}?limit=${tickerWinners}`,
                    playEndpoints.winnerBoard.response,
                  ).catch(() => undefined)
                : undefined,
              // The hot games row too: without it the row shows its skeleton until the app has them.
              open && kind === 'home'
                ? read(
                    m,
                    locale,
                    `${gameEndpoints.hotGames.path}?limit=${homeHotLimit}`,
                    gameEndpoints.hotGames.response,
                  ).catch(() => undefined)
                : undefined,
              open && lanes && tab && !tab.maintenance ? readLobby(m, locale, tab) : undefined,
            ])
            const imageHost = hotGames || lobby ? imageHostOf(status) : undefined
            const boot: BootData = {
              locale,
              settings,
              whitelabel,
              status,
              ...(announcements ? { announcements } : {}),
              ...(winners ? { winners } : {}),
              ...(lanes ? { vendors: lanes } : {}),
              ...(hotGames ? { hotGames } : {}),
              ...(lobby ? { lobby } : {}),
              ...(imageHost ? { imageHost } : {}),
            }
            const drawn = opts.renderer
              ? await opts.renderer.renderPage(url, boot, Date.now(), (path, init) =>
                  readForRender(m, path, init),
                )
              : null
            const queries = drawn?.queries?.length ? { queries: drawn.queries } : {}
            // A promotion's page previews with its own title, as a visitor's list names it.
            const promotionId = open ? promotionIdOf(url) : null
            const pageTitle =
              promotionId === null
                ? undefined
                : await read(
                    m,
                    locale,
                    promotionEndpoints.merchantAvailable.path,
                    promotionEndpoints.merchantAvailable.response,
                  )
                    .then((l) => l.list.find((p) => p.id === promotionId)?.title)
                    .catch(() => undefined)
            return {
              html: withShareMeta(
                renderShell(opts.template, { ...boot, ...queries }, drawn?.html ?? null, fonts[locale]),
                { settings, locale, origin, url, pageTitle },
              ),
              status: drawn?.status ?? 200,
              redirect: sameSitePath(drawn?.redirect),
            }
          }))
        const entry = await opts.hotReads.entry(
          m,
          `${key}\u0000${theme ?? ''}`,
          async () => withTheme((await page()).html, theme),
          {
            compressBest: true,
          },
        )
        const drawn = await page()
        return { entry, status: drawn.status, redirect: drawn.redirect }
      } catch (err) {
        req.log.error({ err }, 'the page is sent unrendered')
        return null
      }
    },
  }
}
