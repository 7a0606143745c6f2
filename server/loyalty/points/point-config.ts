/**
 * A brand's point settings (decision 030): versions that are never edited. A change writes a
 * new version in force from a moment a little after the change (the settings' cache time),
 * so every server has read it before it applies, and every server picks the same version
 * for the same settlement time. Each process keeps a brand's versions for that cache time.
 */
import { asc, eq, sql } from 'drizzle-orm'
import {
  PointConversionsSchema,
  PointRatesSchema,
  type PointConversion,
  type PointRates,
} from '#contract/points-values'
import { pointConfigs } from '../../db/schema'
import type { Db, Tx } from '../../plugins/external/db'

export interface PointConfigVersion {
  id: number
  validFrom: Date
  enabled: boolean
  rates: PointRates
  conversions: PointConversion[]
}

export interface PointConfigInput {
  enabled: boolean
  rates: PointRates
  conversions: PointConversion[]
}

/** The version in force at `at`: the latest that started at or before it, or none. */
export function versionAt(versions: readonly PointConfigVersion[], at: Date): PointConfigVersion | undefined {
  let found: PointConfigVersion | undefined
  for (const v of versions) {
    if (v.validFrom.getTime() <= at.getTime()) found = v
    else break
  }
  return found
}

/** Reads the stored rows through their schemas: a row that does not fit is a fault, never guessed. */
function versionOf(r: typeof pointConfigs.$inferSelect): PointConfigVersion {
  const rates = PointRatesSchema.safeParse(r.rates)
  const conversions = PointConversionsSchema.safeParse(r.conversions)
  if (!rates.success || !conversions.success) throw new Error(`point settings version ${r.id} is unreadable`)
  return {
    id: r.id,
    validFrom: r.validFrom,
    enabled: r.enabled,
    rates: rates.data,
    conversions: conversions.data,
  }
}

export async function readVersions(ex: Db | Tx, merchantCode: string): Promise<PointConfigVersion[]> {
  const rows = await ex
    .select()
    .from(pointConfigs)
    .where(eq(pointConfigs.merchantCode, merchantCode))
    .orderBy(asc(pointConfigs.validFrom))
  return rows.map(versionOf)
}

/**
 * Writes a new version in force from `validFrom`, or `secondsFromNow` after the database's
 * clock (one clock for every server, whatever the operator's machine says); answers it.
 */
export async function writeVersion(
  ex: Db | Tx,
  merchantCode: string,
  input: PointConfigInput,
  validFrom: Date | { secondsFromNow: number },
): Promise<PointConfigVersion> {
  const [row] = await ex
    .insert(pointConfigs)
    .values({
      merchantCode,
      validFrom:
        validFrom instanceof Date
          ? validFrom
          : sql`clock_timestamp() + make_interval(secs => ${validFrom.secondsFromNow})`,
      enabled: input.enabled,
      rates: PointRatesSchema.parse(input.rates),
      conversions: PointConversionsSchema.parse(input.conversions),
    })
    .returning()
  if (!row) throw new Error('the point settings were not written')
  return versionOf(row)
}

/** Each brand's versions, kept per process for `ttlMs`. */
export function createPointConfigs(db: Db, ttlMs: number) {
  const cache = new Map<string, { at: number; value: Promise<PointConfigVersion[]> }>()
  return {
    versions(merchantCode: string): Promise<PointConfigVersion[]> {
      const hit = cache.get(merchantCode)
      const t = Date.now()
      if (ttlMs > 0 && hit && t - hit.at < ttlMs) return hit.value
      const value = readVersions(db, merchantCode)
      if (ttlMs > 0) {
        cache.set(merchantCode, { at: t, value })
        value.catch(() => cache.delete(merchantCode))
      }
      return value
    },
    /** The version in force now (or at `at`). */
    async current(merchantCode: string, at: Date): Promise<PointConfigVersion | undefined> {
      return versionAt(await this.versions(merchantCode), at)
    },
    forget(): void {
      cache.clear()
    },
  }
}

export type PointConfigs = ReturnType<typeof createPointConfigs>
