import { createPublicKey } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointDef, EndpointOutput } from '#contract/endpoint'
import { FailureSchema, successEnvelope } from '#contract/envelope'
import { systemEndpoints, type WhitelabelNode } from '#contract/system'
import { seedDemoBrand } from '#server/db/seed'
import * as seed from '#server/db/seed-data'
import * as pages from '#server/db/seed-pages'
import { build, type TestServer } from '../build-server'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

/** Calls an endpoint and returns its value, parsed with the contract's own success schema. */
async function call<E extends EndpointDef>(
  def: E,
  opts: Omit<InjectOptions, 'method' | 'url'> = {},
): Promise<EndpointOutput<E>> {
  const res = await server.app.inject({ method: def.method, url: def.path, ...opts })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  return successEnvelope(def.response).parse(res.json()).value as EndpointOutput<E>
}

/** The tree the seed describes, built here independently of the server's buildTree. */
function expectedTree(parent: string | null): WhitelabelNode[] {
  return [...seed.demoWhitelabel, ...seed.demoWhitelabelAdditions]
    .filter(([, p]) => p === parent)
    .map(([modId, , enabled]) => {
      const children = expectedTree(modId)
      return {
        modId,
        enabled: enabled ? ('1' as const) : ('0' as const),
        ...(children.length > 0 ? { childrenNodes: children } : {}),
      }
    })
}

const expectedRules = seed.demoRegisterRules.map(
  ([field, enabled, required, minLength, maxLength, acceptedPattern, patternId]) => ({
    field,
    enabled,
    required,
    minLength,
    maxLength,
    acceptedPattern,
    patternId,
  }),
)

// A request without a Language header is answered in Khmer, the portal's default.
const expectedPublicCs = seed.demoCustomerService
  .filter(([csType]) => csType !== 'VIP')
  .map(([csType, , url, titles]) => ({ csType, title: titles.km, url }))

const expectedResources = seed.demoResources.map(([resourceType, url, qrCodeUrl]) => ({
  resourceType,
  url,
  qrCodeUrl,
}))

describe('GET /wps/system/whitelabel', () => {
  it('answers the seeded feature tree as nested childrenNodes of {modId, enabled "1"|"0"}', async () => {
    const value = await call(systemEndpoints.whitelabel)
    expect(value.childrenNodes).toEqual(expectedTree(null))
  })

  it('keeps a switched-off node visible with enabled "0" under its parent', async () => {
    const value = await call(systemEndpoints.whitelabel)
    const reg = value.childrenNodes.find((n) => n.modId === 'REG3')
    expect(reg?.enabled).toBe('1')
    expect(reg?.childrenNodes?.find((n) => n.modId === 'REGMOBVERF3')).toEqual({
      modId: 'REGMOBVERF3',
      enabled: '0',
    })
    // Leaves carry no empty childrenNodes array.
    expect(reg?.childrenNodes?.every((n) => n.childrenNodes === undefined)).toBe(true)
  })
})

describe('GET /wps/system/status', () => {
  it('reports no maintenance, no restriction and the info lists from the seed', async () => {
    const value = await call(systemEndpoints.status)
    expect(value).toMatchObject({
      maintenance: false,
      maintenanceMessage: null,
      maintenanceUntil: null,
      regionRestriction: false,
      ipBlocked: false,
      clientIp: '127.0.0.1',
      country: null,
    })
    expect(value.info.whitelabel).toEqual(expectedTree(null))
    expect(value.info.register).toEqual(expectedRules)
    expect(value.info.resources).toEqual(expectedResources)
    expect(value.info.customerService).toEqual(expectedPublicCs)
    expect(value.info.imageCDNs).toEqual(seed.demoCdns.filter(([k]) => k === 'image').map(([, u]) => u))
    expect(value.info.launchGameCDNs).toEqual(
      seed.demoCdns.filter(([k]) => k === 'launchGame').map(([, u]) => u),
    )
  })

  it('echoes the caller address and the country from the CDN header, upper-cased', async () => {
    const value = await call(systemEndpoints.status, {
      remoteAddress: '203.0.113.9',
      headers: { 'cf-ipcountry': 'kh' },
    })
    expect(value.clientIp).toBe('203.0.113.9')
    expect(value.country).toBe('KH')
  })

  it('ignores a country header that is not a two-letter code', async () => {
    const value = await call(systemEndpoints.status, { headers: { 'cf-ipcountry': 'XX1' } })
    expect(value.country).toBeNull()
  })

  it('never lists the VIP customer-service line for a brand in normal VIP state', async () => {
    const value = await call(systemEndpoints.status)
    expect(seed.demoCustomerService.some(([t]) => t === 'VIP')).toBe(true)
    expect(value.info.customerService.map((c) => c.csType)).not.toContain('VIP')
  })
})

