/**
 * The static first screen the server writes into the shell, per brand and language: the
 * header, the home page's boxes (banners, notice line, winners ticker, rows while they
 * load) or a neutral page skeleton, and the tab bar, in the same boxes the app draws
 * (docs/decisions/005-server-rendered-shell.md). Plain strings, every value escaped.
 */
import type { Announcements, Notice } from '#contract/content'
import { bannerDotsUpTo, fallbackBannerArt, icons, safeBannerLink } from '#contract/first-screen'
import type { Locale } from '#contract/locales'
import { showMoney, type Currency } from '#contract/money'
import type { Winner, WinnerBoardSchema } from '#contract/play'
import type { ConsolidatedSettings, WhitelabelNodeSchema } from '#contract/system'
import type { GameListSchema, GameListValueSchema, GameType, VendorLane } from '#contract/games'
import type { z } from 'zod/mini'

/** What the app reads from `#boot-data` (src/lib/boot-data.ts checks it against the contract). */
export interface BootData {
  locale: Locale
  settings: ConsolidatedSettings
  whitelabel: { childrenNodes: z.infer<typeof WhitelabelNodeSchema>[] }
  /**
   * The announcements the home page shows (banners, notice line, promotions); left out
   * elsewhere, where the first screen shows none, so they weigh on the home page's HTML only.
   */
  announcements?: Announcements
  /** The winners board for the home page's ticker; left out when it cannot be read. */
  winners?: z.infer<typeof WinnerBoardSchema>
  /**
   * The vendor lanes: every page's header nav (wide screens), the home page's vendor rows and
   * a lobby's tabs draw from them; left out when they cannot be read.
   */
  vendors?: VendorLanes
  /** The home page's hot games row; left out elsewhere, and when it cannot be read. */
  hotGames?: z.infer<typeof GameListValueSchema>
  /** A games lobby: the first page of the tab it opens on (lobby-screen.ts). */
  lobby?: LobbyBoot
  /** The image host the first screen's art came from (the app then draws from it too). */
  imageHost?: string
}

export interface VendorLanes {
  data: { lanes: VendorLane[] }
}

export interface LobbyBoot {
  filter: { gameType: GameType; vassalage: string }
  games: z.infer<typeof GameListSchema>
}

/**
 * A catalog's translation of `msgid` with its placeholders filled in (`{0}`, `{1}` … from a
 * list, `{name}` from a record); the msgid when untranslated.
 */
export function translate(
  catalog: Map<string, string>,
  msgid: string,
  values: readonly string[] | Readonly<Record<string, string>> = [],
): string {
  const msg = catalog.get(msgid) || msgid
  const named = values as Readonly<Record<string, string | undefined>>
  return msg.replace(/\{(\w+)\}/g, (m, key: string) => named[key] ?? m)
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export const t = (
  c: Map<string, string>,
  id: string,
  values?: readonly string[] | Readonly<Record<string, string>>,
) => escapeHtml(translate(c, id, values))

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '')

/** The art of a banner: its own (a relative one under the site), else the generated drawings in turn. */
function bannerSrc(n: Notice, i: number): string {
  if (!n.imageUrl) return fallbackBannerArt(i)
  return /^(https?:)?\/\//.test(n.imageUrl) || n.imageUrl.startsWith('/') ? n.imageUrl : `/${n.imageUrl}`
}

export const svg = (d: string, size: number, cls = '') =>
  `<svg${cls ? ` class="${cls}"` : ''} viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true"><path fill="currentColor" d="${d}"/></svg>`

