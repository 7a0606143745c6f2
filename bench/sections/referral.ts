/**
 * Member referrals (issue 37's figure, decision 032): the friends list
 * (`MCSFE_getInviteList`, the repository's one query and its count) for a member with
 * BENCH_REFERRAL_FRIENDS friends (default 10,000), each with a month of day rows, on
 * PostgreSQL in a scratch database made from BENCH_DATABASE_URL's server and dropped
 * afterwards. First pages and deep pages, read one after another. Goal: p99 ≤ 50 ms.
 * Reported (PASS/OVER), never a failing exit.
 *
 * The figure is the repository's query (the referral's kept totals, the page's ids from the
 * index alone). The first version's query (offset over the join, one lateral sum over each
 * friend's days) is kept here and read interleaved with it, read for read on the same pages,
 * so the ratio between them is of one run on one host load.
 */
import os from 'node:os'
import { sql } from 'drizzle-orm'
import { openDatabase, rowsOf, type Db } from '#server/plugins/external/db'
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
        await db.execute(sql`vacuum analyze`)
        const [ref] = rowsOf<{ id: number }>(await db.execute(sql`select min(id)::int as id from members`))
        const repo = createReferralRepository(db)
        const referrerId = ref?.id ?? 0
        const pages = Math.ceil(friends / 20)
        const times: number[] = []
        const before: number[] = []
        const deepAfter: number[] = []
        const deepBefore: number[] = []
        const loadStart = os.loadavg()[0] ?? 0
        for (let i = 0; i < reads; i++) {
          // Most reads are the first pages; one in ten is a deep page.
          const deep = i % 10 === 9
          const pageNo = deep ? 1 + ((i * 37) % pages) : 1 + (i % 3)
          // Which of the two goes first alternates, so neither always reads a warmed cache.
          for (const which of i % 2 === 0 ? ['after', 'before'] : ['before', 'after']) {
            const t0 = performance.now()
            if (which === 'after') {
              const page = await repo.friends(referrerId, { pageNo, pageSize: 20 })
              const ms = performance.now() - t0
              times.push(ms)
              if (deep) deepAfter.push(ms)
              if (page.total !== friends) throw new Error(`expected ${friends} friends, got ${page.total}`)
            } else {
              await firstVersion(db, referrerId, pageNo, 20)
              const ms = performance.now() - t0
              before.push(ms)
              if (deep) deepBefore.push(ms)
            }
          }
        }
        for (const t of [times, before, deepAfter, deepBefore]) t.sort((a, b) => a - b)
        const fix = (n: number) => Number(n.toFixed(1))
        return {
          friends,
          reads,
          p50Ms: fix(pct(times, 50)),
          p99Ms: fix(pct(times, 99)),
          deepP50Ms: fix(pct(deepAfter, 50)),
          beforeP50Ms: fix(pct(before, 50)),
          beforeP99Ms: fix(pct(before, 99)),
          beforeDeepP50Ms: fix(pct(deepBefore, 50)),
          loadAvg: `${loadStart.toFixed(2)}-${(os.loadavg()[0] ?? 0).toFixed(2)}`,
        }
      } finally {
        await database.close()
      }
    })
    ctx.log(
      `friends list, ${num(friends)} friends: p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, deep pages p50 ${figures.deepP50Ms} ms; ` +
        `first version interleaved: p50 ${figures.beforeP50Ms} ms, p99 ${figures.beforeP99Ms} ms, deep pages p50 ${figures.beforeDeepP50Ms} ms (load ${figures.loadAvg})`,
    )
    summary.push({
      metric: `friends list p99 (${num(friends)} friends, PostgreSQL)`,
      value: `${figures.p99Ms} ms`,
      note: `${figures.p99Ms <= budgetP99Ms ? 'PASS' : 'OVER'} (goal ≤ ${budgetP99Ms} ms); p50 ${figures.p50Ms} ms; first version p99 ${figures.beforeP99Ms} ms; load ${figures.loadAvg}`,
    })
    return { figures, summary }
  },
}

/** The first version's page query (decision 032 before the kept totals), for the ratio. */
async function firstVersion(db: Db, referrerId: number, pageNo: number, pageSize: number) {
  const offset = (pageNo - 1) * pageSize
  await Promise.all([
    db.execute(sql`
      select r.id, m.username, m.created_at as joined_at, r.review, r.reward_amount::text as reward_amount,
        coalesce(s.deposit_count, 0) > 0 as deposited, coalesce(s.valid_bet, 0)::text as valid_bet
      from referrals r
      join members m on m.id = r.friend_id
      left join lateral (
        select sum(d.deposit_count) as deposit_count, sum(d.valid_bet) as valid_bet
        from member_daily_stats d where d.member_id = r.friend_id) s on true
      where r.referrer_id = ${referrerId}
      order by r.id desc
      limit ${pageSize} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from referrals where referrer_id = ${referrerId}`),
  ])
}
