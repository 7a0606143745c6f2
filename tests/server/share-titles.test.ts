/**
 * Issue 31: a shared link previews with the page's own title and the brand's name, in the
 * language the page is sent in (the visitor's chosen one, else the brand's default): the
 * lottery, the promotions, a promotion's own title, registration. The home page keeps the
 * brand's name alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { promotionEndpoints } from '#contract/promotions'
import { build, type TestServer } from '../build-server'

let server: TestServer
beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server.close()
})

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]

async function preview(url: string, lang?: string) {
  const res = await server.app.inject({
    method: 'GET',
    url,
    headers: { accept: '*/*', ...(lang ? { cookie: `lang=${lang}` } : {}) },
  })
  expect(res.statusCode).toBe(200)
  return { og: meta(res.body, 'og:title'), twitter: meta(res.body, 'twitter:title') }
}

describe('the title a shared page previews with', () => {
  it.each([
    ['/lottery', 'en', 'Lottery · Lotus Play'],
    ['/promotions', 'en', 'Promotions · Lotus Play'],
    ['/register?referralCode=LOTUS01', 'en', 'Register · Lotus Play'],
    ['/live', 'zh', '真人娱乐 · Lotus Play'],
    ['/promotions/', 'vi', 'Khuyến mãi · Lotus Play'],
    // No language chosen: the brand's default (Khmer in the demo).
    ['/lottery', undefined, 'ឆ្នោត · Lotus Play'],
    ['/', 'en', 'Lotus Play'],
    ['/index', 'th', 'Lotus Play'],
  ])('%s in %s: %s', async (url, lang, title) => {
    const shown = await preview(url, lang)
    expect(shown.og).toBe(title)
    expect(shown.twitter).toBe(title)
  })

  it("a promotion's page previews with the promotion's own title, in the visitor's language", async () => {
    const list = await server.app.inject({
      method: 'GET',
      url: promotionEndpoints.merchantAvailable.path,
      headers: { language: 'EN' },
    })
    const first = (list.json() as { value: { list: { id: number; title: string }[] } }).value.list[0]
    expect(first).toBeDefined()
    if (!first) return
    const shown = await preview(`/promoDetail?id=${first.id}`, 'en')
    expect(shown.og).toBe(`${first.title} · Lotus Play`.replace(/&/g, '&amp;'))
    // An unknown promotion: the promotions' own name.
    expect((await preview('/promoDetail?id=999999', 'en')).og).toBe('Promotions · Lotus Play')
  })
})
