/**
 * The page a navigation gets: the app's own markup rendered by React on the server
 * (src/entry-server.tsx, through tests/ssr.ts) inside the brand's shell, with the boot data it
 * was drawn from. The browser hydrating it is checked end to end (e2e/hydration.spec.ts).
 */
import { brotliDecompressSync } from 'node:zlib'
import { eq, inArray, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { FailureSchema, successEnvelope } from '#contract/envelope'
import { homeHotLimit, publicPages } from '#contract/first-screen'
import { gameEndpoints } from '#contract/games'
import { serverPathPrefixes } from '#contract/server-paths'
import { systemEndpoints } from '#contract/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageRenderer } from '../../server/http/page-render'
import { renderShell, scriptJson } from '../../server/http/shell'
import { accessSettings, announcements, cdnHosts, merchants } from '../../server/db/schema'
import { bootDataSchema, type BootData } from '../../src/lib/boot-data'
import { expectNoArt, expectRevalidated, expectSharedWebp } from '../art-helpers'
import { build, staticFiles, type TestServer } from '../build-server'
import { appRenderer } from '../ssr'

let server: TestServer
let renderer: PageRenderer
/** What the server's render was asked to draw, most recent last. */
const renders: string[] = []
/** Set to make the next renders throw. */
let failRenders = false
const log: string[] = []

beforeAll(async () => {
  const app = await appRenderer()
  renderer = {
    async renderPage(url, boot, servedAt, readApi) {
      renders.push(url)
      if (failRenders) throw new Error('render broke')
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

const navigation = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' }

async function page(headers: Record<string, string> = {}, url = '/index', status = 200) {
  const res = await server.app.inject({ method: 'GET', url, headers: { ...navigation, ...headers } })
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status)
  return res
}

function bootOf(html: string) {
  const m = /<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/.exec(html)
  expect(m, 'the page carries #boot-data').not.toBeNull()
  return bootDataSchema().parse(JSON.parse(m?.[1] ?? ''))
}

/** The markup React drew inside #root. */
function rootOf(html: string): string {
  const m = /<div id="root"[^>]*data-ssr="">([\s\S]*)<\/div><script/.exec(html)
  expect(m, 'the page carries the server-rendered #root').not.toBeNull()
  return m?.[1] ?? ''
}

/** The text of the first <h1>. */
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(rootOf(html))?.[1]

/** HTML text as React writes it. */
const reactText = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')

describe('the page rendered per brand, language and address', () => {
  it("names the brand and welcomes in the brand's default language without a chosen one", async () => {
    const res = await page()
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('<html lang="km"')
    expect(res.body).toContain('<title>Lotus Play</title>')
    expect(res.body).toMatch(/<meta name="apple-mobile-web-app-title" content="[^"<]+" \/>/)
    expect(heading(res.body)).toBe('សូមស្វាគមន៍មកកាន់ Lotus Play')
    // The template's own attributes stay on #root, which says the server drew it.
    expect(res.body).toContain('<div id="root" data-shell="test-shell" data-ssr="">')
  })

  it("keeps the brand's default whatever the browser's own language (the player chooses)", async () => {
    const res = await page({ 'accept-language': 'en-GB, en;q=0.8, zh;q=0.5' })
    expect(res.body).toContain('<html lang="km"')
    expect(bootOf(res.body).locale).toBe('km')
  })

  it("follows the player's choice in the lang cookie, in all five languages", async () => {
    const welcome = {
      en: 'Welcome to Lotus Play',
      zh: '欢迎来到 Lotus Play',
      km: 'សូមស្វាគមន៍មកកាន់ Lotus Play',
    } as const
    for (const [lang, text] of Object.entries(welcome)) {
      const res = await page({ 'accept-language': 'en', cookie: `theme=dark; lang=${lang}` })
      expect(res.body).toContain(`<html data-theme="dark" lang="${lang}"`)
      expect(heading(res.body)).toBe(text)
    }
    for (const lang of ['th', 'vi']) {
      const res = await page({ cookie: `lang=${lang}` })
      expect(res.body).toContain(`<html lang="${lang}"`)
      expect(heading(res.body)).not.toBe(welcome.en)
      expect(heading(res.body)).toContain('Lotus Play')
    }
  })

  it("paints in the member's picked theme from the first byte (the theme cookie), one render for both", async () => {
    renders.length = 0
    server.services.hotReads.invalidate()
    const dark = (await page({ cookie: 'theme=dark; lang=en' }, '/help')).body
    expect(dark).toMatch(/^<!doctype html><html data-theme="dark" lang="en"/)
    const light = (await page({ cookie: 'theme=light; lang=en' }, '/help')).body
    expect(light).toContain('<html data-theme="light" lang="en"')
    // No pick, or one that is not a theme: the system's, no attribute.
    for (const cookie of ['lang=en', 'theme=%22x%22; lang=en']) {
      expect((await page({ cookie }, '/help')).body).toMatch(/<html lang="en"/)
    }
    // The same markup in each: the theme is only the page's attribute.
    expect(rootOf(dark)).toBe(rootOf(light))
  })

  it('ignores a cookie naming a language the brand does not offer', async () => {
    const res = await page({ cookie: 'lang=fr', 'accept-language': 'th' })
    expect(res.body).toContain('<html lang="km"')
  })

  it('draws what a visitor sees: the log-in and register buttons, no balance, the tab bar with Home current', async () => {
    const root = rootOf((await page({ cookie: 'lang=en' })).body)
    const header = /<header class="app-header">([\s\S]*?)<\/header>/.exec(root)?.[1] ?? ''
    expect(header).toContain('>Log in</button>')
    expect(header).toContain('>Register</button>')
    expect(header).not.toContain('balance')
    const tabs = /<nav class="tab-bar"[^>]*>([\s\S]*?)<\/nav>/.exec(root)?.[1] ?? ''
    expect([...tabs.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/index',
      '/rng',
      '/lottery',
      '/promotions',
    ])
    expect(tabs).toMatch(/aria-current="page"[^>]*href="\/index"|href="\/index"[^>]*aria-current="page"/)
  })

  it('carries boot data that parses against the contract: settings, white-label tree, announcements, status', async () => {
    const boot = bootOf((await page({ cookie: 'lang=en' })).body)
    expect(boot.settings.brandName).toBe('Lotus Play')
    expect(boot.whitelabel.childrenNodes.length).toBeGreaterThan(0)
    expect(boot.announcements?.banners.length).toBeGreaterThan(0)
    const api = await server.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PR,H&platform=W&execution=B',
      headers: { language: 'EN' },
    })
    expect(api.json().value).toEqual(boot.announcements)
    expect(boot.announcements?.popup).toEqual([])
    // The page is the same for every caller: the status it was drawn with names no address.
    expect(boot.status?.maintenance).toBe(false)
    expect(boot.status?.clientIp).toBe('')
    // The promotions draw from the announcements too; a lobby does not carry them.
    expect(bootOf((await page({ cookie: 'lang=en' }, '/promotions')).body).announcements).toEqual(
      boot.announcements,
    )
    expect(bootOf((await page({ cookie: 'lang=en' }, '/rng')).body).announcements).toBeUndefined()
  })

  it('draws the promotions from the boot data, not a skeleton', async () => {
    const html = (await page({ cookie: 'lang=en' }, '/promotions')).body
    const boot = bootOf(html)
    const root = rootOf(html)
    expect(boot.announcements?.promotion.length).toBeGreaterThan(0)
    for (const promo of boot.announcements?.promotion ?? []) expect(root).toContain(reactText(promo.title))
    expect(root).not.toContain('aria-busy="true"')
  })

  it('draws the lottery from the reads its components make, carried in the boot data', async () => {
    const html = (await page({ cookie: 'lang=en' }, '/lottery')).body
    const boot = bootOf(html)
    const reads = boot.queries ?? []
    const menus = reads.find((q) => q.read === 'lottery.gameMenus')
    expect(menus?.key).toEqual(['lottery', 'gameMenus', 'ALL'])
    // The same answer the API gives, and the page's game buttons drawn from it.
    const api = await server.app.inject({
      method: 'GET',
      url: '/lgw/games/game_menus',
      headers: { language: 'EN' },
    })
    expect(api.statusCode).toBe(200)
    expect(menus?.data).toEqual(api.json().value)
    const root = rootOf(html)
    const names = (menus?.data as { menus: { games: { name: string; prizeMode: string }[] }[] }).menus
      .flatMap((m) => m.games)
      .filter((g) => g.prizeMode === 'LOTT')
      .map((g) => g.name)
    expect(names.length).toBeGreaterThan(0)
    for (const name of names) expect(root).toContain(reactText(name))
    // The selected draw's settings and results too; never the countdown, which is the caller's clock.
    expect(reads.map((q) => q.read)).toEqual(
      expect.arrayContaining(['lottery.gameSetting', 'lottery.openedNumero']),
    )
    expect(reads.some((q) => q.read === 'lottery.near')).toBe(false)
    // A page that makes no such read carries none.
    expect(bootOf((await page({ cookie: 'lang=en' }, '/down')).body).queries).toBeUndefined()
  })

  it('carries its stylesheet inside the page, so the first paint waits for no second request', async () => {
    const html = (await page({ cookie: 'lang=en' })).body
    expect(html).not.toContain('<link rel="stylesheet"')
    expect(html).toContain(`<style>${staticFiles['assets/app-abc123.css']}</style>`)
    const plain = await server.app.inject({ method: 'GET', url: '/index.html' })
    expect(plain.body).toContain('<link rel="stylesheet" crossorigin href="/assets/app-abc123.css">')
    expect(plain.body).not.toContain('data-ssr')
  })

  it('puts no inline script in the page but the boot data (the CSP allows none)', async () => {
    for (const url of ['/index', '/rng', '/lottery', '/promotions', '/help']) {
      const html = (await page({ cookie: 'lang=en' }, url)).body
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => m[1])
      expect(inline, url).toEqual([' type="application/json" id="boot-data"'])
    }
  })

  it('answers 304 to its own ETag, and a new ETag per language and per page', async () => {
    const first = await page({ cookie: 'lang=en' })
    const etag = String(first.headers.etag)
    expect(first.headers['cache-control']).toBe('no-cache')
    const again = await server.app.inject({
      method: 'GET',
      url: '/index',
      headers: { ...navigation, cookie: 'lang=en', 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect((await page({ cookie: 'lang=km' })).headers.etag).not.toBe(etag)
    expect((await page({ cookie: 'lang=en', 'if-none-match': etag }, '/pointMall')).headers.etag).not.toBe(
      etag,
    )
  })

  it('renders a page once, then sends it from the cache until an operator change drops it', async () => {
    const cached = await build({ renderer, config: { SETTINGS_TTL_SECONDS: 60 } })
    try {
      renders.length = 0
      const get = () =>
        cached.app.inject({ method: 'GET', url: '/help', headers: { ...navigation, cookie: 'lang=en' } })
      expect((await get()).statusCode).toBe(200)
      expect((await get()).statusCode).toBe(200)
      expect(renders).toEqual(['/help'])
      await cached.db.execute(
        sql`update announcements set title = 'Fresh banner' where type = 'B' and language = 'en'`,
      )
      cached.services.hotReads.invalidate()
      const home = await cached.app.inject({
        method: 'GET',
        url: '/index',
        headers: { ...navigation, cookie: 'lang=en' },
      })
      expect(rootOf(home.body)).toContain('Fresh banner')
    } finally {
      await cached.close()
    }
  })

  it('is compressed as negotiated', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/index',
      headers: { ...navigation, cookie: 'lang=en', 'accept-encoding': 'gzip, br' },
    })
    expect(res.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('Welcome to Lotus Play')
  })

  it('keeps operator text with </script> or <!-- escaped, in the page and in the boot data', async () => {
    const evil = 'Bonus</script><script>alert(1)</script><!-- end'
    await server.db.execute(
      sql`update announcements set title = ${evil} where type = 'B' and language = 'zh'`,
    )
    server.services.hotReads.invalidate()
    const res = await page({ cookie: 'lang=zh' })
    expect(res.body).not.toContain('<script>alert(1)')
    expect(res.body).not.toContain('<!-- end')
    expect(bootOf(res.body).announcements?.banners.some((b) => b.title === evil)).toBe(true)
    expect(res.body.match(/<\/script>/g)?.length).toBe((res.body.match(/<script/g) ?? []).length)
  })

  it("sanitizes the operator's HTML on the server as the app does: no script, no handler, no javascript: link", async () => {
    const evil =
      '<p>Deposit bonus</p><img src=x onerror="alert(1)"><script>alert(2)</script>' +
      '<a href="javascript:alert(3)">go</a><a href="https://example.com" target="_blank">site</a>' +
      '<svg><animate onbegin="alert(4)"/></svg><iframe src="https://evil.example"></iframe>'
    const [promo] = await server.db
      .select({ id: announcements.id })
      .from(announcements)
      .where(sql`type = 'PR' and language = 'en'`)
      .limit(1)
    expect(promo).toBeDefined()
    await server.db.execute(sql`update announcements set content = ${evil} where id = ${promo?.id ?? 0}`)
    server.services.hotReads.invalidate()
    const root = rootOf((await page({ cookie: 'lang=en' }, `/promoDetail?id=${promo?.id}`)).body)
    expect(root).toContain('<p>Deposit bonus</p>')
    expect(root).not.toMatch(/onerror|onbegin|<script|javascript:|<iframe/i)
    expect(root).toContain('rel="noopener noreferrer"')
  })

  it("puts the brand's colour on <html>, with text that reads on it, from the first paint", async () => {
    const seeded = /<html[^>]*\sstyle="([^"]*)"/.exec((await page({ cookie: 'lang=en' })).body)?.[1]
    expect(seeded).toBe('--brand:#0e7c66;--brand-fg:#ffffff;--brand-text:#0e7c66')
    const code = server.config.MERCHANT_CODE
    const [row] = await server.db
      .select({ themeColor: merchants.themeColor })
      .from(merchants)
      .where(eq(merchants.code, code))
    await server.db.execute(sql`update merchants set theme_color = '#ffd400' where code = ${code}`)
    try {
      server.services.hotReads.invalidate()
      const html = (await page({ cookie: 'lang=en' })).body
      expect(/<html[^>]*\sstyle="([^"]*)"/.exec(html)?.[1]).toBe(
        '--brand:#ffd400;--brand-fg:#000000;--brand-text:#8c7500',
      )
    } finally {
      await server.db.execute(
        sql`update merchants set theme_color = ${row?.themeColor ?? '#0e7c66'} where code = ${code}`,
      )
      server.services.hotReads.invalidate()
    }
  })

  it.each(serverPathPrefixes.map((prefix) => `${prefix}/nothing-here`))(
    'never answers a navigation to the server path %s with a page',
    async (url) => {
      const res = await server.app.inject({ method: 'GET', url, headers: navigation })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('boot-data')
      expect(FailureSchema.parse(res.json()).errorCode).toBe('not_found')
    },
  )
})

