/**
 * The brand's money settings (currency, limits, wallet mode) and its wallets, read on
 * every money call: cached per process for SETTINGS_TTL_SECONDS like the access settings,
 * so an operator's change reaches every instance within that time.
 */
import { asc, eq } from 'drizzle-orm'
import { mainAccountTypeId } from '#contract/wallet'
import { vendors } from '../db/schema'
import { vendorInMaintenance } from '../games/games-repository'
import type { Db } from '../plugins/external/db'
import type { SystemRepository } from '../system/system-repository'
import type { MerchantRow } from './common'

export interface WalletDef {
  accountTypeId: number
  name: string
  maintenance: boolean
}

/** The wallets a member of this brand has: main, then one per vendor in MULTI mode. */
async function readWalletDefs(db: Db, m: MerchantRow): Promise<WalletDef[]> {
  const main: WalletDef = { accountTypeId: mainAccountTypeId, name: 'MAIN', maintenance: false }
  if (m.walletMode === 'SINGLE') return [main]
  const rows = await db
    .select()
    .from(vendors)
    .where(eq(vendors.merchantCode, m.code))
    .orderBy(asc(vendors.accountTypeId))
  const now = new Date()
  const seen = new Set<number>()
  const out = [main]
  for (const r of rows) {
    if (seen.has(r.accountTypeId)) continue
    seen.add(r.accountTypeId)
    // The operator's switch or a maintenance window the vendor is inside now.
    out.push({ accountTypeId: r.accountTypeId, name: r.name, maintenance: vendorInMaintenance(r, now) })
  }
  return out
}

export function createMoneySettings(db: Db, repo: SystemRepository, ttlMs: number) {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>()
  function cached<T>(key: string, read: () => Promise<T>): Promise<T> {
    const hit = cache.get(key)
    const t = Date.now()
    if (ttlMs > 0 && hit && t - hit.at < ttlMs) return hit.value as Promise<T>
    const value = read()
    if (ttlMs > 0) {
      cache.set(key, { at: t, value })
      // A failed read is not remembered.
      value.catch(() => cache.delete(key))
    }
    return value
  }
  return {
    merchant: (code: string) =>
      cached(`m:${code}`, async () => {
        const m = await repo.merchant(code)
        if (!m) throw new Error(`brand ${code} missing`)
        return m
      }),
    wallets: (m: MerchantRow) => cached(`w:${m.code}:${m.walletMode}`, () => readWalletDefs(db, m)),
    /** Forgets what it read: an operator's change (the wallet mode, say) applies at once here. */
    invalidate: () => cache.clear(),
  }
}

export type MoneySettings = ReturnType<typeof createMoneySettings>
