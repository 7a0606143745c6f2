/**
 * The app shell for a navigation, rendered per brand and language so the first screen
 * paints from the HTML: `<html lang>`, the brand's title and theme colour, the boot data
 * the home page reads first (`<script type="application/json" id="boot-data">`) and a
 * static first screen (first-screen.ts) inside `#root`, which the
 * app replaces when it starts (docs/decisions/005-server-rendered-shell.md).
 *
 * - The data comes from the hot public reads themselves (consolidated settings, the
 *   white-label tree, the announcements shown before login), so it is the same checked
 *   answer the API gives and is invalidated with it.
 * - The language: the `lang` cookie the app sets from the player's choice, else the
 *   brand's default (spec section 1: Khmer by default, the player's choice kept; the
 *   browser's own language is not a choice).
 * - The static screen's words come from the app's own Lingui catalogs (read once at start).
 * - Rendered once per brand and language per `SETTINGS_TTL_SECONDS` (a hot-read entry: ETag,
 *   br/gzip made once).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brandStyle } from '#contract/brand-colors'
import { contentEndpoints } from '#contract/content'
import { successEnvelope } from '#contract/envelope'
import { gamePageSize, homeHotLimit, tickerWinners } from '#contract/first-screen'
import { gameEndpoints } from '#contract/games'
import { defaultLocale, localeHeaderCode, locales, parseLocale, type Locale } from '#contract/locales'
import { playEndpoints } from '#contract/play'
import { systemEndpoints, type ConsolidatedSettings } from '#contract/system'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod/mini'
import {
  escapeHtml,
  firstScreen,
  lobbyOf,
  screenKindOf,
  type BootData,
  type LobbyBoot,
  type ScreenKind,
} from './first-screen'
import { hotGamesList, lobbyScreen } from './lobby-screen'
import type { HotEntry, HotReads } from './hot-reads'

/** The cookie the app sets when the member picks a language. */
export const langCookie = 'lang'

// ---------------------------------------------------------------------------------------
// Catalogs

/** msgid → msgstr of a gettext .po file (the fields Lingui writes; plural forms are not used here). */
export function parsePo(text: string): Map<string, string> {
  const out = new Map<string, string>()
  let field: 'msgid' | 'msgstr' | null = null
  let id = ''
  let str = ''
  const flush = () => {
    if (id !== '') out.set(id, str)
    id = ''
    str = ''
    field = null
  }
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (line.startsWith('msgid ')) {
      flush()
      field = 'msgid'
      id = unquote(line.slice(6))
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr'
      str = unquote(line.slice(7))
    } else if (line.startsWith('"') && field) {
      if (field === 'msgid') id += unquote(line)
      else str += unquote(line)
    } else if (line === '' || line.startsWith('#')) {
      if (field === 'msgstr') flush()
    }
  }
  flush()
  return out
}

function unquote(s: string): string {
  const body = s.trim().replace(/^"/, '').replace(/"$/, '')
  return body.replace(/\\(["\\nt])/g, (_m, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c))
}

/** The project's root: the nearest folder above this module with a package.json. */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir)
    if (up === dir) throw new Error('no package.json above the server')
    dir = up
  }
  return dir
}

export type Catalogs = Record<Locale, Map<string, string>>

export function loadCatalogs(dir = path.join(projectRoot(), 'src/locales')): Catalogs {
  const read = (l: Locale) => {
    const file = path.join(dir, l, 'messages.po')
    return existsSync(file) ? parsePo(readFileSync(file, 'utf8')) : new Map<string, string>()
  }
  return Object.fromEntries(locales.map((l) => [l, read(l)])) as Catalogs
}

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

const rootOpen = /<div id="root"[^>]*>/
const screenStart = '<!--first-screen-->'
const screenEnd = '<!--/first-screen-->'

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
 * about 9 kB compressed; vite.config.ts): the first paint waits for no second request, and
 * no route adds a stylesheet while the app boots. /index.html itself, which the service
 * worker keeps for offline starts, still links the file.
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

/** The build's start script (src/start.ts) in Vite's manifest. */
const StartManifestSchema = z.object({
  'src/start.ts': z.object({ file: z.string().check(z.regex(/^assets\/[\w.-]+\.js$/)) }),
})

