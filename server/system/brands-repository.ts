/**
 * The brand's own rows: the merchant, and what every brand starts with (access settings,
 * the white-label feature tree, the registration rules) plus the dialling codes all brands
 * share. Each function takes the database or the caller's transaction.
 */
import { and, count, eq, isNull, like } from 'drizzle-orm'
import * as s from '../db/schema'
import type { Db } from '../plugins/external/db'

export type MerchantRow = typeof s.merchants.$inferSelect
export type NewMerchant = typeof s.merchants.$inferInsert

/** [modId, parent, enabled] */
export type FeatureNode = readonly [string, string | null, boolean]
/** [field, enabled, required, minLength, maxLength, acceptedPattern, patternId] */
export type RegisterRule = readonly [string, boolean, boolean, number, number, string, string]
/** [countryCode, dialingCode, name, minDigits, maxDigits] */
export type DialingCountry = readonly [string, string, string, number, number]

export async function merchantByCode(db: Db, code: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(s.merchants).where(eq(s.merchants.code, code))
  return row
}

/** Every brand the platform runs (the jobs that settle per brand go over them). */
export async function allMerchants(db: Db): Promise<MerchantRow[]> {
  return db.select().from(s.merchants).orderBy(s.merchants.code)
}

/** Inserts the merchant unless one has the code; true when this call inserted it. */
export async function insertMerchant(db: Db, row: NewMerchant): Promise<boolean> {
  const inserted = await db
    .insert(s.merchants)
    .values(row)
    .onConflictDoNothing()
    .returning({ code: s.merchants.code })
  return inserted.length > 0
}

export async function insertStartingSettings(
  db: Db,
  merchantCode: string,
  features: readonly FeatureNode[],
  rules: readonly RegisterRule[],
): Promise<void> {
  await db.insert(s.accessSettings).values({ merchantCode }).onConflictDoNothing()
  await db
    .insert(s.whitelabelNodes)
    .values(
      features.map(([modId, parentModId, enabled], sort) => ({
        merchantCode,
        modId,
        parentModId,
        enabled,
        sort,
      })),
    )
    .onConflictDoNothing()
  await db
    .insert(s.registerFieldRules)
    .values(
      rules.map(([field, enabled, required, minLength, maxLength, acceptedPattern, patternId], sort) => ({
        merchantCode,
        field,
        enabled,
        required,
        minLength,
        maxLength,
        acceptedPattern,
        patternId,
        sort,
      })),
    )
    .onConflictDoNothing()
}

/** Dialling codes are reference data shared by every brand: the first brand writes them. */
export async function insertCountries(db: Db, list: readonly DialingCountry[]): Promise<void> {
  await db
    .insert(s.countries)
    .values(
      list.map(([countryCode, dialingCode, name, minDigits, maxDigits], sort) => ({
        countryCode,
        dialingCode,
        name,
        minDigits,
        maxDigits,
        sort,
      })),
    )
    .onConflictDoNothing()
}

export async function setWalletMode(db: Db, code: string, walletMode: MerchantRow['walletMode']) {
  await db.update(s.merchants).set({ walletMode }).where(eq(s.merchants.code, code))
}

/** Whether members may forfeit their open bonuses to withdraw (decision 026). */
export async function setBonusForfeit(db: Db, code: string, bonusForfeit: boolean) {
  await db.update(s.merchants).set({ bonusForfeit }).where(eq(s.merchants.code, code))
}

export async function setScreenshots(db: Db, code: string, screenshots: unknown[]) {
  await db.update(s.merchants).set({ screenshots }).where(eq(s.merchants.code, code))
}

/** The picture the brand's shared links preview with (null: the icon). */
export async function setShareImage(db: Db, code: string, shareImageUrl: string | null) {
  await db.update(s.merchants).set({ shareImageUrl }).where(eq(s.merchants.code, code))
}

/** The brand's descriptions per language, for link previews, as a whole. */
export async function setDescriptions(db: Db, code: string, descriptions: Record<string, string>) {
  await db.update(s.merchants).set({ descriptions }).where(eq(s.merchants.code, code))
}

/** The brand's rule for one registration field, if it has one. */
export async function registerRuleOf(db: Db, merchantCode: string, field: string) {
  const [rule] = await db
    .select()
    .from(s.registerFieldRules)
    .where(and(eq(s.registerFieldRules.merchantCode, merchantCode), eq(s.registerFieldRules.field, field)))
  return rule
}

/** What going live has done so far for the brand: counts of each step's rows. */
export async function goLiveCounts(db: Db, merchantCode: string) {
  const total = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0)
  return {
    agents: await total(
      db
        .select({ n: count() })
        .from(s.members)
        .where(
          and(eq(s.members.merchantCode, merchantCode), eq(s.members.type, 1), isNull(s.members.parentId)),
        ),
    ),
    methods: await total(
      db
        .select({ n: count() })
        .from(s.depositMethods)
        .where(and(eq(s.depositMethods.merchantCode, merchantCode), eq(s.depositMethods.enabled, true))),
    ),
    banks: await total(db.select({ n: count() }).from(s.banks).where(eq(s.banks.merchantCode, merchantCode))),
    demoSeeds: await total(
      db
        .select({ n: count() })
        .from(s.seedRuns)
        .where(like(s.seedRuns.name, `demo-%:${merchantCode}`)),
    ),
    lotteryGames: await total(
      db
        .select({ n: count() })
        .from(s.lotteryGames)
        .where(and(eq(s.lotteryGames.merchantCode, merchantCode), eq(s.lotteryGames.enabled, true))),
    ),
  }
}

/** Whether the demo's accounts were seeded into the brand (their passwords are published). */
export async function hasDemoAccounts(db: Db, merchantCode: string): Promise<boolean> {
  const [row] = await db
    .select({ name: s.seedRuns.name })
    .from(s.seedRuns)
    .where(eq(s.seedRuns.name, `demo-accounts:${merchantCode}`))
  return row !== undefined
}
