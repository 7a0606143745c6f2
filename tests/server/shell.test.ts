import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { eq, inArray, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { FailureSchema, successEnvelope } from '#contract/envelope'
import { homeHotLimit } from '#contract/first-screen'
import { gameEndpoints } from '#contract/games'
import { systemEndpoints } from '#contract/system'
import { serverPathPrefixes } from '#contract/server-paths'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstScreen, type BootData } from '../../server/http/first-screen'
import { parsePo, renderShell, scriptJson, startAfterFirstScreen } from '../../server/http/shell'
import { cdnHosts, merchants } from '../../server/db/schema'
import { bootDataSchema } from '../../src/lib/boot-data'
import { expectNoArt, expectRevalidated, expectSharedWebp } from '../art-helpers'
import { build, staticFiles, type TestServer } from '../build-server'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

const navigation = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' }

async function shell(headers: Record<string, string> = {}, url = '/index') {
  const res = await server.app.inject({ method: 'GET', url, headers: { ...navigation, ...headers } })
  expect(res.statusCode, res.body).toBe(200)
  return res
}

function bootOf(html: string) {
  const m = /<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/.exec(html)
  expect(m, 'the shell carries #boot-data').not.toBeNull()
  return bootDataSchema().parse(JSON.parse(m?.[1] ?? ''))
}

/** The text of the first <h1> (the welcome heading). */
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]

