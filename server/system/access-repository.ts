/**
 * What the operator switches in the access gate (server/system/access.ts reads it):
 * the brand's access settings, blocked addresses and white-label flags. Each function
 * takes the database or the caller's transaction.
 */
import { and, asc, count, eq, max } from 'drizzle-orm'
import * as s from '../db/schema'
import type { Db } from '../plugins/external/db'

export type AccessSettingsRow = typeof s.accessSettings.$inferSelect
export type AccessSettingsPatch = Partial<
  Pick<AccessSettingsRow, 'maintenance' | 'maintenanceMessage' | 'maintenanceUntil' | 'blockedCountries'>
>

export async function accessSettingsOf(db: Db, merchantCode: string): Promise<AccessSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(s.accessSettings)
    .where(eq(s.accessSettings.merchantCode, merchantCode))
  return row
}

export async function saveAccessSettings(db: Db, merchantCode: string, patch: AccessSettingsPatch) {
  await db
    .insert(s.accessSettings)
    .values({ merchantCode, ...patch, updatedAt: new Date() })
    .onConflictDoUpdate({ target: s.accessSettings.merchantCode, set: { ...patch, updatedAt: new Date() } })
}

export function ipBlocksOf(db: Db) {
  return db.select().from(s.ipBlocks).orderBy(asc(s.ipBlocks.cidr))
}

export async function ipBlockCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(s.ipBlocks)
  return Number(row?.n ?? 0)
}

export async function ipBlockOf(db: Db, cidr: string) {
  const [row] = await db.select().from(s.ipBlocks).where(eq(s.ipBlocks.cidr, cidr))
  return row
}

export async function blockIp(db: Db, cidr: string, note: string | null): Promise<void> {
  await db.insert(s.ipBlocks).values({ cidr, note }).onConflictDoNothing()
}

export async function unblockIp(db: Db, cidr: string): Promise<void> {
  await db.delete(s.ipBlocks).where(eq(s.ipBlocks.cidr, cidr))
}

export function flagsOf(db: Db, merchantCode: string) {
  return db
    .select()
    .from(s.whitelabelNodes)
    .where(eq(s.whitelabelNodes.merchantCode, merchantCode))
    .orderBy(s.whitelabelNodes.sort)
}

export async function flagOf(db: Db, merchantCode: string, modId: string) {
  const [row] = await db
    .select()
    .from(s.whitelabelNodes)
    .where(and(eq(s.whitelabelNodes.merchantCode, merchantCode), eq(s.whitelabelNodes.modId, modId)))
  return row
}

export async function setFlag(db: Db, merchantCode: string, modId: string, enabled: boolean) {
  await db
    .update(s.whitelabelNodes)
    .set({ enabled })
    .where(and(eq(s.whitelabelNodes.merchantCode, merchantCode), eq(s.whitelabelNodes.modId, modId)))
}

/**
 * Adds a flag's row that the brand lacks (a brand made before the flag existed), after the
 * brand's other flags; nothing when the row is there.
 */
export async function addFlag(
  db: Db,
  merchantCode: string,
  flag: { modId: string; parentModId: string | null; enabled: boolean },
): Promise<void> {
  const [last] = await db
    .select({ sort: max(s.whitelabelNodes.sort) })
    .from(s.whitelabelNodes)
    .where(eq(s.whitelabelNodes.merchantCode, merchantCode))
  await db
    .insert(s.whitelabelNodes)
    .values({ merchantCode, ...flag, sort: (last?.sort ?? 0) + 1 })
    .onConflictDoNothing()
}
