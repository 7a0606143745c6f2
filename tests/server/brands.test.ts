/**
 * One way to make a brand (server/system/brands.ts): the demo seed and `brand create` at
 * go-live both call it, so a brand made either way starts with the same rows.
 */
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as s from '#server/db/schema'
import { demoMerchant } from '#server/db/seed-data'
import { runCommand } from '#server/ops/commands'
import { build, type TestServer } from '../build-server'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

/** Everything a brand starts with, without the brand's code (and when it was made). */
async function brandRows(code: string) {
  const db = server.db
  const [merchant] = await db.select().from(s.merchants).where(eq(s.merchants.code, code))
  const [access] = await db.select().from(s.accessSettings).where(eq(s.accessSettings.merchantCode, code))
  const flags = await db
    .select()
    .from(s.whitelabelNodes)
    .where(eq(s.whitelabelNodes.merchantCode, code))
    .orderBy(asc(s.whitelabelNodes.modId))
  const rules = await db
    .select()
    .from(s.registerFieldRules)
    .where(eq(s.registerFieldRules.merchantCode, code))
    .orderBy(asc(s.registerFieldRules.field))
  const strip = <T extends object>(row: T, ...keys: string[]) =>
    Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)))
  return {
    merchant: merchant && strip(merchant, 'code', 'createdAt'),
    access: access && strip(access, 'merchantCode', 'updatedAt'),
    flags: flags.map((f) => strip(f, 'merchantCode')),
    rules: rules.map((r) => strip(r, 'merchantCode')),
  }
}

describe('creating a brand', () => {
  it('the seed and go-live make the same brand from the same inputs', async () => {
    await runCommand(
      {
        db: server.db,
        merchantCode: 'TWIN',
        invalidate: () => undefined,
        operator: 'test-operator',
      },
      [
        'brand',
        'create',
        'TWIN',
        '--name',
        demoMerchant.name,
        '--short-name',
        demoMerchant.shortName,
        '--currency',
        demoMerchant.currency,
        '--decimals',
        String(demoMerchant.currencyDecimals),
        '--symbol',
        demoMerchant.currencySymbol,
        '--language',
        demoMerchant.defaultLanguage,
        '--timezone',
        demoMerchant.timeZone,
        '--theme-color',
        demoMerchant.themeColor,
        '--logo-url',
        demoMerchant.logoUrl,
      ],
    )
    const seeded = await brandRows('DEMO')
    const live = await brandRows('TWIN')
    // The demo's own settings, which go-live leaves at the schema's defaults.
    const demoOnly = [
      'passwordExpiryDays',
      'walletMode',
      'minimumAge',
      'vipServiceState',
      'shareImageUrl',
      'descriptions',
      'downlineTransferMax',
      'downlineTransferDailyMax',
      'bonusForfeit',
    ]
    const without = (m: Record<string, unknown> | undefined) =>
      m && Object.fromEntries(Object.entries(m).filter(([k]) => !demoOnly.includes(k)))
    expect(without(live.merchant)).toEqual(without(seeded.merchant))
    expect(live.access).toEqual(seeded.access)
    expect(live.rules).toEqual(seeded.rules)
    expect(live.flags.length).toBeGreaterThan(0)
    expect(live.flags).toEqual(seeded.flags)
    expect(seeded.merchant).toMatchObject({
      passwordExpiryDays: demoMerchant.passwordExpiryDays,
      walletMode: demoMerchant.walletMode,
    })
  })

  it('refuses a second brand with the code and writes nothing', async () => {
    const trail = async () => (await server.db.select().from(s.operatorActions)).length
    const before = await trail()
    await expect(
      runCommand(
        { db: server.db, merchantCode: 'DEMO', invalidate: () => undefined, operator: 'test-operator' },
        [
          'brand',
          'create',
          'DEMO',
          '--name',
          'Again',
          '--currency',
          'USD',
          '--decimals',
          '2',
          '--language',
          'en',
          '--timezone',
          'UTC',
        ],
      ),
    ).rejects.toThrow(/^brand DEMO exists already/)
    expect(await trail()).toBe(before)
    expect((await brandRows('DEMO')).merchant).toMatchObject({ name: demoMerchant.name })
  })
})