describe('the shell rendered per brand and language', () => {
  it("names the brand and welcomes in the brand's default language without a chosen one", async () => {
    const res = await shell()
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('<html lang="km"')
    expect(res.body).toContain('<title>Lotus Play</title>')
    // The home-screen name on iOS is the brand's short name.
    expect(res.body).toMatch(/<meta name="apple-mobile-web-app-title" content="[^"<]+" \/>/)
    expect(heading(res.body)).toBe('សូមស្វាគមន៍មកកាន់ Lotus Play')
    expect(res.body).toContain('data-shell="test-shell"')
  })

  it("keeps the brand's default whatever the browser's own language (the player chooses)", async () => {
    const res = await shell({ 'accept-language': 'en-GB, en;q=0.8, zh;q=0.5' })
    expect(res.body).toContain('<html lang="km"')
    expect(bootOf(res.body).locale).toBe('km')
  })

  it("follows the player's choice in the lang cookie", async () => {
    const res = await shell({ 'accept-language': 'en', cookie: 'theme=dark; lang=zh' })
    expect(res.body).toContain('<html lang="zh"')
    expect(heading(res.body)).toBe('欢迎来到 Lotus Play')
  })

  it('ignores a cookie naming a language the brand does not offer', async () => {
    const res = await shell({ cookie: 'lang=fr', 'accept-language': 'th' })
    expect(res.body).toContain('<html lang="km"')
  })

  it('carries boot data that parses against the contract: settings, white-label tree, announcements', async () => {
    const boot = bootOf((await shell({ cookie: 'lang=en' })).body)
    expect(boot.settings.brandName).toBe('Lotus Play')
    expect(boot.whitelabel.childrenNodes.length).toBeGreaterThan(0)
    expect(boot.announcements?.banners.length).toBeGreaterThan(0)
    // The same announcements the API gives in that language, as the app asks for them: all
    // but the popup notices, which the page asks for once it has settled.
    const api = await server.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PR,H&platform=W&execution=B',
      headers: { language: 'EN' },
    })
    expect(api.json().value).toEqual(boot.announcements)
    expect(boot.announcements?.popup).toEqual([])
    // A page that shows no announcements does not carry them.
    expect(bootOf((await shell({ cookie: 'lang=en' }, '/rng')).body).announcements).toBeUndefined()
  })

  it('carries its stylesheet inside the page, so the first paint waits for no second request', async () => {
    const html = (await shell({ cookie: 'lang=en' })).body
    expect(html).not.toContain('<link rel="stylesheet"')
    expect(html).toContain(`<style>${staticFiles['assets/app-abc123.css']}</style>`)
    // The plain file the service worker keeps for offline starts still links it.
    const plain = await server.app.inject({ method: 'GET', url: '/index.html' })
    expect(plain.body).toContain('<link rel="stylesheet" crossorigin href="/assets/app-abc123.css">')
  })

  it("starts with the small start script, which names the app's script, so the first screen shows first", async () => {
    const html = (await shell({ cookie: 'lang=en' })).body
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/start-abc123.js" data-app="/assets/app-abc123.js"></script>',
    )
    expect(html).not.toContain('<script type="module" src="/assets/app-abc123.js">')
    // The plain file the service worker keeps for offline starts runs the app at once.
    const plain = await server.app.inject({ method: 'GET', url: '/index.html' })
    expect(plain.body).toContain('<script type="module" src="/assets/app-abc123.js"></script>')
    expect(plain.body).not.toContain('start-abc123')
  })

  it("leaves the app's script as it is without a start script in the build", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-start-'))
    const page = '<body><script type="module" crossorigin src="/assets/boot-1.js"></script></body>'
    try {
      expect(startAfterFirstScreen(page, dir)).toBe(page)
      mkdirSync(path.join(dir, '.vite'))
      writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"src/start.ts":{"file":"../../etc/passwd"}}')
      expect(startAfterFirstScreen(page, dir)).toBe(page)
      writeFileSync(path.join(dir, '.vite', 'manifest.json'), 'not json')
      expect(startAfterFirstScreen(page, dir)).toBe(page)
      writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"src/start.ts":{"file":"assets/start-9.js"}}')
      expect(startAfterFirstScreen(page, dir)).toBe(
        '<body><script type="module" crossorigin src="/assets/start-9.js" data-app="/assets/boot-1.js"></script></body>',
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('answers 304 to its own ETag, and a new ETag per language and per first screen', async () => {
    const first = await shell({ cookie: 'lang=en' })
    const etag = String(first.headers.etag)
    expect(first.headers['cache-control']).toBe('no-cache')
    const again = await server.app.inject({
      method: 'GET',
      url: '/login',
      headers: { ...navigation, cookie: 'lang=en', 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    const km = await shell({ cookie: 'lang=km' })
    expect(km.headers.etag).not.toBe(etag)
    const page = await shell({ cookie: 'lang=en', 'if-none-match': etag }, '/pointMall')
    expect(page.headers.etag).not.toBe(etag)
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

  it('keeps operator text with </script> or <!-- inside the boot data, escaped', async () => {
    const evil = 'Bonus</script><script>alert(1)</script><!-- end'
    await server.db.execute(
      sql`update announcements set title = ${evil} where type = 'B' and language = 'zh'`,
    )
    server.services.hotReads.invalidate()
    const res = await shell({ cookie: 'lang=zh' })
    expect(res.body).not.toContain('<script>alert(1)')
    expect(res.body).not.toContain('<!-- end')
    const boot = bootOf(res.body)
    expect(boot.announcements?.banners.some((b) => b.title === evil)).toBe(true)
    // Exactly one script block opens and closes around the boot data.
    expect(res.body.match(/<\/script>/g)?.length).toBe((res.body.match(/<script/g) ?? []).length)
  })

  it('shows an operator change after the hot reads are invalidated', async () => {
    await server.db.execute(
      sql`update announcements set title = 'Fresh banner' where type = 'B' and language = 'en'`,
    )
    server.services.hotReads.invalidate()
    const res = await shell({ cookie: 'lang=en' })
    expect(res.body).toContain('<strong class="banner-title">Fresh banner</strong>')
  })

  it("puts the brand's colour on <html>, with text that reads on it, from the first paint", async () => {
    const seeded = /<html[^>]*\sstyle="([^"]*)"/.exec((await shell({ cookie: 'lang=en' })).body)?.[1]
    expect(seeded).toBe('--brand:#0e7c66;--brand-fg:#ffffff;--brand-text:#0e7c66')
    const code = server.config.MERCHANT_CODE
    const [row] = await server.db
      .select({ themeColor: merchants.themeColor })
      .from(merchants)
      .where(eq(merchants.code, code))
    await server.db.execute(sql`update merchants set theme_color = '#ffd400' where code = ${code}`)
    try {
      server.services.hotReads.invalidate()
      const html = (await shell({ cookie: 'lang=en' })).body
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
    'never answers a navigation to the server path %s with the shell',
    async (url) => {
      const res = await server.app.inject({ method: 'GET', url, headers: navigation })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('boot-data')
      expect(FailureSchema.parse(res.json()).errorCode).toBe('not_found')
    },
  )
})

describe('the first screen draws the home page the app renders', () => {
  it('has the one-row header of a visitor, no language or theme select, and the tab bar', async () => {
    const html = (await shell({ cookie: 'lang=en' })).body
    const header = /<header class="app-header">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? ''
    expect(header).toContain('Log in')
    expect(header).toContain('Register')
    expect(header).toContain('class="header-menu-button"')
    expect(header).not.toContain('<select')
    const tabs = /<nav class="tab-bar"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? ''
    expect([...tabs.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/index',
      '/rng',
      '/lottery',
      '/promotions',
    ])
    expect(tabs).toContain('aria-current="page"')
  })

  it("shows the brand's banners with their art and links, and the brand's hot games", async () => {
    const html = (await shell({ cookie: 'lang=en' })).body
    const carousel = /<section class="banner-carousel"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
    const art = [...carousel.matchAll(/<img class="banner-art" src="([^"]+)"/g)].map((m) => m[1])
    expect(art.length).toBeGreaterThan(1)
    for (const src of art) {
      const res = await server.app.inject({ method: 'GET', url: src ?? '' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
    }
    expect(carousel).toContain('href="/promotions"')
    expect(html).toContain('id="hot-games-title"')
    // The hot games as the API answers them, in the row and in the boot data; their art loads
    // as it nears the screen (the first banner is the page's lead picture).
    const res = await server.app.inject({
      method: 'GET',
      url: `${gameEndpoints.hotGames.path}?limit=${homeHotLimit}`,
      headers: { language: 'en' },
    })
    const hot = successEnvelope(gameEndpoints.hotGames.response).parse(res.json()).value
    expect(hot.list.length).toBeGreaterThan(6)
    expect(bootOf(html).hotGames).toEqual(hot)
    const row = /<ul class="game-row" aria-label="Hot games">[\s\S]*?<\/ul>/.exec(html)?.[0] ?? ''
    const names = [...row.matchAll(/<span class="game-tile-name">([^<]*)<\/span>/g)].map((m) => m[1])
    expect(names).toEqual(hot.list.map((g) => g.gameName.replace(/&/g, '&#38;').replace(/'/g, '&#39;')))
    expect(row.match(/loading="lazy"/g)?.length).toBe(hot.list.length)
    expect(row).not.toContain('elementtiming')
    expect(row.match(/fetchpriority="low"/g)?.length).toBe(hot.list.length)
    expect(html).not.toContain('game-tile-skeleton')
    // No winners yet: no ticker.
    expect(html).not.toContain('winners-ticker')
  })

  it('names the image host its art came from in the boot data, one of the brand’s', async () => {
    const hosts = ['https://img-a.example', 'https://img-b.example']
    await server.db
      .insert(cdnHosts)
      .values(hosts.map((url) => ({ merchantCode: 'DEMO', kind: 'image' as const, url })))
    try {
      for (const url of ['/index', '/rng']) {
        for (let i = 0; i < 4; i++) {
          server.services.hotReads.invalidate()
          const html = (await shell({ cookie: 'lang=en' }, url)).body
          const host = bootOf(html).imageHost ?? ''
          const status = await server.app.inject({ method: 'GET', url: '/wps/system/status' })
          expect(
            successEnvelope(systemEndpoints.status.response).parse(status.json()).value.info.imageCDNs,
            url,
          ).toContain(host)
          const art = [...html.matchAll(/<li class="game-tile">[\s\S]*?<img src="([^"]+)"/g)].map((m) => m[1])
          expect(art.length, url).toBeGreaterThan(0)
          for (const src of art) expect(src, url).toMatch(new RegExp(`^${host.replace(/[.]/g, '\\.')}/`))
        }
      }
    } finally {
      await server.db.delete(cdnHosts).where(inArray(cdnHosts.url, hosts))
      server.services.hotReads.invalidate()
    }
  })

  it('draws the home page only where the app draws it: a lobby or the lottery gets the header and a neutral skeleton', async () => {
    for (const url of ['/', '/index?x=1', '/login', '/register.html']) {
      expect((await shell({ cookie: 'lang=en' }, url)).body, url).toContain('banner-carousel')
    }
    for (const url of ['/lottery', '/help', '/game', '/sports']) {
      const html = (await shell({ cookie: 'lang=en' }, url)).body
      expect(html, url).toContain('<header class="app-header">')
      expect(html, url).toContain('class="page first-screen-page"')
      expect(html, url).not.toContain('banner-carousel')
      expect(html, url).not.toContain('hot-games-title')
      // The tab bar is there, with no tab marked as the current page.
      expect(html, url).toContain('<nav class="tab-bar"')
      expect(html, url).not.toContain('aria-current="page"')
      // The same boot data as home.
      expect(bootOf(html).settings.brandName, url).toBe(
        bootOf((await shell({ cookie: 'lang=en' })).body).settings.brandName,
      )
    }
  })

  it('carries the vendor lanes on every page, as the API answers them: the header nav and the home rows draw from them at once', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: gameEndpoints.gameVendor.path,
      headers: { language: 'en' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const lanes = successEnvelope(gameEndpoints.gameVendor.response).parse(res.json()).value
    expect(lanes.data.lanes.length).toBeGreaterThan(1)
    for (const url of ['/index', '/lottery', '/help', '/rng?page=SPN', '/rng?page=STR']) {
      expect(bootOf((await shell({ cookie: 'lang=en' }, url)).body).vendors, url).toEqual(lanes)
    }
  })

  it('draws a games lobby with its vendor tabs and the open tab’s games, and the same lanes and games in its boot data', async () => {
    const html = (await shell({ cookie: 'lang=en' }, '/rng?page=SPN')).body
    const boot = bootOf(html)
    expect(boot.lobby?.filter).toEqual({ gameType: 'RNG', vassalage: 'SPN' })
    const games = boot.lobby?.games.list ?? []
    expect(games.length).toBeGreaterThan(6)
    // The page title, the tab marked as the current one, the tab's name and every game of its first page.
    expect(heading(html)).toBe('Slots')
    expect(html).toContain('<a href="/rng?page=SPN" class="vendor-tab" aria-current="page">')
    expect(html).toContain('<h2 id="vendor-title" class="lobby-title">Spin Garden</h2>')
    const names = [...html.matchAll(/<span class="game-tile-name">([^<]*)<\/span>/g)].map((m) => m[1])
    // The rows a screen shows; the app draws the rest of the page, which the boot data holds.
    expect(games).toHaveLength(60)
    expect(names).toEqual(
      games.slice(0, 18).map((g) => g.gameName.replace(/&/g, '&#38;').replace(/'/g, '&#39;')),
    )
    // The first rows' art loads at once, the first tile's first of all; the rest as they near the screen.
    const imgs = [...html.matchAll(/<span class="game-tile-art"><img src="([^"]*)"[^>]*loading="(\w+)"/g)]
    expect(imgs[0]?.[1]).toBe(`/media/${games[0]?.iconUrl}`)
    expect(imgs.slice(0, 6).every((m) => m[2] === 'eager')).toBe(true)
    expect(imgs.slice(6).every((m) => m[2] === 'lazy')).toBe(true)
    // The Games tab is the current one.
    expect(html).toContain('<a href="/rng" class="tab" aria-current="page">')
    expect(html).not.toContain('first-screen-page')
  })

  it('opens an unknown or missing tab on the first vendor, and falls back to the neutral skeleton for one under maintenance', async () => {
    for (const url of ['/rng', '/rng?page=NOPE', '/rng?page=%3Cb%3E']) {
      const boot = bootOf((await shell({ cookie: 'lang=en' }, url)).body)
      expect(boot.lobby?.filter, url).toEqual({ gameType: 'RNG', vassalage: 'DSL' })
    }
    const live = bootOf((await shell({ cookie: 'lang=en' }, '/live')).body)
    expect(live.lobby?.filter.gameType).toBe('LIVE')
    // Star Reels is under maintenance in the demo: the app shows its notice, not games. A
    // member's Favourites tab is theirs alone.
    for (const url of ['/rng?page=STR', '/rng?page=favorites']) {
      const html = (await shell({ cookie: 'lang=en' }, url)).body
      expect(html, url).toContain('class="page first-screen-page"')
      expect(html, url).not.toContain('game-tile-play')
      expect(bootOf(html).lobby, url).toBeUndefined()
    }
  })

  it('draws the winners ticker with the payout in the brand currency, and escapes its text', () => {
    const boot = {
      locale: 'en',
      settings: {
        brandName: 'Lotus Play',
        shortName: 'Lotus',
        logoUrl: '/brand/logo.svg',
        currencySymbol: '$',
        currencyDecimals: 2,
      },
      whitelabel: { childrenNodes: [] },
      announcements: { banners: [], player: [], popup: [], promotion: [], home: [] },
      winners: {
        list: [
          {
            username: 'pl***er',
            gameId: 'DSL-1',
            gameName: '<b>Lucky</b>',
            gameType: 'RNG',
            vassalage: 'DSL',
            payout: '1250.5',
            multiplier: '12.5',
            time: 1,
          },
        ],
      },
    } as unknown as BootData
    const html = firstScreen(boot, new Map())
    expect(html).toContain('<section class="winners-ticker" aria-label="Big wins">')
    expect(html).toContain('<strong class="winner-payout">$1,250.50</strong>')
    expect(html).toContain('&#60;b&#62;Lucky&#60;/b&#62;')
    expect(html).not.toContain('<b>Lucky')
    // No banners: no carousel.
    expect(html).not.toContain('banner-carousel')
    // Without hot games to show, the row's skeleton holds its place until the app has them.
    expect(html.match(/game-tile-skeleton/g)?.length).toBe(6)
    expect(html).toContain('<ul class="game-row" aria-hidden="true">')
  })

  it('writes text with $ patterns as it is: the brand, the notices and the boot data keep them, the page stays whole', () => {
    const odd = "A$'B$`C$$D$&E"
    const template =
      '<!doctype html><html lang="en"><head><title>Portal</title>' +
      '<meta name="theme-color" content="#000000" /><meta name="apple-mobile-web-app-capable" content="yes" />' +
      '</head><body><div id="root"></div></body></html>'
    const boot = {
      locale: 'en',
      settings: {
        brandName: odd,
        shortName: odd,
        logoUrl: '/brand/logo.svg',
        themeColor: '#0f7b6c',
        currencySymbol: '$',
        currencyDecimals: 2,
      },
      whitelabel: { childrenNodes: [] },
      announcements: {
        banners: [],
        player: [{ id: 1, title: odd, content: odd, date: 1, imageUrl: null, linkUrl: null }],
        popup: [],
        promotion: [],
        home: [],
      },
    } as unknown as BootData
    const html = renderShell(template, boot, new Map())
    expect(html.match(/<html/g)).toHaveLength(1)
    expect(html.match(/id="root"/g)).toHaveLength(1)
    expect(html.match(/id="boot-data"/g)).toHaveLength(1)
    const escaped = odd.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    expect(html).toContain(`<title>${escaped}</title>`)
    expect(html).toContain(`<meta name="apple-mobile-web-app-title" content="${escaped}" />`)
    expect(html).toContain(`<span class="marquee-text">${escaped}</span>`)
    // The boot data as written (smaller than the contract's, so it is read as plain JSON).
    const parsed = JSON.parse(/id="boot-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '') as typeof boot
    expect(parsed.settings.brandName).toBe(odd)
    expect(parsed.announcements?.player[0]?.content).toBe(odd)
    expect(html.endsWith('</body></html>')).toBe(true)
  })

  it('serves the generated banner art as a WebP picture of a few kB, and as drawn', async () => {
    const bytes = await expectSharedWebp(server.app, '/media/banners/welcome.webp?v=1', [1080, 300], 4)
    // The drawing is in the picture: its left (the gradient's dark green) differs from the
    // coins on its right.
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
    const green = (x: number, y: number) => data[(y * info.width + x) * info.channels + 1] ?? 0
    expect(green(10, 10)).toBeLessThan(160)
    expect(green(790, 200)).toBeGreaterThan(180)
    // Older data names the drawing itself.
    const svg = await server.app.inject({ method: 'GET', url: '/media/banners/welcome.svg?v=1' })
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(svg.body).toMatch(/^<svg /)
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
  it('reads msgid → msgstr from a .po file, with continued lines and escapes', () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Language: km\\n"',
      '',
      '#: src/a.tsx:1',
      'msgid "Welcome to {0}"',
      'msgstr "សូមស្វាគមន៍មកកាន់ {0}"',
      '',
      'msgid ""',
      '"Say \\"hi\\""',
      'msgstr ""',
      '"ok"',
    ].join('\n')
    const m = parsePo(po)
    expect(m.get('Welcome to {0}')).toBe('សូមស្វាគមន៍មកកាន់ {0}')
    expect(m.get('Say "hi"')).toBe('ok')
  })

  it('writes JSON a script element cannot be closed by', () => {
    const text = scriptJson({ a: '</script><!--\u2028&' })
    expect(text).not.toMatch(/[<>&\u2028]/)
    expect(JSON.parse(text)).toEqual({ a: '</script><!--\u2028&' })
  })
})