function carousel(banners: readonly Notice[], c: Map<string, string>): string {
  if (banners.length === 0) return ''
  const slides = banners
    .map((n, i) => {
      const href = safeBannerLink(n.linkUrl)
      const body =
        `<img class="banner-art" src="${escapeHtml(bannerSrc(n, i))}" alt="" width="720" height="300" decoding="async" loading="${i === 0 ? 'eager' : 'lazy'}" fetchpriority="${i === 0 ? 'high' : 'auto'}"${i === 0 ? ' elementtiming="lead"' : ''}>` +
        `<span class="banner-text"><strong class="banner-title">${escapeHtml(n.title)}</strong>` +
        `<span class="banner-line">${escapeHtml(stripTags(n.content))}</span></span>`
      const link = href
        ? `<a href="${escapeHtml(href)}" class="banner-link"${i === 0 ? '' : ' tabindex="-1"'}>${body}</a>`
        : `<div class="banner-link">${body}</div>`
      return `<div class="banner-slide"${i === 0 ? '' : ' aria-hidden="true"'}>${link}</div>`
    })
    .join('')
  // The dots (or the steps and the count) hold their places until the app makes them buttons.
  const controls =
    banners.length > 1
      ? '<div class="banner-controls" aria-hidden="true"><span class="banner-pause"></span>' +
        (banners.length > bannerDotsUpTo
          ? `<span class="banner-step"></span><span class="banner-count">1 / ${banners.length}</span><span class="banner-step"></span>`
          : banners
              .map(
                (_, i) =>
                  `<span class="banner-dot"${i === 0 ? ' aria-current="true"' : ''}><span></span></span>`,
              )
              .join('')) +
        '</div>'
      : ''
  return `<section class="banner-carousel" aria-label="${t(c, 'Banners')}"><div class="banner-track">${slides}</div>${controls}</section>`
}

function ticker(winners: readonly Winner[], currency: Currency, c: Map<string, string>): string {
  if (winners.length === 0) return ''
  const items = winners
    .map(
      (w) =>
        `<li class="winner"><span class="winner-name">${escapeHtml(w.username)}</span> ` +
        `<strong class="winner-payout">${escapeHtml(showMoney(w.payout, currency))}</strong> ` +
        `<span class="winner-game">${escapeHtml(w.gameName)}</span> ` +
        `<span class="winner-multiplier">×${escapeHtml(w.multiplier)}</span></li>`,
    )
    .join('')
  return (
    `<section class="winners-ticker" aria-label="${t(c, 'Big wins')}">${svg(icons.trophy, 20, 'winners-icon')}` +
    `<div class="winners-window"><div class="winners-run"><ul class="winners-list">${items}</ul>` +
    `<ul class="winners-list winners-copy" aria-hidden="true">${items}</ul></div></div></section>`
  )
}

/** The tab bar as a visitor's app draws it on a phone (CSS hides it on wide screens). */
export function tabBar(c: Map<string, string>, current: 'home' | 'games' | null): string {
  const tab = (href: string | null, icon: string, label: string, current = false) =>
    href
      ? `<a href="${href}" class="tab"${current ? ' aria-current="page"' : ''}>${svg(icon, 24)}<span>${t(c, label)}</span></a>`
      : `<span class="tab" aria-hidden="true">${svg(icon, 24)}<span>${t(c, label)}</span></span>`
  return (
    `<nav class="tab-bar" aria-label="${t(c, 'Sections')}">` +
    tab('/index', icons.home, 'Home', current === 'home') +
    tab('/rng', icons.games, 'Games', current === 'games') +
    tab('/lottery', icons.lottery, 'Lottery') +
    tab('/promotions', icons.promotions, 'Promotions') +
    tab(null, icons.me, 'Me') +
    '</nav>'
  )
}

function rowHead(id: string, title: string, more: string): string {
  return `<div class="row-head"><h2 id="${id}" class="row-title">${title}</h2>${more}</div>`
}

/**
 * Which first screen a navigation gets: the home page's boxes for the paths that draw the
 * home page (log in and register open over it), a neutral page skeleton elsewhere, so a
 * lobby or the lottery never flashes the home banner before the app takes over.
 */
export type ScreenKind = 'home' | 'page' | 'lobby'
const homePaths = new Set(['/', '/index', '/login', '/register', '/register.html'])
/** The games lobbies whose first screen is their vendor tabs and the open tab's games. */
export const lobbyPaths: Readonly<Record<string, GameType>> = {
  '/rng': 'RNG',
  '/live': 'LIVE',
  '/fish': 'FISH',
  '/pvp': 'PVP',
}

function pathnameOf(url: string): string {
  const q = url.indexOf('?')
  return (q >= 0 ? url.slice(0, q) : url).replace(/\/+$/, '') || '/'
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
  // A member's Favourites tab (src/features/games/game-types.ts) is theirs alone: the neutral skeleton.
  if (raw === 'favorites') return null
  return { gameType, page: raw && /^[A-Z0-9_]{1,16}$/.test(raw) ? raw : undefined }
}

