/**
 * What the server and the app share about the first screen: the icons of the header and the
 * tab bar, the generated banner art's names and version (server/content/banner-art.ts), the
 * number of winners the home ticker shows and the page sizes the server's render reads.
 */

/** SVG path data, each drawn in a 24×24 box with `fill="currentColor"`. */
export const icons = {
  menu: 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z',
  trophy:
    'M18 3V2H6v1H2v3a4 4 0 0 0 4 4h.3A6 6 0 0 0 11 13.9V17H8v3h8v-3h-3v-3.1a6 6 0 0 0 4.7-3.9h.3a4 4 0 0 0 4-4V3ZM4 6V5h2v3a2 2 0 0 1-2-2Zm16 0a2 2 0 0 1-2 2V5h2Z',
  home: 'M12 3 2 11.5h3V21h5.5v-6h3v6H19v-9.5h3Z',
  games:
    'M7 6h10a5 5 0 0 1 4.9 6l-1 4.6a2.6 2.6 0 0 1-4.5 1.2L14.2 15H9.8l-2.2 2.8a2.6 2.6 0 0 1-4.5-1.2l-1-4.6A5 5 0 0 1 7 6Zm1 3v2H6v2h2v2h2v-2h2v-2h-2V9Zm7.5 1a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5Zm2.5 2.5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5Z',
  lottery:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 4a6 6 0 1 0 0 12 6 6 0 0 0 0-12Zm.9 2.5v7h-1.8v-5.1l-1.5.5V9.3l2.8-.8Z',
  promotions:
    'M20 7h-2.2A3 3 0 0 0 12 4.4 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3h18V8a1 1 0 0 0-1-1ZM9 7a1 1 0 1 1 1-1v1Zm5 0V6a1 1 0 1 1 1 1ZM4 13v7a1 1 0 0 0 1 1h6v-8Zm9 8h6a1 1 0 0 0 1-1v-7h-7Z',
  me: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z',
} as const

/** The generated banner drawings, in the order a banner without art takes them. */
export const bannerThemes = ['welcome', 'lottery', 'slots', 'live', 'sports'] as const
export type BannerTheme = (typeof bannerThemes)[number]
/** Bumped when the drawings change, so `?v=` addresses can be cached for a year. */
export const bannerArtVersion = 1

/** The art of the banner at `index` when the operator gave it none. */
export function fallbackBannerArt(index: number): string {
  return `/media/banners/${bannerThemes[index % bannerThemes.length]}.webp?v=${bannerArtVersion}`
}

/**
 * Up to this many banners each get a dot; more would not fit a 360 px phone at a finger's
 * width, so they get Previous and Next and a count ("3 / 10") instead.
 */
export const bannerDotsUpTo = 7

/** A banner's link when it is a same-site path or an http(s) address; anything else is not followed. */
export function safeBannerLink(url: string | null): string | null {
  if (!url) return null
  if (url.startsWith('/') && !url.startsWith('//')) return url
  return /^https?:\/\//i.test(url) ? url : null
}

/** How many winners the home ticker runs through. */
export const tickerWinners = 20

/** How many hot games the home page's row shows (the server's own default). */
export const homeHotLimit = 18

/** How many game tiles of a lobby's first rows load their art at once (the rest as they near the screen). */
export const eagerGameTiles = 6

/** A lobby's first page of games (a multiple of 3, 4, 5 and 6, so full rows fill every grid width). */
export const gamePageSize = 60

/**
 * How many of a lobby's games the server's first screen draws: the rows a screen shows
 * (six rows of three on a phone, three of six on a desktop). The app, which has the whole
 * first page from the boot data, draws the rest below them.
 */
export const firstScreenGameTiles = 18

/**
 * Joins an image host (absolute, or a path like /media) and a relative asset path, as the
 * app and the server's first screen both write art addresses.
 */
export function cdnUrl(host: string, asset: string): string {
  if (/^(https?:)?\/\//.test(asset) || asset.startsWith('/')) return asset
  return `${host.replace(/\/+$/, '')}/${asset.replace(/^\/+/, '')}`
}

/**
 * The public pages a visitor opens by their address, each rendered by the server and
 * hydrated by the app (the tests open every one of them).
 */
export const publicPages = [
  '/index',
  '/rng',
  '/live',
  '/fish',
  '/pvp',
  '/sports',
  '/lottery',
  '/vnlottery',
  '/elott',
  '/promotions',
  '/promoDetail',
  '/help',
  '/helpmc',
  '/down',
  '/join',
  '/pointMall',
  '/seamless',
  '/agent',
] as const