describe('every public page, drawn by the app on the server', () => {
  it.each(publicPages)('%s renders whole with its header or title in Khmer and in English', async (url) => {
    for (const lang of ['km', 'en']) {
      const html = (await page({ cookie: `lang=${lang}` }, url)).body
      const root = rootOf(html)
      expect(root.length, `${url} ${lang}`).toBeGreaterThan(500)
      expect(root, `${url} ${lang}`).toMatch(/<main[^>]*>/)
      expect(html).toContain(`<html lang="${lang}"`)
    }
  })

  it('answers an address no route has with the app’s not-found page, as a 404', async () => {
    const res = await page({ cookie: 'lang=en' }, '/no-such-page', 404)
    expect(rootOf(res.body)).toContain('Page not found')
  })

  it('draws a search parameter that fails validation as the app does, never a 500', async () => {
    const promo = await page({ cookie: 'lang=en' }, '/promoDetail?id=99999999')
    expect(rootOf(promo.body)).toContain('This promotion is no longer available.')
    // An unknown popup is left out.
    expect(rootOf((await page({ cookie: 'lang=en' }, '/index?modal=%00%01')).body)).toContain(
      'banner-carousel',
    )
    // One the app would write otherwise (a malformed id or tab, a bad popup, the bare root)
    // is sent to the address the app would show, which renders.
    for (const [url, to] of [
      ['/promoDetail?id=abc', '/promoDetail'],
      ['/rng?page=%3Cb%3E', '/rng'],
      ['/', '/index'],
    ] as const) {
      const res = await server.app.inject({
        method: 'GET',
        url,
        headers: { ...navigation, cookie: 'lang=en' },
      })
      expect(res.statusCode, url).toBe(302)
      expect(res.headers.location, url).toBe(to)
      expect(rootOf((await page({ cookie: 'lang=en' }, to)).body), url).toMatch(/<main[^>]*>/)
    }
  })

  it('draws the maintenance page for everyone while the brand is in maintenance', async () => {
    const setMaintenance = (on: boolean) =>
      server.db
        .update(accessSettings)
        .set({ maintenance: on })
        .where(eq(accessSettings.merchantCode, server.config.MERCHANT_CODE))
    await setMaintenance(true)
    try {
      server.services.access.invalidate()
      server.services.hotReads.invalidate()
      const root = rootOf((await page({ cookie: 'lang=en' })).body)
      expect(root).toMatch(/maintenance/i)
      expect(root).not.toContain('banner-carousel')
    } finally {
      await setMaintenance(false)
      server.services.access.invalidate()
      server.services.hotReads.invalidate()
    }
  })

  it('answers with the plain shell when the render fails, and logs it', async () => {
    failRenders = true
    try {
      server.services.hotReads.invalidate()
      log.length = 0
      const res = await page({ cookie: 'lang=en' }, '/help')
      expect(res.body).toBe(staticFiles['index.html'])
      expect(log.join('\n')).toContain('the page is sent unrendered')
      expect(log.join('\n')).not.toContain('at renderPage')
    } finally {
      failRenders = false
      server.services.hotReads.invalidate()
    }
  })
})

