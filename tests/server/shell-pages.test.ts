/**
 * Every public page drawn by the app on the server, in Khmer and in English, the not-found,
 * maintenance and failed-render answers, and the home page and lobbies with their art and
 * boot data (the shell itself is in shell.test.ts).
 */
import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { homeHotLimit, publicPages } from '#contract/first-screen'
import { gameEndpoints } from '#contract/games'
import { systemEndpoints } from '#contract/system'
import { accessSettings, cdnHosts } from '#server/db/schema'
import { expectNoArt, expectRevalidated, expectSharedWebp } from '../art-helpers'
import { staticFiles } from '../build-server'
import {
  bootOf,
  heading,
  log,
  navigation,
  page,
  reactText,
  rootOf,
  server,
  useShellServer,
} from './shell-setup'

/** Set to make the next renders throw. */
let failRenders = false
useShellServer(() => failRenders)

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
