/**
 * Names the operator gives (deposit methods, customer-service links) reach members in the
 * language of their page: that language, else the brand's default, else English, else the
 * name first given. A row from before names per language answers its one name; a cached
 * answer in one language never serves another; the operator names one language at a time.
 */
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { EndpointDef, EndpointOutput } from '#contract/endpoint'
import { successEnvelope } from '#contract/envelope'
import { DepositMethodSchema } from '#contract/funds'
import { systemEndpoints } from '#contract/system'
import { customerService, depositMethods, seedRuns } from '#server/db/schema'
import { seedDemoBrand } from '#server/db/seed'
import * as seed from '#server/db/seed-data'
import { OpsError } from '#server/ops/commands'
import { build, runOps, type TestServer } from '../build-server'
import { plainCall, valueOf } from '../identity-helpers'
import { moneyMember, type MoneyMember } from '../money-helpers'

let server: TestServer
let member: MoneyMember

beforeAll(async () => {
  // Hot reads are kept for a minute, as in production, so an answer cached in one language
  // would show if it served another.
  server = await build({ config: { SETTINGS_TTL_SECONDS: 60 } })
  member = await moneyMember(server, undefined, 'nm')
})
afterAll(async () => {
  await server?.close()
})

const MethodsSchema = z.object({ methods: z.array(DepositMethodSchema) })

/** The deposit methods' names by code, as a member whose page is in `language` reads them. */
async function methodNames(language: string): Promise<Record<string, string>> {
  const res = await plainCall(server, 'GET', '/wps/relay/MCSFE_getDepositMethods', {
    token: member.token,
    headers: { language },
  })
  const { methods } = valueOf(res, (v) => MethodsSchema.parse(v))
  return Object.fromEntries(methods.map((m) => [m.code, m.name]))
}

/** The customer-service titles by type in the status and in the domain route, in `language`. */
async function csTitles(language: string) {
  const read = async <E extends EndpointDef>(def: E): Promise<EndpointOutput<E>> => {
    const res = await server.app.inject({ method: 'GET', url: def.path, headers: { language } })
    expect(res.statusCode, res.body).toBe(200)
    return successEnvelope(def.response).parse(res.json()).value as EndpointOutput<E>
  }
  const status = await read(systemEndpoints.status)
  const route = await read(systemEndpoints.domainRoute)
  const byType = (list: { csType: string; title: string }[]) =>
    Object.fromEntries(list.map((c) => [c.csType, c.title]))
  return { status: byType(status.info.customerService), route: byType(route.customerService) }
}

const m = () => server.config.MERCHANT_CODE

async function refusal(...argv: string[]): Promise<string> {
  const err = await runOps(server, ...argv).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(OpsError)
  return (err as OpsError).message
}