describe('the home page and the lobbies', () => {
  it("shows the brand's banners with their art and links, and the brand's hot games", async () => {
    const html = (await page({ cookie: 'lang=en' })).body
    const root = rootOf(html)
    const carousel = /<section class="banner-carousel"[\s\S]*?<\/section>/.exec(root)?.[0] ?? ''
    const art = [
      ...carousel.matchAll(
        /<img[^>]*class="banner-art"[^>]*src="([^"]+)"|<img[^>]*src="([^"]+)"[^>]*class="banner-art"/g,
      ),
    ].map((m) => (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&'))
    expect(art.length).toBeGreaterThan(1)
    for (const src of art) {
      const res = await server.app.inject({ method: 'GET', url: src })
      expect(res.statusCode, src).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
    }
    expect(carousel).toContain('href="/promotions"')
    const res = await server.app.inject({
      method: 'GET',
      url: `${gameEndpoints.hotGames.path}?limit=${homeHotLimit}`,
      headers: { language: 'en' },
    })
    const hot = successEnvelope(gameEndpoints.hotGames.response).parse(res.json()).value
    expect(hot.list.length).toBeGreaterThan(6)
    expect(bootOf(html).hotGames).toEqual(hot)
    // The row's first games, in the API's order.
    const names = [...root.matchAll(/<ul class="game-row" aria-label="Hot games">[\s\S]*?<\/ul>/g)]
      .flatMap((m) => [...m[0].matchAll(/<span class="game-tile-name">([^<]*)<\/span>/g)])
      .map((m) => m[1])
    expect(names.length).toBeGreaterThanOrEqual(6)
    expect(names).toEqual(hot.list.slice(0, names.length).map((g) => reactText(g.gameName)))
  })

  it('names the image host its art came from in the boot data, one of the brand’s', async () => {
    const hosts = ['https://img-a.example', 'https://img-b.example']
    await server.db
      .insert(cdnHosts)
      .values(hosts.map((url) => ({ merchantCode: 'DEMO', kind: 'image' as const, url })))
    try {
      for (const url of ['/index', '/rng']) {
        for (let i = 0; i < 3; i++) {
          server.services.hotReads.invalidate()
          const html = (await page({ cookie: 'lang=en' }, url)).body
          const host = bootOf(html).imageHost ?? ''
          const status = await server.app.inject({ method: 'GET', url: '/wps/system/status' })
          expect(
            successEnvelope(systemEndpoints.status.response).parse(status.json()).value.info.imageCDNs,
            url,
          ).toContain(host)
          const art = [
            ...rootOf(html).matchAll(/<li class="game-tile[^"]*"[\s\S]*?<img[^>]*src="([^"]+)"/g),
          ].map((m) => m[1])
          expect(art.length, url).toBeGreaterThan(0)
          for (const src of art) expect(src, url).toMatch(new RegExp(`^${host.replace(/[.]/g, '\\.')}/`))
        }
      }
    } finally {
      await server.db.delete(cdnHosts).where(inArray(cdnHosts.url, hosts))
      server.services.hotReads.invalidate()
    }
  })

  it('carries the vendor lanes on every page, as the API answers them', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: gameEndpoints.gameVendor.path,
      headers: { language: 'en' },
    })
    const lanes = successEnvelope(gameEndpoints.gameVendor.response).parse(res.json()).value
    expect(lanes.data.lanes.length).toBeGreaterThan(1)
    for (const url of ['/index', '/lottery', '/help', '/rng?page=SPN']) {
      expect(bootOf((await page({ cookie: 'lang=en' }, url)).body).vendors, url).toEqual(lanes)
    }
  })

  it('draws a games lobby with its vendor tabs and the open tab’s games, from its boot data', async () => {
    const html = (await page({ cookie: 'lang=en' }, '/rng?page=SPN')).body
    const boot = bootOf(html)
    const root = rootOf(html)
    expect(boot.lobby?.filter).toEqual({ gameType: 'RNG', vassalage: 'SPN' })
    const games = boot.lobby?.games.list ?? []
    expect(games).toHaveLength(60)
    expect(heading(html)).toBe('Slots')
    const tab = /<a[^>]*href="\/rng\?page=SPN"[^>]*>/.exec(root)?.[0] ?? ''
    expect(tab).toContain('aria-current="page"')
    for (const g of games) expect(root).toContain(reactText(g.gameName))
  })

  it('opens an unknown or missing tab on the first vendor', async () => {
    for (const url of ['/rng', '/rng?page=NOPE']) {
      const boot = bootOf((await page({ cookie: 'lang=en' }, url)).body)
      expect(boot.lobby?.filter, url).toEqual({ gameType: 'RNG', vassalage: 'DSL' })
    }
    expect(bootOf((await page({ cookie: 'lang=en' }, '/live')).body).lobby?.filter.gameType).toBe('LIVE')
    // A member's Favourites tab is theirs alone: no games of anyone in the page.
    expect(bootOf((await page({ cookie: 'lang=en' }, '/rng?page=favorites')).body).lobby).toBeUndefined()
  })

  it('serves the generated banner art as a WebP picture of a few kB, and as drawn', async () => {
    const bytes = await expectSharedWebp(server.app, '/media/banners/welcome.webp?v=1', [1080, 300], 4)
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
    const green = (x: number, y: number) => data[(y * info.width + x) * info.channels + 1] ?? 0
    expect(green(10, 10)).toBeLessThan(160)
    expect(green(790, 200)).toBeGreaterThan(180)
    const svg = await server.app.inject({ method: 'GET', url: '/media/banners/welcome.svg?v=1' })
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/)
    const unversioned = await server.app.inject({ method: 'GET', url: '/media/banners/lottery.webp' })
    expect(unversioned.headers['cache-control']).toBe('public, max-age=3600')
    await expectRevalidated(server.app, '/media/banners/lottery.webp')
  })

  it('answers unknown or malformed banner art with 404', async () => {
    await expectNoArt(server.app, [
      '/media/banners/nothing.svg',
      '/media/banners/nothing.webp',
      '/media/banners/welcome.png',
      '/media/banners/welcome.webp.svg',
      '/media/banners/.webp',
      '/media/banners/WELCOME.webp',
    ])
  })
})

