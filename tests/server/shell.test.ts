/**
 * The page a navigation gets: the app's own markup rendered by React on the server
 * (src/entry-server.tsx, through tests/ssr.ts) inside the brand's shell, with the boot data it
 * was drawn from, per brand, language and address, cached and compressed. The browser
 * hydrating it is checked end to end (e2e/hydration.spec.ts); every public page and the
 * lobbies are in shell-pages.test.ts.
 */
import { brotliDecompressSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { FailureSchema } from '#contract/envelope'
import { serverPathPrefixes } from '#contract/server-paths'
import { merchants, promotions } from '#server/db/schema'
import { renderShell, scriptJson } from '#server/http/shell'
import type { BootData } from '#src/lib/boot-data.ts'
import { build, staticFiles } from '../build-server'
import {
  bootOf,
  heading,
  navigation,
  page,
  reactText,
  renderer,
  renders,
  rootOf,
  server,
  useShellServer,
} from './shell-setup'

useShellServer()

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
    // The promotions pages draw the engine's promotions, not the announcements; a lobby neither.
    expect(bootOf((await page({ cookie: 'lang=en' }, '/promotions')).body).announcements).toBeUndefined()
    expect(bootOf((await page({ cookie: 'lang=en' }, '/rng')).body).announcements).toBeUndefined()
  })

  it('draws the promotions from the reads carried in the boot data, not a skeleton', async () => {
    const html = (await page({ cookie: 'lang=en' }, '/promotions')).body
    const reads = bootOf(html).queries ?? []
    const list = reads.find((q) => q.read === 'promotions.merchantAvailable')
    expect(reads.map((q) => q.read)).toContain('promotions.categories')
    // The same answer a visitor's call gets, and every promotion's title drawn from it.
    const api = await server.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
      headers: { language: 'EN' },
    })
    expect(list?.data).toEqual(api.json().value)
    const titles = (list?.data as { list: { title: string }[] }).list.map((p) => p.title)
    expect(titles.length).toBeGreaterThan(0)
    const root = rootOf(html)
    for (const title of titles) expect(root).toContain(reactText(title))
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
      .select({ id: promotions.id, contents: promotions.contents })
      .from(promotions)
      .where(eq(promotions.template, 'newbie'))
    expect(promo).toBeDefined()
    const contents = { ...(promo?.contents as Record<string, string>), en: evil }
    await server.db
      .update(promotions)
      .set({ contents })
      .where(eq(promotions.id, promo?.id ?? 0))
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