describe('GET /wps/system/domainRoute', () => {
  it('answers the brand domains sorted, its customer service and resources', async () => {
    const value = await call(systemEndpoints.domainRoute, { query: { host: 'localhost' } })
    expect(value.domainList).toEqual([...seed.demoDomains].sort())
    expect(value.customerService).toEqual(expectedPublicCs)
    expect(value.resources).toEqual(expectedResources)
  })
})

describe('GET /wps/system/setting/register', () => {
  it('answers the registration field rules in their seeded order', async () => {
    const value = await call(systemEndpoints.registerSettings)
    expect(value).toEqual(expectedRules)
    expect(value.find((r) => r.field === 'username')).toMatchObject({
      required: true,
      minLength: 6,
      maxLength: 12,
    })
  })
})

describe('GET /wps/system/country', () => {
  it('answers every seeded country with its dialling code and digit counts', async () => {
    const value = await call(systemEndpoints.country)
    expect(value).toEqual(
      seed.demoCountries.map(([countryCode, countryDialingCode, name, minDigits, maxDigits]) => ({
        countryCode,
        countryDialingCode,
        name,
        minDigits,
        maxDigits,
      })),
    )
  })
})

describe('GET /wps/system/helpCenter', () => {
  const titles = (lang: 'km' | 'en' | 'zh' | 'th') => pages.demoHelp.map((h) => h.title[lang])

  it.each([
    ['KM', 'km'],
    ['EN', 'en'],
    ['CN', 'zh'],
  ] as const)('answers the articles in the Language header %s', async (header, lang) => {
    const value = await call(systemEndpoints.helpCenter, { headers: { language: header } })
    expect(value.map((a) => a.title)).toEqual(titles(lang))
    expect(value.map((a) => a.category)).toEqual(pages.demoHelp.map((h) => h.category[lang]))
  })

  it('the demo brand has at least 20 questions in five languages, in its six categories', async () => {
    const categories = ['Deposits', 'Withdrawals', 'Account', 'Games', 'Lottery rules', 'Responsible gaming']
    for (const header of ['KM', 'EN', 'CN', 'TH', 'VN']) {
      const value = await call(systemEndpoints.helpCenter, { headers: { language: header } })
      expect(value.length, header).toBeGreaterThanOrEqual(20)
      expect(new Set(value.map((a) => a.title)).size, header).toBe(value.length)
      expect(
        value.every((a) => a.content.length > 20),
        header,
      ).toBe(true)
    }
    const english = await call(systemEndpoints.helpCenter, { headers: { language: 'EN' } })
    expect([...new Set(english.map((a) => a.category))].sort()).toEqual([...categories].sort())
  })

  it('answers Thai in Thai, and falls back to English for a language the brand has not written', async () => {
    const thai = await call(systemEndpoints.helpCenter, { headers: { language: 'TH' } })
    expect(thai.map((a) => a.title)).toEqual(titles('th'))
    await server.db.execute(sql`delete from help_articles where language = 'th'`)
    server.services.hotReads.invalidate(server.config.MERCHANT_CODE)
    const value = await call(systemEndpoints.helpCenter, { headers: { language: 'TH' } })
    expect(value.map((a) => a.title)).toEqual(titles('en'))
  })

  it('answers in the default language (Khmer) when no Language header is sent', async () => {
    const value = await call(systemEndpoints.helpCenter)
    expect(value.map((a) => a.title)).toEqual(titles('km'))
  })

  it('filters by category', async () => {
    const value = await call(systemEndpoints.helpCenter, {
      headers: { language: 'EN' },
      query: { category: 'Deposits' },
    })
    expect(value.map((a) => a.title)).toEqual(
      pages.demoHelp.filter((h) => h.category.en === 'Deposits').map((h) => h.title.en),
    )
    expect(value[0]?.title).toBe('How to deposit')
  })
})