export function header(b: BootData['settings'], c: Map<string, string>): string {
  return (
    '<header class="app-header"><div class="header-top">' +
    `<a href="/index" class="brand" aria-label="${escapeHtml(b.brandName)}"><img src="${escapeHtml(b.logoUrl)}" alt="" width="32" height="32"><span class="brand-full">${escapeHtml(b.brandName)}</span><span class="brand-short">${escapeHtml(b.shortName)}</span></a>` +
    // The controls need the app: here they only hold their places (hidden from assistive
    // technology, out of the tab order) until it takes over.
    '<div class="header-actions" aria-hidden="true">' +
    `<span class="button button-light">${t(c, 'Log in')}</span>` +
    `<span class="button button-accent">${t(c, 'Register')}</span>` +
    `<span class="header-menu-button">${svg(icons.menu, 24)}</span>` +
    '</div>' +
    '</div><div class="header-nav"><div class="first-screen-nav" aria-hidden="true"></div></div></header>'
  )
}

/** Any page but home: the header, a title line and blocks where the page's content goes. */
function pageScreen(boot: BootData, c: Map<string, string>): string {
  return (
    '<div class="layout layout-main layout-tabs first-screen">' +
    header(boot.settings, c) +
    '<div class="layout-body"><main class="page first-screen-page">' +
    `<div class="row-status" role="status" aria-busy="true"><span class="visually-hidden">${t(c, 'Loading')}</span>` +
    '<span class="skeleton-line row-title-skeleton" aria-hidden="true"></span>' +
    '<div class="boot-block" aria-hidden="true"></div><div class="boot-block" aria-hidden="true"></div></div>' +
    '</main></div>' +
    tabBar(c, null) +
    '</div>'
  )
}

/**
 * The static first screen: the same boxes as the header and the page the app renders. `hotGames`
 * is the home page's hot games row when there are games to show (lobby-screen.ts), else its
 * skeleton is drawn.
 */
export function firstScreen(
  boot: BootData,
  catalog: Map<string, string>,
  kind: ScreenKind = 'home',
  hotGames: string | null = null,
): string {
  const b = boot.settings
  const c = catalog
  // A lobby's own screen is lobby-screen.ts's; without its data, the neutral page skeleton.
  if (kind !== 'home') return pageScreen(boot, c)
  const player = (boot.announcements?.player ?? []).map((n) => stripTags(n.content)).join('   •   ')
  const marquee = player
    ? `<div class="marquee" aria-hidden="true"><span class="marquee-track"><span class="marquee-text">${escapeHtml(player)}</span></span></div>`
    : '<div class="marquee marquee-empty" aria-hidden="true"></div>'
  const tiles =
    '<li class="game-tile game-tile-skeleton"><span class="game-tile-art skeleton-block"></span><span class="skeleton-line"></span></li>'.repeat(
      6,
    )
  const chips = '<li><span class="vendor-chip vendor-chip-skeleton skeleton-block"></span></li>'.repeat(4)
  const lane =
    '<div class="home-row" aria-hidden="true"><div class="row-head"><span class="skeleton-line row-title-skeleton"></span></div>' +
    `<ul class="vendor-row">${chips}</ul></div>`
  const seeAll = `<a href="/rng" class="row-more">${t(c, 'See all')}<span aria-hidden="true"> ›</span></a>`
  return (
    '<div class="layout layout-main layout-tabs first-screen">' +
    header(b, c) +
    '<div class="layout-body"><main class="page home">' +
    `<h1 class="visually-hidden">${t(c, 'Welcome to {0}', [b.brandName])}</h1>` +
    carousel(boot.announcements?.banners ?? [], c) +
    marquee +
    ticker(boot.winners?.list ?? [], { symbol: b.currencySymbol, decimals: b.currencyDecimals }, c) +
    '<section class="home-row" aria-labelledby="hot-games-title">' +
    rowHead(
      'hot-games-title',
      `<span class="row-flame" aria-hidden="true"></span>${t(c, 'Hot games')}`,
      seeAll,
    ) +
    (hotGames ??
      `<div class="row-status" role="status" aria-busy="true"><span class="visually-hidden">${t(c, 'Loading games…')}</span>` +
        `<ul class="game-row" aria-hidden="true">${tiles}</ul></div>`) +
    '</section>' +
    `<div class="row-status" role="status" aria-busy="true"><span class="visually-hidden">${t(c, 'Loading')}</span>${lane}${lane}</div>` +
    '</main></div>' +
    tabBar(c, 'home') +
    '</div>'
  )
}
