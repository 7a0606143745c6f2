/**
 * The brand's customer-service links as the operator edits them (members read them through
 * the system repository). Each function takes the database or the caller's transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import { customerService } from '../db/schema'
import type { Db } from '../plugins/external/db'

export type CustomerServiceRow = typeof customerService.$inferSelect

export function customerServiceLinks(db: Db, merchantCode: string): Promise<CustomerServiceRow[]> {
  return db
    .select()
    .from(customerService)
    .where(eq(customerService.merchantCode, merchantCode))
    .orderBy(asc(customerService.sort), asc(customerService.id))
}

export async function customerServiceLink(
  db: Db,
  merchantCode: string,
  id: number,
): Promise<CustomerServiceRow | undefined> {
  const [row] = await db
    .select()
    .from(customerService)
    .where(and(eq(customerService.merchantCode, merchantCode), eq(customerService.id, id)))
  return row
}

/**
 * One language's title merged in (or, with `null`, taken away) by the database, so two
 * changes at once both hold; the row after, or undefined when there is none.
 */
export async function setCustomerServiceTitle(
  db: Db,
  merchantCode: string,
  id: number,
  lang: string,
  title: string | null,
): Promise<CustomerServiceRow | undefined> {
  const [row] = await db
    .update(customerService)
    .set({
      titles:
        title === null
          ? sql`${customerService.titles} - ${lang}::text`
          : sql`${customerService.titles} || ${JSON.stringify({ [lang]: title })}::jsonb`,
    })
    .where(and(eq(customerService.merchantCode, merchantCode), eq(customerService.id, id)))
    .returning()
  return row
}
