/**
 * A games lobby's first screen (/rng, /live, /fish, /pvp): the page title, the vendor tabs,
 * the open tab's search and sub-type chips, and the first rows of its games, in the markup and
 * classes the app's GamesPage, VendorLobby, GameGrid and GameTile draw. The app's boot data
 * carries the same vendor lanes and games (BootData.lobby), so its first render draws the same
 * tiles over these: the thumbnails paint from the HTML, not after the app and the game list.
 *
 * The controls need the app: until it takes over, the tiles, chips and hearts are buttons
 * that do nothing, and the tabs are plain links to their tab.
 */
import { cdnUrl, eagerGameTiles, firstScreenGameTiles } from '#contract/first-screen'
import { rngSubTypes, type Game, type GameClassify, type GameType } from '#contract/games'
import { escapeHtml, header, lobbyPaths, t, tabBar, type BootData, type LobbyBoot } from './first-screen'

/** As src/features/games/components/game-type-label.tsx names them (the same catalog words). */
const gameTypeTitles: Record<GameType, string> = {
  LOTT: 'Lottery',
  ELOTT: 'E-lottery',
  LIVE: 'Live casino',
  SPORTS: 'Sports',
  ESPORTS: 'Esports',
  RNG: 'Slots',
  FISH: 'Fish',
  PVP: 'Card games',
  COCKFIGHT: 'Cockfight',
}
const classifyTitles: Record<GameClassify, string> = {
  SC: 'Slot machines',
  VP: 'Video poker',
  JP: 'Jackpots',
  TG: 'Table games',
  AC: 'Arcade',
  BG: 'Bingo',
}

/**
 * A game tile as the app's GameTile draws it: `lead` for the lead pictures of a lobby's first
 * rows, `after` for art that waits for the page's lead picture (the home page's hot games).
 */
function tile(g: Game, art: 'lead' | 'lazy' | 'after', imageHost: string, c: Map<string, string>): string {
  const eager = art === 'lead'
  const marks = [g.isHot ? t(c, 'Hot') : null, g.isNew ? t(c, 'New') : null].filter((m) => m !== null)
  const name = escapeHtml(g.gameName)
  const badges = marks.length
    ? ' <span class="game-tile-badges">' +
      marks
        .map(
          (m, j) =>
            `${j > 0 ? ' ' : ''}<span class="${j === 0 && g.isHot ? 'game-badge game-badge-hot' : 'game-badge game-badge-new'}">${m}</span>`,
        )
        .join('') +
      '</span>'
    : ''
  return (
    '<li class="game-tile">' +
    `<button type="button" class="game-tile-play" data-tap="game:${escapeHtml(g.gameId)}" aria-label="${[name, ...marks].join(', ')}">` +
    `<span class="game-tile-art"><img src="${escapeHtml(cdnUrl(imageHost, g.iconUrl))}" alt="" width="200" height="200" loading="${eager ? 'eager' : 'lazy'}" decoding="${eager ? 'sync' : 'async'}"${eager ? ' fetchpriority="high" elementtiming="lead"' : art === 'after' ? ' fetchpriority="low"' : ''}></span>` +
    `<span class="game-tile-name">${name}</span>${badges}</button>` +
    `<button type="button" class="game-fav" data-tap="fav:${escapeHtml(g.gameId)}" aria-pressed="false" aria-label="${t(c, 'Favourite: {name}', { name: g.gameName })}"><span aria-hidden="true">♡</span></button>` +
    '</li>'
  )
}

/** The lobby's first screen, or null when the app would show something else first (maintenance, no games). */
export function lobbyScreen(
  boot: BootData,
  lobby: LobbyBoot,
  imageHost: string,
  c: Map<string, string>,
): string | null {
  const { gameType, vassalage } = lobby.filter
  const cards = (boot.vendors?.data.lanes ?? [])
    .filter((l) => l.gameType === gameType)
    .flatMap((l) => l.cards)
  const vendor = cards.find((v) => v.vassalage === vassalage)
  if (!vendor || vendor.maintenance || lobby.games.list.length === 0) return null
  const route = Object.keys(lobbyPaths).find((p) => lobbyPaths[p] === gameType)
  if (!route) return null
  const tabs = cards
    .map(
      (v) =>
        `<a href="${route}?page=${encodeURIComponent(v.vassalage)}" class="vendor-tab"${v.vassalage === vassalage ? ' aria-current="page"' : ''}>` +
        `<img src="${escapeHtml(cdnUrl(imageHost, v.logo))}" alt="" width="60" height="30">` +
        `<span class="vendor-tab-name">${escapeHtml(v.displayName)}</span>` +
        (v.maintenance ? `<span class="vendor-tab-mark">${t(c, 'Maintenance')}</span>` : '') +
        '</a>',
    )
    .join('')
  const chips =
    gameType === 'RNG'
      ? `<div class="lobby-chips" role="group" aria-label="${t(c, 'Game kind')}">` +
        `<button type="button" class="lobby-chip" aria-pressed="true">${t(c, 'All')}</button>` +
        rngSubTypes
          .map(
            (k) =>
              `<button type="button" class="lobby-chip" aria-pressed="false">${t(c, classifyTitles[k])}</button>`,
          )
          .join('') +
        '</div>'
      : ''
  // The rows a screen shows; the app draws the rest of the page (and its Load more) below them.
  const shown = lobby.games.list.slice(0, firstScreenGameTiles)
  return (
    '<div class="layout layout-main layout-tabs first-screen">' +
    header(boot.settings, c) +
    '<div class="layout-body"><main class="page games-page">' +
    `<h1 class="games-title">${t(c, gameTypeTitles[gameType])}</h1>` +
    `<nav aria-label="${t(c, 'Game providers')}" class="vendor-tabs">${tabs}</nav>` +
    '<section class="lobby" aria-labelledby="vendor-title">' +
    `<h2 id="vendor-title" class="lobby-title">${escapeHtml(vendor.displayName)}</h2>` +
    '<div class="lobby-tools">' +
    `<label for="lobby-search" class="visually-hidden">${t(c, 'Search games')}</label>` +
    `<input id="lobby-search" type="search" class="lobby-search" placeholder="${t(c, 'Search games')}" autocomplete="off" enterkeyhint="search">` +
    '</div>' +
    chips +
    `<ul class="game-grid" aria-label="${t(c, '{0} games', [vendor.displayName])}">` +
    shown.map((g, i) => tile(g, i < eagerGameTiles ? 'lead' : 'lazy', imageHost, c)).join('') +
    '</ul>' +
    '</section></main></div>' +
    tabBar(c, 'games') +
    '</div>'
  )
}

/**
 * The home page's hot games as its row draws them (the app's HotGamesRow and GameStrip): the
 * tiles, none of them a lead picture (the first banner is), their art asked for after it at
 * low priority; null without games (the row's skeleton is drawn instead, and the app says the
 * row is empty).
 */
export function hotGamesList(
  games: readonly Game[],
  imageHost: string,
  c: Map<string, string>,
): string | null {
  if (games.length === 0) return null
  return (
    `<ul class="game-row" aria-label="${t(c, 'Hot games')}">` +
    games.map((g) => tile(g, 'after', imageHost, c)).join('') +
    '</ul>'
  )
}