describe('GET /wps/system/templates', () => {
  it('answers one template by code in the caller language', async () => {
    const terms = pages.demoTemplates.find((t) => t.code === 'terms')
    const en = await call(systemEndpoints.templates, {
      headers: { language: 'EN' },
      query: { code: 'terms' },
    })
    expect(en).toEqual([{ code: 'terms', title: terms?.title.en, content: terms?.content.en }])
    const zh = await call(systemEndpoints.templates, {
      headers: { language: 'CN' },
      query: { code: 'terms' },
    })
    expect(zh).toEqual([{ code: 'terms', title: terms?.title.zh, content: terms?.content.zh }])
  })

  it('answers every template when no code is given, and none for an unknown code', async () => {
    const all = await call(systemEndpoints.templates, { headers: { language: 'EN' } })
    expect(all.map((t) => t.code).sort()).toEqual(pages.demoTemplates.map((t) => t.code).sort())
    const none = await call(systemEndpoints.templates, { query: { code: 'no-such-template' } })
    expect(none).toEqual([])
  })

  it('gives a demo brand seeded when the join page was one line its fuller text, once, and leaves an edited one', async () => {
    const m = server.config.MERCHANT_CODE
    const joinUs = pages.demoTemplates.find((t) => t.code === 'joinUs')
    const setJoin = (language: string, content: string) =>
      server.db.execute(
        sql`update templates set content = ${content} where merchant_code = ${m} and code = 'joinUs' and language = ${language}`,
      )
    // As an install seeded by the release before, with the Thai text the operator's own.
    for (const language of ['km', 'en', 'zh', 'th', 'vi'] as const) {
      await setJoin(language, pages.firstJoinUsContent[language])
    }
    await setJoin('th', '<p>ติดต่อเรา</p>')
    await server.db.execute(sql`delete from seed_runs where name = ${`demo-join-1:${m}`}`)
    await seedDemoBrand(server.db, m, server.services.passwords.hash)
    // Once: a one-line text written back afterwards stays.
    await setJoin('vi', pages.firstJoinUsContent.vi)
    await seedDemoBrand(server.db, m, server.services.passwords.hash)
    server.services.hotReads.invalidate(m)

    const content = async (language: string) =>
      (await call(systemEndpoints.templates, { headers: { language }, query: { code: 'joinUs' } }))[0]
        ?.content
    expect(await content('EN')).toBe(joinUs?.content.en)
    expect(await content('KM')).toBe(joinUs?.content.km)
    expect(await content('CN')).toBe(joinUs?.content.zh)
    expect(await content('TH')).toBe('<p>ติดต่อเรา</p>')
    expect(await content('VI')).toBe(pages.firstJoinUsContent.vi)
    await setJoin('th', joinUs?.content.th ?? '')
    await setJoin('vi', joinUs?.content.vi ?? '')
    server.services.hotReads.invalidate(m)
  })

  it('answers Thai templates, and falls back to English ones for a language the brand has not written', async () => {
    const privacy = pages.demoTemplates.find((t) => t.code === 'privacy')
    const thai = await call(systemEndpoints.templates, {
      headers: { language: 'TH' },
      query: { code: 'privacy' },
    })
    expect(thai.map((t) => t.title)).toEqual([privacy?.title.th])
    await server.db.execute(sql`delete from templates where language = 'th'`)
    server.services.hotReads.invalidate(server.config.MERCHANT_CODE)
    const value = await call(systemEndpoints.templates, {
      headers: { language: 'TH' },
      query: { code: 'privacy' },
    })
    expect(value.map((t) => t.title)).toEqual([
      pages.demoTemplates.find((t) => t.code === 'privacy')?.title.en,
    ])
  })
})

describe('GET /wps/system/settings/consolidated', () => {
  it('answers the brand settings from the merchants table', async () => {
    const value = await call(systemEndpoints.consolidatedSettings)
    expect(value).toMatchObject({
      merchantCode: 'DEMO',
      brandName: 'Lotus Play',
      shortName: seed.demoMerchant.shortName,
      currency: 'USD',
      currencySymbol: '$',
      currencyDecimals: seed.demoMerchant.currencyDecimals,
      defaultLanguage: seed.demoMerchant.defaultLanguage,
      languages: seed.demoMerchant.languages,
      themeColor: seed.demoMerchant.themeColor,
      vipServiceState: 'normal',
    })
  })

  it('falls back to the configured brand for an unknown Merchant header', async () => {
    const value = await call(systemEndpoints.consolidatedSettings, { headers: { merchant: 'NOPE' } })
    expect(value.merchantCode).toBe('DEMO')
  })
})

describe('GET /wps/system/publicKey', () => {
  it('answers a kid, the algorithm name and an spki that imports as an RSA key of 2048 bits or more', async () => {
    const value = await call(systemEndpoints.publicKey)
    expect(value.alg).toBe('RSA-OAEP-256+A256GCM')
    expect(value.kid).toMatch(/^[A-Za-z0-9_-]+$/)
    const key = createPublicKey({ key: Buffer.from(value.spki, 'base64'), format: 'der', type: 'spki' })
    expect(key.type).toBe('public')
    expect(key.asymmetricKeyType).toBe('rsa')
    expect(key.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048)
  })

  it('hands out the same key on every call (it is kept in the database, not made per request)', async () => {
    const a = await call(systemEndpoints.publicKey)
    const b = await call(systemEndpoints.publicKey)
    expect(b).toEqual(a)
    const rows = await server.database.db.query.serverKeys.findMany()
    expect(rows.map((r) => r.kid)).toContain(a.kid)
  })
})

describe('GET /healthz', () => {
  it('answers ok when the database answers', async () => {
    const value = await call(systemEndpoints.health)
    expect(value).toEqual({ status: 'ok', database: 'ok' })
  })

  it('answers 503 service_unavailable once the database is gone', async () => {
    const own = await build()
    try {
      await own.database.close()
      const res = await own.app.inject({ method: 'GET', url: '/healthz' })
      expect(res.statusCode).toBe(503)
      expect(FailureSchema.parse(res.json()).errorCode).toBe('service_unavailable')
    } finally {
      await own.close()
    }
  })
})