describe('shell helpers', () => {
  it('writes JSON a script element cannot be closed by', () => {
    const text = scriptJson({ a: '</script><!--\u2028&' })
    expect(text).not.toMatch(/[<>&\u2028]/)
    expect(JSON.parse(text)).toEqual({ a: '</script><!--\u2028&' })
  })

  it('writes text with $ patterns as it is: the title, the app markup and the boot data keep them', () => {
    const odd = "A$'B$`C$$D$&E"
    const template =
      '<!doctype html><html lang="en"><head><title>Portal</title>' +
      '<meta name="theme-color" content="#000000" /><meta name="apple-mobile-web-app-capable" content="yes" />' +
      '</head><body><div id="root"></div></body></html>'
    const boot = {
      locale: 'en',
      settings: { brandName: odd, shortName: odd, themeColor: '#0f7b6c' },
      whitelabel: { childrenNodes: [] },
    } as unknown as BootData
    const html = renderShell(template, boot, `<p>${odd}</p>`)
    expect(html.match(/<html/g)).toHaveLength(1)
    expect(html.match(/id="root"/g)).toHaveLength(1)
    const escaped = odd.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
    )
    expect(html).toContain(`<title>${escaped}</title>`)
    expect(html).toContain(`<div id="root" data-ssr=""><p>${odd}</p></div>`)
    const parsed = JSON.parse(/id="boot-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '') as typeof boot
    expect(parsed.settings.brandName).toBe(odd)
    expect(html.endsWith('</body></html>')).toBe(true)
  })
})