/**
 * The page's module script replaced by the start script, which adds the app's script (named
 * in `data-app`) once the first screen has shown its lead picture (src/start.ts). Without a
 * start script in the build the page is left as it is; so is /index.html itself, which the
 * service worker keeps for offline starts.
 */
export function startAfterFirstScreen(template: string, staticDir: string): string {
  const file = path.join(staticDir, '.vite', 'manifest.json')
  if (!existsSync(file)) return template
  let manifest: unknown
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return template
  }
  const parsed = StartManifestSchema.safeParse(manifest)
  if (!parsed.success) return template
  const start = `/${parsed.data['src/start.ts'].file}`
  return template.replace(
    /<script type="module"(?: crossorigin)? src="(\/assets\/[\w.-]+\.js)"><\/script>/,
    (_, app: string) => `<script type="module" crossorigin src="${start}" data-app="${app}"></script>`,
  )
}

/** index.html with this brand's language, title, theme colours, boot data and first screen. */
export function renderShell(
  template: string,
  boot: BootData,
  catalog: Map<string, string>,
  fonts: readonly string[] = [],
  kind: ScreenKind = 'home',
  /** Where the game art of a lobby's tiles or the home page's hot games comes from. */
  media?: { imageHost: string },
): string {
  const b = boot.settings
  const preloads = fonts
    .map((f) => `<link rel="preload" href="${escapeHtml(f)}" as="font" type="font/woff2" crossorigin>`)
    .join('')
  const lobbyDrawn =
    kind === 'lobby' && boot.lobby && media ? lobbyScreen(boot, boot.lobby, media.imageHost, catalog) : null
  const hotGames =
    kind === 'home' && boot.hotGames && media
      ? hotGamesList(boot.hotGames.list, media.imageHost, catalog)
      : null
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
  const screen = lobbyDrawn ?? firstScreen(boot, catalog, kind, hotGames)
  const start = html.indexOf(screenStart)
  const end = html.indexOf(screenEnd)
  if (start >= 0 && end > start) {
    html = html.slice(0, start) + screen + html.slice(end + screenEnd.length)
  } else {
    html = html.replace(rootOpen, (open) => open + screen)
  }
  const script = `<script type="application/json" id="boot-data">${scriptJson(boot)}</script>`
  return html.includes('</body>') ? html.replace('</body>', () => `${script}</body>`) : html + script
}

// ---------------------------------------------------------------------------------------
// Per brand and language

export interface Shell {
  /** The rendered shell for this navigation, or null when the brand is not ready (the plain file is sent). */
  entry(req: FastifyRequest): Promise<HotEntry | null>
}

