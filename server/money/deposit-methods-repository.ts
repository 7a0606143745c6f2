/**
 * The brand's deposit methods (how members pay in) and the banks members withdraw to, as
 * the operator sets them up. Each function takes the database or the caller's transaction.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { banks, depositMethods } from '../db/schema'
import type { Db } from '../plugins/external/db'

export type DepositMethodRow = typeof depositMethods.$inferSelect
export type NewDepositMethod = typeof depositMethods.$inferInsert
export type BankRow = typeof banks.$inferSelect

const methodWhere = (merchantCode: string, code: string) =>
  and(eq(depositMethods.merchantCode, merchantCode), eq(depositMethods.code, code))

export function depositMethodsOf(db: Db, merchantCode: string): Promise<DepositMethodRow[]> {
  return db
    .select()
    .from(depositMethods)
    .where(eq(depositMethods.merchantCode, merchantCode))
    .orderBy(asc(depositMethods.sort))
}

export async function depositMethodByCode(
  db: Db,
  merchantCode: string,
  code: string,
): Promise<DepositMethodRow | undefined> {
  const [row] = await db.select().from(depositMethods).where(methodWhere(merchantCode, code))
  return row
}

/** The codes of the brand's online methods that are switched on. */
export async function enabledOnlineMethods(db: Db, merchantCode: string): Promise<string[]> {
  const rows = await db
    .select({ code: depositMethods.code })
    .from(depositMethods)
    .where(
      and(
        eq(depositMethods.merchantCode, merchantCode),
        eq(depositMethods.kind, 'ONLINE'),
        eq(depositMethods.enabled, true),
      ),
    )
  return rows.map((r) => r.code)
}

export async function setDepositMethodEnabled(db: Db, merchantCode: string, code: string, enabled: boolean) {
  await db.update(depositMethods).set({ enabled }).where(methodWhere(merchantCode, code))
}

/** The method's QR payload set (null: taken away); the row as it was before, or undefined when there is none. */
export async function setDepositMethodQr(
  db: Db,
  merchantCode: string,
  code: string,
  qrPayload: string | null,
): Promise<Pick<DepositMethodRow, 'qrPayload'> | undefined> {
  return db.transaction(async (tx) => {
    const [was] = await tx
      .select({ qrPayload: depositMethods.qrPayload })
      .from(depositMethods)
      .where(methodWhere(merchantCode, code))
      .for('update')
    if (!was) return undefined
    await tx.update(depositMethods).set({ qrPayload }).where(methodWhere(merchantCode, code))
    return was
  })
}

/**
 * One language's name merged in (or, with `null`, taken away) by the database, so two
 * changes at once both hold; the row as it is after, or undefined when there is none.
 */
export async function setDepositMethodName(
  db: Db,
  merchantCode: string,
  code: string,
  lang: string,
  name: string | null,
): Promise<Pick<DepositMethodRow, 'names' | 'name'> | undefined> {
  const [row] = await db
    .update(depositMethods)
    .set({
      names:
        name === null
          ? sql`${depositMethods.names} - ${lang}::text`
          : sql`${depositMethods.names} || ${JSON.stringify({ [lang]: name })}::jsonb`,
    })
    .where(methodWhere(merchantCode, code))
    .returning({ names: depositMethods.names, name: depositMethods.name })
  return row
}

/** Adds the method after the brand's others; false when the brand has one with its code. */
export async function insertDepositMethod(db: Db, row: Omit<NewDepositMethod, 'sort'>): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(depositMethods)
    .where(eq(depositMethods.merchantCode, row.merchantCode))
  const added = await db
    .insert(depositMethods)
    .values({ ...row, sort: n })
    .onConflictDoNothing()
    .returning({ code: depositMethods.code })
  return added.length > 0
}

/** The brand's banks in their order, without their pictures (each logo's hash says whether it has one). */
export function banksOf(db: Db, merchantCode: string): Promise<Omit<BankRow, 'logo'>[]> {
  return db
    .select({
      merchantCode: banks.merchantCode,
      code: banks.code,
      name: banks.name,
      sort: banks.sort,
      logoSha256: banks.logoSha256,
    })
    .from(banks)
    .where(eq(banks.merchantCode, merchantCode))
    .orderBy(asc(banks.sort))
}

/** The bank's name and picture (null: none), or undefined when the brand has no such bank. */
export async function bankLogoOf(
  db: Db,
  merchantCode: string,
  code: string,
): Promise<Pick<BankRow, 'name' | 'logo' | 'logoSha256'> | undefined> {
  const [row] = await db
    .select({ name: banks.name, logo: banks.logo, logoSha256: banks.logoSha256 })
    .from(banks)
    .where(and(eq(banks.merchantCode, merchantCode), eq(banks.code, code)))
  return row
}

/**
 * The bank's picture set (null: taken away, the monogram is drawn again); the row's logo
 * hash as it was before, or undefined when the brand has no such bank.
 */
export async function setBankLogoRow(
  db: Db,
  merchantCode: string,
  code: string,
  logo: { data: Buffer; sha256: string } | null,
): Promise<Pick<BankRow, 'logoSha256'> | undefined> {
  const where = and(eq(banks.merchantCode, merchantCode), eq(banks.code, code))
  return db.transaction(async (tx) => {
    const [was] = await tx.select({ logoSha256: banks.logoSha256 }).from(banks).where(where).for('update')
    if (!was) return undefined
    await tx
      .update(banks)
      .set({ logo: logo?.data ?? null, logoSha256: logo?.sha256 ?? null })
      .where(where)
    return was
  })
}

/** Adds the bank after the brand's others; false when the brand has one with its code. */
export async function insertBank(db: Db, merchantCode: string, code: string, name: string): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(banks)
    .where(eq(banks.merchantCode, merchantCode))
  const added = await db
    .insert(banks)
    .values({ merchantCode, code, name, sort: n })
    .onConflictDoNothing()
    .returning({ code: banks.code })
  return added.length > 0
}
