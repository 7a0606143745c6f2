/**
 * A brand whose earns were written before migration 0049 (one `EARN` per bet, its bet, basis
 * and rate on the transaction row): the migration moves each earn's facts to
 * `point_earn_bets`, the books still reconcile, and the member's points details still name
 * the bet's game.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { betRecords, members, merchants } from '#server/db/schema'
import * as schema from '#server/db/schema'
import { reconcilePoints } from '#server/loyalty/points/points-reconcile'
import { createPointsRepository } from '#server/loyalty/points/points-repository'
import { embeddedStartParams, migrationsFolder, openDatabase, rowsOf } from '#server/plugins/external/db'

const before = '0048_bank_logos'
const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** The migrations up to and including `last`, as a folder drizzle's migrator reads. */
function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
  dirs.push(dir)
  cpSync(migrationsFolder, dir, { recursive: true })
  const journalPath = path.join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  const end = journal.entries.findIndex((e) => e.tag === last)
  expect(end).toBeGreaterThan(0)
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }))
  return dir
}

describe('migration 0049: earns written one per bet', () => {
  it('moves each earn’s bet, basis and rate to its bets’ rows, and the books still reconcile', async () => {
    const pglite = await PGlite.create({ startParams: embeddedStartParams })
    await migrate(drizzle(pglite, { schema }), { migrationsFolder: migrationsUpTo(before) })
    const database = await openDatabase({ pglite })
    const db = database.db
    try {
      await db.insert(merchants).values({
        code: 'OLD',
        name: 'Old',
        shortName: 'Old',
        currency: 'USD',
        currencySymbol: '$',
        currencyDecimals: 2,
        defaultLanguage: 'en',
        languages: ['en'],
        themeColor: '#000000',
        backgroundColor: '#ffffff',
        logoUrl: '/logo.svg',
      })
      const [m] = await db
        .insert(members)
        .values({
          merchantCode: 'OLD',
          username: 'old01',
          account: 'old01',
          nickname: 'o',
          passwordHash: 'x',
        })
        .returning({ id: members.id })
      const memberId = m?.id ?? 0
      const at = new Date('2026-11-20T10:00:00Z')
      const bets = await db
        .insert(betRecords)
        .values(
          [1234n, 500n].map((validBet, i) => ({
            merchantCode: 'OLD',
            memberId,
            betNo: `old-${i}`,
            productType: 'RNG',
            accountTypeId: 2,
            vendorName: 'Old vendor',
            gameName: `Old slot ${i}`,
            betAmount: validBet,
            validBet,
            payout: 0n,
            status: 'SETTLED' as const,
            betTime: at,
            settledTime: at,
          })),
        )
        .returning({ id: betRecords.id, validBet: betRecords.validBet })
      // As 0035's earn wrote them: the settings, the accounts, one EARN per bet with its facts.
      await db.execute(sql`
        insert into point_configs (merchant_code, valid_from, enabled, rates, conversions)
        values ('OLD', ${new Date(at.getTime() - 86_400_000).toISOString()}::timestamptz, true, '{"RNG": 10}', '[]')`)
      await db.execute(sql`
        insert into point_accounts (merchant_code, code, member_id, allow_negative, balance)
        values ('OLD', ${`member:${memberId}:points`}, ${memberId}, false, 173),
               ('OLD', ${`house:points_issued:${memberId % 8}`}, null, true, -173)`)
      let balance = 0n
      for (const bet of bets) {
        const amount = (bet.validBet * 10n) / 100n
        balance += amount
        await db.execute(sql`
          with t as (
            insert into point_transactions (merchant_code, type, member_id, reference, actor, created_at,
                                            bet_record_id, basis, rate, config_id)
            values ('OLD', 'EARN', ${memberId}, ${`bet:${bet.id}`}, 'system', ${at.toISOString()}::timestamptz,
                    ${bet.id}, ${bet.validBet}, 10, (select id from point_configs where merchant_code = 'OLD'))
            returning id
          )
          insert into point_postings (transaction_id, account_id, amount, balance_after, created_at)
          select t.id, a.id, case when a.member_id is null then ${-amount}::bigint else ${amount}::bigint end,
                 case when a.member_id is null then ${-balance}::bigint else ${balance}::bigint end,
                 ${at.toISOString()}::timestamptz
          from t, point_accounts a where a.merchant_code = 'OLD'`)
      }

      await database.migrate()

      const moved = rowsOf<{ bet_record_id: number; basis: string; rate: number; amount: string }>(
        await db.execute(sql`
          select bet_record_id, basis::text as basis, rate, amount::text as amount
          from point_earn_bets order by bet_record_id`),
      )
      expect(moved).toEqual([
        { bet_record_id: bets[0]?.id, basis: '1234', rate: 10, amount: '123' },
        { bet_record_id: bets[1]?.id, basis: '500', rate: 10, amount: '50' },
      ])
      const report = await reconcilePoints(db)
      expect(report.earnDrift).toEqual([])
      expect(report.ok).toBe(true)
      const details = await createPointsRepository(db).movementPage({
        memberId,
        merchantCode: 'OLD',
        pageNo: 1,
        pageSize: 10,
      })
      expect(details.rows.map((r) => [r.type, r.amount, r.memo])).toEqual([
        ['EARN', 50n, 'Old slot 1'],
        ['EARN', 123n, 'Old slot 0'],
      ])
      // Written once: the moved rows are as immutable as the postings.
      await expect(db.execute(sql`update point_earn_bets set amount = 1`)).rejects.toThrow()
    } finally {
      await database.close()
    }
  })
})
