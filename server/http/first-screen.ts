/**
 * The static first screen the server writes into the shell, per brand and language: the
 * header, the home page's boxes (banners, notice line, winners ticker, rows while they
 * load) or a neutral page skeleton, and the tab bar, in the same boxes the app draws
 * (docs/decisions/005-server-rendered-shell.md). Plain strings, every value escaped.
 */
import type { Announcements, Notice } from '#contract/content'
import { fallbackBannerArt, icons, safeBannerLink } from '#contract/first-screen'
import type { Locale } from '#contract/locales'
import { showMoney, type Currency } from '#contract/money'
import type { Winner, WinnerBoardSchema } from '#contract/play'
import type { ConsolidatedSettings, WhitelabelNodeSchema } from '#contract/system'
import type { z } from 'zod/mini'

/** What the app reads from `#boot-data` (src/lib/boot-data.ts checks it against the contract). */
export interface BootData {
  locale: Locale
  settings: ConsolidatedSettings
  whitelabel: { childrenNodes: z.infer<typeof WhitelabelNodeSchema>[] }
  announcements: Announcements
  /** The winners board for the home page's ticker; left out when it cannot be read. */
  winners?: z.infer<typeof WinnerBoardSchema>
}

/** A catalog's translation of `msgid` with its `{0}`, `{1}` … filled in; the msgid when untranslated. */
export function translate(
  catalog: Map<string, string>,
  msgid: string,
  values: readonly string[] = [],
): string {
  const msg = catalog.get(msgid) || msgid
  return msg.replace(/\{(\d+)\}/g, (m, i: string) => values[Number(i)] ?? m)
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const t = (c: Map<string, string>, id: string, values?: readonly string[]) =>
  escapeHtml(translate(c, id, values))

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '')

/** The art of a banner: its own (a relative one under the site), else the generated drawings in turn. */
function bannerSrc(n: Notice, i: number): string {
  if (!n.imageUrl) return fallbackBannerArt(i)
  return /^(https?:)?\/\//.test(n.imageUrl) || n.imageUrl.startsWith('/') ? n.imageUrl : `/${n.imageUrl}`
}

const svg = (d: string, size: number, cls = '') =>
  `<svg${cls ? ` class="${cls}"` : ''} viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true"><path fill="currentColor" d="${d}"/></svg>`

function carousel(banners: readonly Notice[], c: Map<string, string>): string {
  if (banners.length === 0) return ''
  const slides = banners
    .map((n, i) => {
      const href = safeBannerLink(n.linkUrl)
      const body =
        `<img class="banner-art" src="${escapeHtml(bannerSrc(n, i))}" alt="" width="720" height="300" decoding="async" loading="${i === 0 ? 'eager' : 'lazy'}" fetchpriority="${i === 0 ? 'high' : 'auto'}">` +
        `<span class="banner-text"><strong class="banner-title">${escapeHtml(n.title)}</strong>` +
        `<span class="banner-line">${escapeHtml(stripTags(n.content))}</span></span>`
      const link = href
        ? `<a href="${escapeHtml(href)}" class="banner-link"${i === 0 ? '' : ' tabindex="-1"'}>${body}</a>`
        : `<div class="banner-link">${body}</div>`
      return `<div class="banner-slide"${i === 0 ? '' : ' aria-hidden="true"'}>${link}</div>`
    })
    .join('')
  // The dots hold their places until the app makes them buttons.
  const controls =
    banners.length > 1
      ? '<div class="banner-controls" aria-hidden="true"><span class="banner-pause"></span>' +
        banners
          .map(
            (_, i) => `<span class="banner-dot"${i === 0 ? ' aria-current="true"' : ''}><span></span></span>`,
          )
          .join('') +
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
function tabBar(c: Map<string, string>, home: boolean): string {
  const tab = (href: string | null, icon: string, label: string, current = false) =>
    href
      ? `<a href="${href}" class="tab"${current ? ' aria-current="page"' : ''}>${svg(icon, 24)}<span>${t(c, label)}</span></a>`
      : `<span class="tab" aria-hidden="true">${svg(icon, 24)}<span>${t(c, label)}</span></span>`
  return (
    `<nav class="tab-bar" aria-label="${t(c, 'Sections')}">` +
    tab('/index', icons.home, 'Home', home) +
    tab('/rng', icons.games, 'Games') +
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
export type ScreenKind = 'home' | 'page'
const homePaths = new Set(['/', '/index', '/login', '/register', '/register.html'])

export function screenKindOf(url: string): ScreenKind {
  const q = url.indexOf('?')
  const pathname = (q >= 0 ? url.slice(0, q) : url).replace(/\/+$/, '') || '/'
  return homePaths.has(pathname) ? 'home' : 'page'
}

function header(b: BootData['settings'], c: Map<string, string>): string {
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
    tabBar(c, false) +
    '</div>'
  )
}

/** The static first screen: the same boxes as the header and the page the app renders. */
export function firstScreen(boot: BootData, catalog: Map<string, string>, kind: ScreenKind = 'home'): string {
  const b = boot.settings
  const c = catalog
  if (kind === 'page') return pageScreen(boot, c)
  const player = boot.announcements.player.map((n) => stripTags(n.content)).join('   •   ')
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
    carousel(boot.announcements.banners, c) +
    marquee +
    ticker(boot.winners?.list ?? [], { symbol: b.currencySymbol, decimals: b.currencyDecimals }, c) +
    '<section class="home-row" aria-labelledby="hot-games-title">' +
    rowHead(
      'hot-games-title',
      `<span class="row-flame" aria-hidden="true"></span>${t(c, 'Hot games')}`,
      seeAll,
    ) +
    `<div class="row-status" role="status" aria-busy="true"><span class="visually-hidden">${t(c, 'Loading games…')}</span>` +
    `<ul class="game-row" aria-hidden="true">${tiles}</ul></div></section>` +
    `<div class="row-status" role="status" aria-busy="true"><span class="visually-hidden">${t(c, 'Loading')}</span>${lane}${lane}</div>` +
    '</main></div>' +
    tabBar(c, true) +
    '</div>'
  )
}
