/**
 * Lottery settlement: one draw of the 1-minute e-lottery with 100,000 bets from 1,000
 * members, on PostgreSQL (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test,
 * in a temporary database). The bets are written as placing writes them (bets, bet
 * records, one BET movement per member through the ledger), then the draw job's work is
 * timed: the issue locked, every bet evaluated, bets and bet records updated, each winner
 * credited once through the ledger, in one transaction. Then the ledger and the lottery's
 * books are reconciled.
 *
 * Budget: at least 20,000 bets settled per second on this 2-core machine (shared: the load
 * average is printed beside the figure). BENCH_LOTTERY_BETS sets the number of bets.
 *
 * Then placing (no budget, a figure): orders of one line each on the next issue through the
 * placing service itself (place-order.ts: the issue held FOR SHARE, the ledger's BET movement
 * into the brand's lottery house account, the bets and bet records, the idempotency key, in
 * one transaction), from 16 members at once for BENCH_LOTTERY_PLACE_SECONDS (default 3):
 * orders/s and their latency. Every order of a brand moves its one house account, so this is
 * where placing is serialized. The books are reconciled again after it.
 */
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { members } from '#server/db/schema'
import { seedDemoBrand } from '#server/db/seed'
import { createLotteryEngine } from '#server/lottery/engine'
import { slotAt } from '#server/lottery/issues'
import { createOrderPlacer } from '#server/lottery/place-order'
import { reconcileLottery } from '#server/lottery/reconcile'
import { selectionText, type Selection } from '#server/lottery/rules'
import { pointsEarnerOf } from '#server/loyalty/points/earn'
import { createLedger } from '#server/money/ledger'
import { reconcile } from '#server/money/ledger-reconcile'
import { createMoneySettings } from '#server/money/settings'
import { openDatabase } from '#server/plugins/external/db'
import { createSystemRepository } from '#server/system/system-repository'
import { num } from '../lib/format'
import { pgReachable, withTempPg } from '../lib/pg'
import { stats } from '../lib/stats'
import type { BenchSection, SectionResult } from '../lib/types'

const betCount = Number(process.env.BENCH_LOTTERY_BETS ?? 100_000)
const placeSeconds = Number(process.env.BENCH_LOTTERY_PLACE_SECONDS ?? 3)
const placers = 16
const memberCount = 1000
const budgetPerS = 20_000
const merchant = 'DEMO'
const chunk = 10_000

type Line = { betType: 'POS_DIGIT' | 'BIG_SMALL' | 'ODD_EVEN'; selection: Selection; oddsMilli: number }

function lineOf(i: number): Line {
  switch (i % 3) {
    case 0:
      return { betType: 'POS_DIGIT', selection: { position: (i % 5) + 1, digits: [i % 10] }, oddsMilli: 9800 }
    case 1:
      return { betType: 'BIG_SMALL', selection: { pick: i % 2 ? 'BIG' : 'SMALL' }, oddsMilli: 1960 }
    default:
      return { betType: 'ODD_EVEN', selection: { pick: i % 2 ? 'ODD' : 'EVEN' }, oddsMilli: 1960 }
  }
}

