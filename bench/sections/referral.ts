/**
 * Member referrals (issue 37's figure, decision 032): the friends list
 * (`MCSFE_getInviteList`, the repository's one query and its count) for a member with
 * BENCH_REFERRAL_FRIENDS friends (default 10,000), each with a month of day rows, on
 * PostgreSQL in a scratch database made from BENCH_DATABASE_URL's server and dropped
 * afterwards. First pages and deep pages, read one after another. Goal: p99 ≤ 50 ms.
 * Reported (PASS/OVER), never a failing exit.
 */
import os from 'node:os'
import { sql } from 'drizzle-orm'
import { openDatabase, rowsOf } from '#server/plugins/external/db'
import { createReferralRepository } from '#server/referral/referral-repository'
import { num } from '../lib/format'
import { maintenanceUrl, pgReachable, withScratchPg } from '../lib/pg'
import type { BenchSection, SectionResult, SummaryRow } from '../lib/types'

const friends = Math.max(1, Math.floor(Number(process.env.BENCH_REFERRAL_FRIENDS ?? 10_000)))
const reads = 400
const budgetP99Ms = 50

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

export const section: BenchSection = {
  name: 'referral',
  title: `Referrals: the friends list of a member with ${num(friends)} friends (PostgreSQL)`,
  order: 69,
  async run(ctx): Promise<SectionResult> {
    const summary: SummaryRow[] = []
    if (!(await pgReachable(maintenanceUrl()))) {
      ctx.log('PostgreSQL not reachable: skipped')
      return { figures: { skipped: true }, summary: [{ metric: 'friends list p99', value: 'skipped' }] }
    }
    const figures = await withScratchPg('bench_referral', async (url) => {
      const database = await openDatabase({ databaseUrl: url, poolMax: 4 })
      try {
        await database.migrate()
        const { db } = database
        await db.execute(sql`
          insert into merchants (code, name, short_name, currency, currency_symbol, currency_decimals,
            default_language, languages, theme_color, background_color, logo_url)
          values ('BENCH', 'Bench', 'B', 'USD', '$', 2, 'en', '["en"]', '#000', '#fff', '/logo.svg')`)
        await db.execute(sql`
          insert into members (merchant_code, username, account, password_hash, nickname, created_at)
          select 'BENCH', 'u' || g, 'u' || g, 'x', 'u' || g, now() - (g || ' minutes')::interval
          from generate_series(0, ${friends}) g`)
        await db.execute(sql`
          insert into referrals (merchant_code, referrer_id, friend_id, code, friend_ip, review, created_at)
          select 'BENCH', (select min(id) from members), m.id, 'BENCH001', '10.0.0.1', 'ok', m.created_at
          from members m where m.id > (select min(id) from members)`)
        await db.execute(sql`
          insert into member_daily_stats (member_id, merchant_code, day, deposits, deposit_count, valid_bet)
          select m.id, 'BENCH', (date '2026-10-01' + d), 1000, case when d = 0 then 1 else 0 end, 500
          from members m cross join generate_series(0, 29) d
          where m.id > (select min(id) from members)`)
        await db.execute(sql`analyze`)
        const [ref] = rowsOf<{ id: number }>(await db.execute(sql`select min(id)::int as id from members`))
        const repo = createReferralRepository(db)
        const pages = Math.ceil(friends / 20)
        const times: number[] = []
        for (let i = 0; i < reads; i++) {
          // Most reads are the first pages; one in ten is a deep page.
          const pageNo = i % 10 === 9 ? 1 + ((i * 37) % pages) : 1 + (i % 3)
          const t0 = performance.now()
          const page = await repo.friends(ref?.id ?? 0, { pageNo, pageSize: 20 })
          times.push(performance.now() - t0)
          if (page.total !== friends) throw new Error(`expected ${friends} friends, got ${page.total}`)
        }
        times.sort((a, b) => a - b)
        return {
          friends,
          reads,
          p50Ms: Number(pct(times, 50).toFixed(1)),
          p99Ms: Number(pct(times, 99).toFixed(1)),
          loadAvg: os.loadavg()[0]?.toFixed(2) ?? '?',
        }
      } finally {
        await database.close()
      }
    })
    ctx.log(
      `friends list, ${num(friends)} friends: p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms (load ${figures.loadAvg})`,
    )
    summary.push({
      metric: `friends list p99 (${num(friends)} friends, PostgreSQL)`,
      value: `${figures.p99Ms} ms`,
      note: `${figures.p99Ms <= budgetP99Ms ? 'PASS' : 'OVER'} (goal ≤ ${budgetP99Ms} ms); p50 ${figures.p50Ms} ms, load ${figures.loadAvg}`,
    })
    return { figures, summary }
  },
}
