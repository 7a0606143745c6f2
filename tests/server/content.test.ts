import { and, count, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentEndpoints } from '#contract/content'
import { successEnvelope } from '#contract/envelope'
import { gameEndpoints, gameTypes } from '#contract/games'
import { announcements as announcementRows, seedRuns } from '#server/db/schema'
import { seedDemoBrand } from '#server/db/seed'
import { demoAnnouncements, firstPopupNotices, popupNotices } from '#server/db/seed-announcements'
import * as seed from '#server/db/seed-data'
import { build, runOps, type TestServer } from '../build-server'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

async function announcements(query: string, language = 'EN') {
  const res = await server.app.inject({
    method: 'GET',
    url: `${contentEndpoints.announcements.path}${query}`,
    headers: { language },
  })
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(contentEndpoints.announcements.response).parse(res.json()).value
}

describe('announcements', () => {
  it('lists every seeded type in its bucket, in the caller language', async () => {
    const value = await announcements('?types=B,PL,PU,PR,H&platform=W&execution=B', 'KM')
    const seeded = (type: string) => demoAnnouncements.filter((a) => a.type === type)
    expect(value.popup.map((n) => n.title)).toEqual(seeded('PU').map((a) => a.title.km))
    expect(value.player.map((n) => n.title)).toEqual(seeded('PL').map((a) => a.title.km))
    expect(value.banners.map((n) => n.title)).toEqual(seeded('B').map((a) => a.title.km))
    // The welcome banner opens the promotions page, where its promotion is first.
    expect(value.promotion.map((n) => n.title)).toEqual(seeded('PR').map((a) => a.title.km))
    expect(value.promotion[0]?.title).toBe('ប្រាក់រង្វាន់សូមស្វាគមន៍ 100%')
    // Each later promotion has its own drawing.
    expect(value.promotion.slice(1).map((n) => n.imageUrl)).toEqual([
      '/media/banners/lottery.webp?v=1',
      '/media/banners/slots.webp?v=1',
    ])
    expect(value.banners.find((n) => n.linkUrl === '/promotions')?.title).toBe(value.promotion[0]?.title)
    expect(value.popup.every((n) => n.date > 0)).toBe(true)
  })

  it('gives a demo brand seeded before the promotions existed each of them, once', async () => {
    const m = server.config.MERCHANT_CODE
    const promotions = () =>
      server.db
        .select({ n: count() })
        .from(announcementRows)
        .where(and(eq(announcementRows.merchantCode, m), eq(announcementRows.type, 'PR')))
    // Three promotions in five languages.
    expect((await promotions())[0]?.n).toBe(15)
    // As an install seeded by the release before: no promotion, no marker of its step.
    await server.db
      .delete(announcementRows)
      .where(and(eq(announcementRows.merchantCode, m), eq(announcementRows.type, 'PR')))
    await server.db.delete(seedRuns).where(like(seedRuns.name, `demo-promotion-1:${m}`))
    await seedDemoBrand(server.db, m, server.services.passwords.hash)
    expect((await promotions())[0]?.n).toBe(5)
    // And one seeded before the later promotions: they come once, after the welcome bonus.
    await server.db.delete(seedRuns).where(like(seedRuns.name, `demo-promotion-2:${m}`))
    await seedDemoBrand(server.db, m, server.services.passwords.hash)
    expect((await promotions())[0]?.n).toBe(15)
    await seedDemoBrand(server.db, m, server.services.passwords.hash)
    expect((await promotions())[0]?.n).toBe(15)
    server.services.hotReads.invalidate(m)
    const value = await announcements('?types=PR', 'EN')
    expect(value.promotion.map((n) => n.title)).toEqual([
      '100% welcome bonus',
      'A draw every minute',
      'Slots you can check',
    ])
  })

  it('gives a demo brand seeded when the popup notices were placeholders their texts, once, and leaves an edited notice as it is', async () => {
    const m = server.config.MERCHANT_CODE
    const languages = ['km', 'en', 'zh', 'th', 'vi'] as const
    const setPopup = (language: string, title: string, to: { title: string; content: string }) =>
      server.db
        .update(announcementRows)
        .set(to)
        .where(
          and(
            eq(announcementRows.merchantCode, m),
            eq(announcementRows.type, 'PU'),
            eq(announcementRows.language, language),
            eq(announcementRows.title, title),
          ),
        )
    // As an install seeded by the release before: the placeholders, no marker of the step.
    for (const [i, first] of firstPopupNotices.entries()) {
      for (const language of languages) {
        await setPopup(language, popupNotices[i]?.title[language] ?? '', {
          title: first.title[language],
          content: first.content[language],
        })
      }
    }
    // The operator rewrote the third notice in English, and only the fourth's title in Khmer.
    await setPopup('en', 'Announcement 3', { title: 'Holiday hours', content: '<p>Open as usual.</p>' })
    await setPopup('km', 'សេចក្តីប្រកាសលេខ 4', {
      title: 'ម៉ោងថ្ងៃបុណ្យ',
      content: firstPopupNotices[3]?.content.km ?? '',
    })
    await server.db.delete(seedRuns).where(like(seedRuns.name, `demo-notices-1:${m}`))
    await seedDemoBrand(server.db, m, server.services.passwords.hash)
    // The step runs once: a placeholder written back afterwards stays.
    await setPopup('en', 'Keep your account safe', {
      title: 'Announcement 6',
      content: firstPopupNotices[5]?.content.en ?? '',
    })
    await seedDemoBrand(server.db, m, server.services.passwords.hash)
    server.services.hotReads.invalidate(m)

    const en = (await announcements('?types=PU', 'EN')).popup
    expect(en.map((n) => n.title)).toEqual(
      popupNotices.map((n, i) => (i === 2 ? 'Holiday hours' : i === 5 ? 'Announcement 6' : n.title.en)),
    )
    expect(en[2]?.content).toBe('<p>Open as usual.</p>')
    expect(en[0]?.content).toBe(popupNotices[0]?.content.en)
    expect((await announcements('?types=PU', 'KM')).popup.map((n) => n.title)).toEqual(
      popupNotices.map((n, i) => (i === 3 ? 'ម៉ោងថ្ងៃបុណ្យ' : n.title.km)),
    )
    for (const language of ['ZH', 'TH', 'VI'] as const) {
      const popup = (await announcements('?types=PU', language)).popup
      const key = language.toLowerCase() as 'zh' | 'th' | 'vi'
      expect(popup.map((n) => [n.title, n.content])).toEqual(
        popupNotices.map((n) => [n.title[key], n.content[key]]),
      )
    }
    // The notices as seeded, for the tests after this one.
    const restore = (language: 'en' | 'km', title: string, i: number) =>
      setPopup(language, title, {
        title: popupNotices[i]?.title[language] ?? '',
        content: popupNotices[i]?.content[language] ?? '',
      })
    await restore('en', 'Holiday hours', 2)
    await restore('en', 'Announcement 6', 5)
    await restore('km', 'ម៉ោងថ្ងៃបុណ្យ', 3)
    server.services.hotReads.invalidate(m)
  })

  it('answers Thai in Thai, and falls back to English for a language the brand has not written', async () => {
    expect((await announcements('?types=PU', 'TH')).popup[0]?.title).toBe(demoAnnouncements[1]?.title.th)
    await server.db.execute(sql`delete from announcements where language = 'th'`)
    server.services.hotReads.invalidate(server.config.MERCHANT_CODE)
    expect((await announcements('?types=PU', 'TH')).popup[0]?.title).toBe(
      'Welcome bonus: 100% on your first deposit',
    )
  })

  it('answers only the types asked for', async () => {
    const value = await announcements('?types=PL')
    expect(value.player.length).toBe(1)
    expect(value.popup).toEqual([])
    expect(value.banners).toEqual([])
  })

  it('leaves out expired and not yet published announcements', async () => {
    await server.db.execute(
      sql`update announcements set expires_at = now() - interval '1 minute' where type = 'PU' and title = 'Welcome bonus: 100% on your first deposit'`,
    )
    await server.db.execute(
      sql`update announcements set published_at = now() + interval '1 day' where type = 'PU' and title = 'Customer service, 24/7'`,
    )
    const value = await announcements('?types=PU')
    const titles = value.popup.map((n) => n.title)
    expect(titles).not.toContain('Welcome bonus: 100% on your first deposit')
    expect(titles).not.toContain('Customer service, 24/7')
    expect(titles).toContain('New: a lottery draw every minute')
  })

  it('refuses a malformed types list with field errors', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${contentEndpoints.announcements.path}?types=PU,<script>`,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, errorCode: 'validation_failed' })
  })
})

describe('game vendors', () => {
  async function lanes() {
    const res = await server.app.inject({ method: 'GET', url: gameEndpoints.gameVendor.path })
    expect(res.statusCode, res.body).toBe(200)
    return successEnvelope(gameEndpoints.gameVendor.response).parse(res.json()).value.data.lanes
  }

  it('groups the seeded vendors into one lane per game type, in the contract order', async () => {
    const got = await lanes()
    const types = [...new Set(seed.demoVendors.map((v) => v[2]))]
    expect(got.map((l) => l.gameType)).toEqual(gameTypes.filter((t) => types.includes(t)))
    const rng = got.find((l) => l.gameType === 'RNG')
    expect(rng?.cards.map((c) => c.vassalage)).toEqual(
      seed.demoVendors.filter((v) => v[2] === 'RNG').map((v) => v[1]),
    )
    expect(rng?.cards.length).toBeGreaterThan(6)
    const dsl = rng?.cards.find((c) => c.vassalage === 'DSL')
    expect(dsl).toMatchObject({
      accountTypeId: 109,
      displayName: 'Demo Slots',
      isHot: true,
      logo: 'logos/dsl.webp?v=1',
    })
  })

  it('is refused when the operator switches game lobbies off', async () => {
    await runOps(server, 'flag', 'set', 'GAMELO3', 'off')
    const res = await server.app.inject({ method: 'GET', url: gameEndpoints.gameVendor.path })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ errorCode: 'feature_disabled' })
    await runOps(server, 'flag', 'set', 'GAMELO3', 'on')
    expect((await lanes()).length).toBeGreaterThan(0)
  })
})