export const section: BenchSection = {
  name: 'lottery',
  title: `Lottery: one draw with ${num(betCount)} bets settled on PostgreSQL, with the reconciliation`,
  order: 62,
  async run(ctx): Promise<SectionResult> {
    if (!(await pgReachable())) {
      ctx.log('PostgreSQL not reachable (BENCH_DATABASE_URL): skipped')
      return {
        figures: { skipped: true },
        summary: [{ metric: 'lottery settlement', value: 'skipped', note: 'no PostgreSQL' }],
      }
    }
    return withTempPg(async (url) => {
      const database = await openDatabase({ databaseUrl: url, poolMax: 4 })
      try {
        await database.migrate()
        await seedDemoBrand(database.db, merchant, async () => 'not-a-password-hash')
        const db = database.db
        const ledger = createLedger(db)
        // The clock of the draw: a fixed instant, the bets in the issue open then.
        const at = new Date(Date.UTC(2026, 0, 5, 3, 0, 20))
        const engine = createLotteryEngine({ db, ledger, points: pointsEarnerOf(db), now: () => at })
        const game = await engine.games.byCode(merchant, 'E5D1')
        if (!game) throw new Error('the demo brand has no E5D1')
        const slot = slotAt(game.schedule, at)
        const issue = await engine.keeper.issueOf(game, slot)
        if (!issue) throw new Error('no issue made')

        const rows = await db
          .insert(members)
          .values(
            Array.from({ length: memberCount }, (_, i) => ({
              merchantCode: merchant,
              username: `lot${i}`,
              account: `lot${i}`,
              nickname: `lot${i}`,
              passwordHash: 'x',
            })),
          )
          .returning({ id: members.id })
        const wallets = new Map<number, number>()
        for (const m of rows) wallets.set(m.id, await ledger.memberAccount(merchant, m.id))
        const house = await ledger.houseAccount(merchant, 'adjustments')
        const lotteryHouse = await ledger.houseAccount(merchant, 'lottery')
        const perMember = BigInt(Math.ceil(betCount / memberCount)) * 100n
        await db.transaction((tx) =>
          ledger.postBatch(tx, {
            merchantCode: merchant,
            type: 'ADJUSTMENT',
            actor: 'operator',
            at,
            counterAccountId: house,
            items: rows.map((m) => ({
              accountId: wallets.get(m.id) ?? 0,
              memberId: m.id,
              amount: perMember,
              reference: null,
              memo: 'bench float',
            })),
          }),
        )

        const placeStart = performance.now()
        // Stakes of 1.00 each: what placing debits, one BET movement per member.
        const stakes = new Map<number, bigint>()
        for (let from = 0; from < betCount; from += chunk) {
          const n = Math.min(chunk, betCount - from)
          const memberIds: number[] = []
          const types: string[] = []
          const selections: string[] = []
          const texts: string[] = []
          const odds: number[] = []
          for (let k = 0; k < n; k++) {
            const i = from + k
            const m = rows[i % memberCount]?.id ?? 0
            const l = lineOf(i)
            memberIds.push(m)
            types.push(l.betType)
            selections.push(JSON.stringify(l.selection))
            texts.push(selectionText(l.betType, l.selection))
            odds.push(l.oddsMilli)
            stakes.set(m, (stakes.get(m) ?? 0n) + 100n)
          }
          const q = (xs: (string | number)[]) =>
            `{${xs.map((x) => `"${String(x).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`
          await db.execute(sql`
            with d as (
              select * from unnest(${q(memberIds)}::int[], ${q(types)}::text[], ${q(selections)}::jsonb[],
                                   ${q(texts)}::text[], ${q(odds)}::int[])
                as d(member_id, bet_type, selection, selection_text, odds_milli)
            ), b as (
              insert into lottery_bets (order_id, merchant_code, member_id, game_id, issue_id, numero, bet_type,
                                        selection, selection_text, stake, units, amount, odds_milli, bet_time)
              select 'bench', ${merchant}, member_id, ${game.row.id}, ${issue.id}, ${issue.numero}, bet_type,
                     selection, selection_text, 100, 1, 100, odds_milli, ${at.toISOString()}::timestamptz
              from d
              returning id, member_id, amount
            )
            insert into bet_records (merchant_code, member_id, bet_no, product_type, account_type_id, vendor_name,
                                     game_name, game_code, vassalage, bet_amount, valid_bet, payout, status, bet_time)
            select ${merchant}, member_id, id::text, 'ELOTT', 2, 'Speed 5D 1 min', 'Speed 5D 1 min', 'E5D1', 'LOTTERY',
                   amount, 0, 0, 'UNSETTLED', ${at.toISOString()}::timestamptz
            from b`)
        }
        await db.transaction((tx) =>
          ledger.postBatch(tx, {
            merchantCode: merchant,
            type: 'BET',
            actor: 'member',
            at,
            counterAccountId: lotteryHouse,
            items: [...stakes].map(([memberId, amount]) => ({
              accountId: wallets.get(memberId) ?? 0,
              memberId,
              amount: -amount,
              reference: null,
              memo: 'bench bets',
            })),
          }),
        )
        const placeS = (performance.now() - placeStart) / 1000
        ctx.log(`${num(betCount)} bets of ${num(memberCount)} members written in ${placeS.toFixed(1)} s`)
        await db.execute(sql`analyze`)

        const load = os.loadavg()
        const t0 = performance.now()
        const cpu0 = process.cpuUsage()
        const outcome = await engine.settlement.draw(issue.id, new Date(slot.closeAt))
        const seconds = (performance.now() - t0) / 1000
        const cpu = process.cpuUsage(cpu0)
        if (outcome.state !== 'drawn') throw new Error(`the draw did not run: ${outcome.state}`)
        const perS = outcome.bets / seconds
        const ledgerReport = await reconcile(db)
        const lotteryReport = await reconcileLottery(db, merchant, new Date(slot.closeAt + 1000))
        const verdict = perS >= budgetPerS ? 'PASS' : 'OVER'
        ctx.log(
          `draw ${issue.numero} (${outcome.main}): ${num(outcome.bets)} bets, ${num(outcome.winners)} winning, paid ${outcome.paid} minor units`,
        )
        ctx.log(
          `settled in ${seconds.toFixed(2)} s: ${num(Math.round(perS))} bets/s (budget ≥ ${num(budgetPerS)}: ${verdict}); ` +
            `bench process CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms; load average before ${load.map((x) => x.toFixed(2)).join(' ')} on ${os.cpus().length} cores`,
        )
        ctx.log(
          `ledger ${ledgerReport.ok ? 'reconciles' : 'DOES NOT RECONCILE'}; lottery ${lotteryReport.ok ? 'reconciles' : `DOES NOT RECONCILE: ${lotteryReport.mismatches.join('; ')}`}`,
        )

        // Placing: the next issue, open a few seconds after this one's close.
        const later = new Date(slot.closeAt + 5_000)
        const placing = createLotteryEngine({ db, ledger, points: pointsEarnerOf(db), now: () => later })
        const next = slotAt(game.schedule, later)
        const place = createOrderPlacer({
          db,
          ledger,
          settings: createMoneySettings(db, createSystemRepository(db), 60_000),
          games: placing.games,
          keeper: placing.keeper,
          now: () => later,
        })
        // Enough for every order (the draw above spent the float of the members who lost).
        await db.transaction((tx) =>
          ledger.postBatch(tx, {
            merchantCode: merchant,
            type: 'ADJUSTMENT',
            actor: 'operator',
            at: later,
            counterAccountId: house,
            items: rows.slice(0, placers).map((m) => ({
              accountId: wallets.get(m.id) ?? 0,
              memberId: m.id,
              amount: 1_000_000n,
              reference: null,
              memo: 'bench float for placing',
            })),
          }),
        )
        const latencies: number[] = []
        const refusals = new Map<string, number>()
        let refused = 0
        const placeLoad = os.loadavg()
        const ordersStart = performance.now()
        const until = ordersStart + placeSeconds * 1000
        await Promise.all(
          rows.slice(0, placers).map(async (m, w) => {
            for (let i = 0; performance.now() < until; i++) {
              const t = performance.now()
              try {
                await place({
                  input: {
                    lottoGameCode: 'E5D1',
                    numero: next.numero,
                    bets: [
                      { betType: 'POS_DIGIT', position: (i % 5) + 1, digits: [(i + w) % 10], stake: '1' },
                    ],
                  },
                  caller: {
                    merchantCode: merchant,
                    locale: 'en',
                    ip: '127.0.0.1',
                    country: null,
                    session: {
                      sessionId: 0,
                      memberId: m.id,
                      merchantCode: merchant,
                      type: 0,
                      username: `lot${w}`,
                      mustChangePassword: false,
                    },
                    idempotency: {
                      memberId: m.id,
                      key: randomUUID(),
                      endpoint: 'lottery.placeOrder',
                      hash: 'bench',
                    },
                  },
                })
                latencies.push(performance.now() - t)
              } catch (err) {
                refused += 1
                const code = (err as { errorCode?: string }).errorCode ?? (err as Error).message
                refusals.set(code, (refusals.get(code) ?? 0) + 1)
              }
            }
          }),
        )
        const placeS2 = (performance.now() - ordersStart) / 1000
        const orderStats = stats(latencies)
        const ordersPerS = latencies.length / placeS2
        const afterPlacing = await reconcile(db)
        ctx.log(
          `placing: ${num(latencies.length)} orders of one line from ${placers} members at once in ${placeS2.toFixed(1)} s: ` +
            `${num(Math.round(ordersPerS))} orders/s, p50 ${orderStats.p50Ms.toFixed(1)} ms, p99 ${orderStats.p99Ms.toFixed(1)} ms, ` +
            `${refused} refused${refused ? ` (${[...refusals].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}; ledger ${afterPlacing.ok ? 'reconciles' : 'DOES NOT RECONCILE'}; load ${placeLoad.map((x) => x.toFixed(2)).join(' ')}`,
        )
        return {
          figures: {
            bets: outcome.bets,
            members: memberCount,
            winners: outcome.winners,
            paidMinor: outcome.paid.toString(),
            seconds,
            betsPerSecond: perS,
            budgetPerSecond: budgetPerS,
            verdict,
            loadAverage: load,
            cores: os.cpus().length,
            ledgerReconciles: ledgerReport.ok,
            lotteryReconciles: lotteryReport.ok,
            lotteryMismatches: lotteryReport.mismatches,
            ordersPlaced: latencies.length,
            ordersPerSecond: ordersPerS,
            orderP50Ms: orderStats.p50Ms,
            orderP99Ms: orderStats.p99Ms,
            ordersRefused: refused,
            ledgerReconcilesAfterPlacing: afterPlacing.ok,
          },
          summary: [
            {
              metric: `lottery bets settled/s (${num(outcome.bets)} in one draw, PostgreSQL)`,
              value: num(Math.round(perS)),
              note: `${verdict} (≥ ${num(budgetPerS)}); load ${load[0]?.toFixed(2)}`,
            },
            {
              metric: 'lottery reconcile after the draw',
              value: ledgerReport.ok && lotteryReport.ok ? 'ok' : 'FAILED',
            },
            {
              metric: `lottery orders placed/s (${placers} members at once, PostgreSQL)`,
              value: num(Math.round(ordersPerS)),
              note: `p99 ${orderStats.p99Ms.toFixed(1)} ms; ${refused} refused; ledger ${afterPlacing.ok ? 'reconciles' : 'FAILED'}`,
            },
          ],
        }
      } finally {
        await database.close()
      }
    })
  },
}