export function createShell(
  app: FastifyInstance,
  opts: {
    template: string
    hotReads: HotReads
    merchantOf: (req: FastifyRequest) => string
    catalogs?: Catalogs
    /** Font files to preload per language (fontPreloads). */
    fonts?: Partial<Record<Locale, string[]>>
  },
): Shell {
  const catalogs = opts.catalogs ?? loadCatalogs()
  const fonts = opts.fonts ?? {}

  /** One of the brand's hot reads, through the API itself (the cached, checked answer). */
  async function read<S extends z.ZodMiniType>(
    merchantCode: string,
    locale: Locale,
    url: string,
    schema: S,
  ): Promise<z.infer<S>> {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { merchant: merchantCode, language: localeHeaderCode[locale], accept: 'application/json' },
    })
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`)
    // The envelope first, then the value against the row's own schema.
    return schema.parse(successEnvelope(z.unknown()).parse(res.json()).value)
  }

  /** A list the first screen draws, with the host its art comes from; none when unreadable. */
  async function withImageHost<T>(
    m: string,
    locale: Locale,
    list: Promise<T>,
  ): Promise<{ value: T; imageHost: string } | undefined> {
    try {
      const [value, status] = await Promise.all([
        list,
        read(m, locale, systemEndpoints.status.path, systemEndpoints.status.response),
      ])
      // At random, as the app picks (spec section 9); the boot data names it, so the app
      // draws from the same host and no picture loads twice.
      const hosts = status.info.imageCDNs
      return { value, imageHost: hosts[Math.floor(Math.random() * hosts.length)] ?? '' }
    } catch {
      return undefined
    }
  }

  /** A lobby tab's first page of games and the image host, as the app asks for them; none when unreadable. */
  async function readLobby(
    m: string,
    locale: Locale,
    tab: { gameType: LobbyBoot['filter']['gameType']; vassalage: string },
  ): Promise<{ boot: LobbyBoot; imageHost: string } | undefined> {
    const filter = { gameType: tab.gameType, vassalage: tab.vassalage }
    const query = new URLSearchParams({ ...filter, pageNo: '1', pageSize: String(gamePageSize) })
    const games = read(m, locale, `${gameEndpoints.gameList.path}?${query}`, gameEndpoints.gameList.response)
    const r = await withImageHost(m, locale, games)
    return r && { boot: { filter, games: r.value }, imageHost: r.imageHost }
  }

  /** The home page's hot games and the image host, as the app asks for them; none when unreadable. */
  async function readHotGames(
    m: string,
    locale: Locale,
  ): Promise<{ hotGames: NonNullable<BootData['hotGames']>; imageHost: string } | undefined> {
    const hot = read(
      m,
      locale,
      `${gameEndpoints.hotGames.path}?limit=${homeHotLimit}`,
      gameEndpoints.hotGames.response,
    )
    const r = await withImageHost(m, locale, hot)
    return r && { hotGames: r.value, imageHost: r.imageHost }
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
      const locale = chooseLocale(req, settings)
      const kind = screenKindOf(req.url)
      const lobbyAt = kind === 'lobby' ? lobbyOf(req.url) : null
      try {
        // The vendor lanes first (every page's header nav draws from them, and a lobby's
        // screen is per tab: an unknown tab is the first one). Without them a page is still
        // whole; a lobby then gets the neutral skeleton.
        const lanes = await read(
          m,
          locale,
          gameEndpoints.gameVendor.path,
          gameEndpoints.gameVendor.response,
        ).catch(() => undefined)
        const cards = lanes?.data.lanes
          .filter((l) => l.gameType === lobbyAt?.gameType)
          .flatMap((l) => l.cards)
        const tab = cards?.find((c) => c.vassalage === lobbyAt?.page) ?? cards?.[0]
        const key = `shell\u0000${locale}\u0000${kind}${lobbyAt ? `\u0000${lobbyAt.gameType}\u0000${tab?.vassalage ?? ''}` : ''}`
        return await opts.hotReads.entry(
          m,
          key,
          async () => {
            const [whitelabel, announcements, winners, hot] = await Promise.all([
              read(m, locale, systemEndpoints.whitelabel.path, systemEndpoints.whitelabel.response),
              // What the home page shows, on the home page only; the popup notices are asked
              // for once the page has settled (src/features/notices/api/get-announcements.ts).
              kind === 'home'
                ? read(
                    m,
                    locale,
                    `${contentEndpoints.announcements.path}?types=B,PL,PR,H&platform=W&execution=B`,
                    contentEndpoints.announcements.response,
                  )
                : undefined,
              // The ticker is extra: without it the first screen is still whole.
              read(
                m,
                locale,
                `${playEndpoints.winnerBoard.path}?limit=${tickerWinners}`,
                playEndpoints.winnerBoard.response,
              ).catch(() => undefined),
              // The hot games row too: without it the row shows its skeleton until the app has them.
              kind === 'home' ? readHotGames(m, locale) : undefined,
            ])
            const lobby = lanes && tab && !tab.maintenance ? await readLobby(m, locale, tab) : undefined
            const media = lobby
              ? { imageHost: lobby.imageHost }
              : hot
                ? { imageHost: hot.imageHost }
                : undefined
            const boot: BootData = {
              locale,
              settings,
              whitelabel,
              ...(announcements ? { announcements } : {}),
              ...(winners ? { winners } : {}),
              ...(lanes ? { vendors: lanes } : {}),
              ...(hot ? { hotGames: hot.hotGames } : {}),
              ...(lobby ? { lobby: lobby.boot } : {}),
              ...(media?.imageHost ? { imageHost: media.imageHost } : {}),
            }
            return renderShell(opts.template, boot, catalogs[locale], fonts[locale], kind, media)
          },
          { compressBest: true },
        )
      } catch (err) {
        req.log.warn({ err }, 'the shell is sent unrendered')
        return null
      }
    },
  }
}