describe('deposit methods', () => {
  it('are named in the language of the page', async () => {
    expect(await methodNames('KM')).toEqual({ BANK: 'ផ្ទេរតាមធនាគារ', DEMOPAY: 'ទូទាត់តាមអនឡាញ (សាកល្បង)' })
    expect((await methodNames('TH')).BANK).toBe('โอนผ่านธนาคาร')
    expect((await methodNames('CN')).BANK).toBe('银行转账')
    expect((await methodNames('VI')).BANK).toBe('Chuyển khoản ngân hàng')
    expect((await methodNames('EN')).BANK).toBe('Bank transfer')
  })

  it('fall back to the brand’s default language, then English, then the name first given', async () => {
    const where = and(eq(depositMethods.merchantCode, m()), eq(depositMethods.code, 'BANK'))
    await server.db
      .update(depositMethods)
      .set({ names: { km: 'ផ្ទេរប្រាក់', en: 'Bank' } })
      .where(where)
    // Thai is not named: the brand's default language (km) is.
    expect((await methodNames('TH')).BANK).toBe('ផ្ទេរប្រាក់')
    await server.db
      .update(depositMethods)
      .set({ names: { en: 'Bank' } })
      .where(where)
    expect((await methodNames('TH')).BANK).toBe('Bank')
    await server.db
      .update(depositMethods)
      .set({ names: { zh: '银行' } })
      .where(where)
    expect((await methodNames('TH')).BANK).toBe('Bank transfer')
    expect((await methodNames('CN')).BANK).toBe('银行')
  })

  it('answer their one name when the row has no names per language (a row from before them)', async () => {
    const where = and(eq(depositMethods.merchantCode, m()), eq(depositMethods.code, 'DEMOPAY'))
    await server.db.update(depositMethods).set({ names: {} }).where(where)
    for (const language of ['KM', 'EN', 'TH']) {
      expect((await methodNames(language)).DEMOPAY).toBe('Online payment (demo gateway)')
    }
  })

  it('answer a name whatever a hand-edited row holds, and two names set at once both hold', async () => {
    const where = and(eq(depositMethods.merchantCode, m()), eq(depositMethods.code, 'DEMOPAY'))
    await server.db
      .update(depositMethods)
      .set({ names: sql`'{"km": 5, "th": "ชำระออนไลน์"}'::jsonb` })
      .where(where)
    expect((await methodNames('KM')).DEMOPAY).toBe('Online payment (demo gateway)')
    expect((await methodNames('TH')).DEMOPAY).toBe('ชำระออนไลน์')
    await server.db.update(depositMethods).set({ names: {} }).where(where)
    await Promise.all([
      runOps(server, 'payment-method', 'name', 'DEMOPAY', '--lang', 'vi', 'Thanh toán trực tuyến'),
      runOps(server, 'payment-method', 'name', 'DEMOPAY', '--lang', 'zh', '在线支付'),
    ])
    expect((await methodNames('VI')).DEMOPAY).toBe('Thanh toán trực tuyến')
    expect((await methodNames('CN')).DEMOPAY).toBe('在线支付')
  })

  it('are named per language by the operator, with clear refusals', async () => {
    expect(await runOps(server, 'payment-method', 'name', 'bank', '--lang', 'TH', 'โอนเงิน', 'ธนาคาร')).toBe(
      'deposit method BANK is named "โอนเงิน ธนาคาร" in th',
    )
    expect((await methodNames('TH')).BANK).toBe('โอนเงิน ธนาคาร')
    expect(await runOps(server, 'payment-method', 'list')).toMatch(/BANK .* Bank transfer {2}\(zh, th\)/)
    expect(await refusal('payment-method', 'name', 'BANK', 'x')).toMatch(/--lang is required/)
    expect(await refusal('payment-method', 'name', 'BANK', '--lang', 'fr', 'x')).toMatch(
      /--lang is one of km/,
    )
    expect(await refusal('payment-method', 'name', 'BANK', '--lang', 'km')).toMatch(/the name is required/)
    expect(await refusal('payment-method', 'name', 'BANK', '--lang', 'km', 'a\u0007b')).toMatch(
      /must not contain control characters/,
    )
    expect(await refusal('payment-method', 'name', 'BANK', '--lang', 'km', 'Bank\u202etransfer')).toMatch(
      /must not contain control characters/,
    )
    expect(await refusal('payment-method', 'name', 'BANK', '--lang', 'km', 'x'.repeat(61))).toMatch(
      /at most 60 characters/,
    )
    expect(await refusal('payment-method', 'name', 'NOPE', '--lang', 'km', 'x')).toMatch(
      /no deposit method NOPE/,
    )
    expect((await methodNames('TH')).BANK).toBe('โอนเงิน ธนาคาร')
  })

  it('lose one language’s name by the operator, which then falls back; the others keep theirs', async () => {
    expect(await runOps(server, 'payment-method', 'unname', 'BANK', '--lang', 'th')).toBe(
      'deposit method BANK has no name of its own in th: members reading th see "Bank transfer"',
    )
    expect((await methodNames('TH')).BANK).toBe('Bank transfer')
    expect((await methodNames('CN')).BANK).toBe('银行')
    expect(await runOps(server, 'payment-method', 'list')).toMatch(/BANK .* Bank transfer {2}\(zh\)/)
    expect(await refusal('payment-method', 'unname', 'BANK')).toMatch(/--lang is required/)
    expect(await refusal('payment-method', 'unname', 'BANK', 'x', '--lang', 'th')).toBe(
      'payment-method unname BANK takes no more words, not "x"',
    )
    expect(await refusal('payment-method', 'unname', 'NOPE', '--lang', 'th')).toMatch(
      /no deposit method NOPE/,
    )
  })
})

