/**
 * Creating a brand: the one way a brand comes into being, whether the demo seed makes it
 * (server/db/seed.ts) or an operator goes live with their own (`brand create`). Both give
 * the same starting rows: the feature tree, the registration rules, open access settings,
 * and the shared dialling codes; what they name (the brand, its currency, its language)
 * and a demo's own settings are theirs.
 */
import { locales } from '#contract/locales'
import { brandStartingFeatures, brandStartingRegisterRules, demoCountries } from '../db/seed-data'
import type { Db } from '../plugins/external/db'
import {
  insertCountries,
  insertMerchant,
  insertStartingSettings,
  type MerchantRow,
  type NewMerchant,
} from './brands-repository'

export interface NewBrand {
  code: string
  name: string
  /** Defaults to the name when it is short, else its first word, at most 12 characters. */
  shortName?: string | undefined
  currency: string
  /** Defaults to the currency's narrow symbol ($, ៛, ₫). */
  currencySymbol?: string | undefined
  currencyDecimals: number
  defaultLanguage: string
  timeZone: string
  themeColor: string
  logoUrl: string
  /** In minor units; without them withdrawals run from 10 to 50,000 of the major unit. */
  withdrawMin?: bigint | undefined
  withdrawMax?: bigint | undefined
  /** A demo brand's own settings beyond what an operator names at go-live. */
  extra?: Partial<Pick<MerchantRow, 'passwordExpiryDays' | 'minimumAge' | 'vipServiceState' | 'walletMode'>>
}

export function currencySymbol(currency: string): string {
  const part = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((p) => p.type === 'currency')
  return part?.value ?? currency
}

/** The merchant row a new brand gets: its names, with the defaults filled in. */
export function merchantOf(b: NewBrand): NewMerchant {
  const unit = 10n ** BigInt(b.currencyDecimals)
  return {
    code: b.code,
    name: b.name,
    shortName:
      b.shortName ?? (b.name.length <= 12 ? b.name : (b.name.split(/\s+/)[0] ?? b.name).slice(0, 12)),
    currency: b.currency,
    currencySymbol: b.currencySymbol ?? currencySymbol(b.currency),
    currencyDecimals: b.currencyDecimals,
    defaultLanguage: b.defaultLanguage,
    // The brand's language first, then the portal's others in their usual order.
    languages: [b.defaultLanguage, ...locales.filter((l) => l !== b.defaultLanguage)],
    timeZone: b.timeZone,
    themeColor: b.themeColor,
    backgroundColor: '#ffffff',
    logoUrl: b.logoUrl,
    withdrawMin: b.withdrawMin ?? 10n * unit,
    withdrawMax: b.withdrawMax ?? 50_000n * unit,
    ...b.extra,
  }
}

/**
 * Creates the brand and its starting rows in the caller's transaction. False, with nothing
 * written, when a brand has the code already.
 */
export async function createBrand(tx: Db, brand: NewBrand): Promise<boolean> {
  if (!(await insertMerchant(tx, merchantOf(brand)))) return false
  await insertStartingSettings(tx, brand.code, brandStartingFeatures, brandStartingRegisterRules)
  await insertCountries(tx, demoCountries)
  return true
}