describe('customer-service links', () => {
  it('are titled in the language of the page, in the status and the domain route alike', async () => {
    // Asked in one language after another: each answer is its own language's, never a cached other.
    for (const [language, locale] of [
      ['KM', 'km'],
      ['EN', 'en'],
      ['TH', 'th'],
      ['CN', 'zh'],
      ['VI', 'vi'],
      ['KM', 'km'],
    ] as const) {
      const titles = await csTitles(language)
      const live = seed.demoCustomerService.find(([t]) => t === 'LIVECHAT')?.[3][locale]
      expect(titles.status.LIVECHAT).toBe(live)
      expect(titles.route.LIVECHAT).toBe(live)
      expect(titles.status.TELEGRAM).toBe('Telegram')
    }
    expect((await csTitles('KM')).status.LIVECHAT).toBe('ជជែកផ្ទាល់ 24/7')
  })

  it('are titled per language by the operator, and a row without titles answers its one title', async () => {
    const list = await runOps(server, 'customer-service', 'list')
    const id = /^\s*(\d+) LIVECHAT/m.exec(list)?.[1]
    expect(id).toBeDefined()
    expect(list).toMatch(/LIVECHAT {2}Live chat 24\/7 {2}\(km, en, zh, th, vi\)/)
    expect(
      await runOps(server, 'customer-service', 'title', String(id), '--lang', 'th', 'แชท', '24', 'ชม.'),
    ).toBe(`customer-service link ${id} (LIVECHAT) is titled "แชท 24 ชม." in th`)
    // The change reaches the cached answers at once.
    expect((await csTitles('TH')).status.LIVECHAT).toBe('แชท 24 ชม.')
    expect((await csTitles('KM')).route.LIVECHAT).toBe('ជជែកផ្ទាល់ 24/7')
    expect(await refusal('customer-service', 'title', 'abc', '--lang', 'th', 'x')).toMatch(
      /a link id is a number/,
    )
    expect(await refusal('customer-service', 'title', '999999', '--lang', 'th', 'x')).toMatch(
      /no customer-service link 999999/,
    )
    expect(await refusal('customer-service', 'title', String(id), '--lang', 'th', 'a\nb')).toMatch(
      /control characters/,
    )
    expect(await refusal('customer-service', 'rename')).toBe(
      'customer-service: the action is one of list, title, untitle, not "rename"',
    )

    // Taken away in one language: that language falls back (to the brand's, km), the others
    // keep theirs.
    expect(await runOps(server, 'customer-service', 'untitle', String(id), '--lang', 'th')).toBe(
      `customer-service link ${id} (LIVECHAT) has no title of its own in th: members reading th see "ជជែកផ្ទាល់ 24/7"`,
    )
    expect((await csTitles('TH')).status.LIVECHAT).toBe('ជជែកផ្ទាល់ 24/7')
    expect((await csTitles('VI')).route.LIVECHAT).toBe(
      seed.demoCustomerService.find(([t]) => t === 'LIVECHAT')?.[3].vi,
    )
    expect(await refusal('customer-service', 'untitle', '999999', '--lang', 'th')).toMatch(
      /no customer-service link 999999/,
    )

    await server.db
      .update(customerService)
      .set({ titles: {} })
      .where(and(eq(customerService.merchantCode, m()), eq(customerService.csType, 'LIVECHAT')))
    server.services.hotReads.invalidate(m())
    expect((await csTitles('KM')).status.LIVECHAT).toBe('Live chat 24/7')
    expect((await csTitles('TH')).route.LIVECHAT).toBe('Live chat 24/7')
  })
})

describe('a demo brand seeded before names per language', () => {
  it('gets the demo names once, and a row the operator renamed keeps its name', async () => {
    await server.db.update(depositMethods).set({ names: {} }).where(eq(depositMethods.merchantCode, m()))
    await server.db.update(customerService).set({ titles: {} }).where(eq(customerService.merchantCode, m()))
    // The operator renamed DEMOPAY in the one name rows had then.
    await server.db
      .update(depositMethods)
      .set({ name: 'Card' })
      .where(and(eq(depositMethods.merchantCode, m()), eq(depositMethods.code, 'DEMOPAY')))
    await server.db.delete(seedRuns).where(like(seedRuns.name, `demo-names-1:${m()}`))
    await seedDemoBrand(server.db, m(), server.services.passwords.hash)
    server.services.hotReads.invalidate(m())
    expect(await methodNames('KM')).toEqual({ BANK: 'ផ្ទេរតាមធនាគារ', DEMOPAY: 'Card' })
    expect((await csTitles('VI')).status.LIVECHAT).toBe('Chat trực tuyến 24/7')
  })
})
