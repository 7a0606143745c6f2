/**
 * A wide tree of daily-salary contracts for the settlement's crash and two-instance tests
 * (decision 024), written with one statement per step so a thousand pairs take a moment:
 *
 *   house ── top agent i (8 %₀ below 1,600.00 of team volume, 1 % from it)
 *              ├── sub-agent i (0.5 %) ── member a_i: one round of 1,000.00 + 0.37 × i
 *              └── member b_i: one round of 500.00 + 0.11 × i
 *
 * on each day asked for. The members' trigger keeps member_tree, the bets' triggers the
 * daily and hourly figures, as the product's own writes do. `expectedAmounts` is the table
 * worked by hand from those numbers; `settlementOn` is the service the app wires, on any
 * database handle (a test's own or a child process's).
 *
 * Not a test file: imported by the tests and by the child process a crash test kills.
 */
import { sql, type SQL } from 'drizzle-orm'
import { share, type ContractTerms } from '#contract/contracts'
import { mainAccountTypeId } from '#contract/wallet'
import { reconcileContracts } from '#server/contracts/reconcile'
import { createSettlementRepository } from '#server/contracts/settlement-repository'
import { createSettlementService, type SettlementService } from '#server/contracts/settlement-service'
import { createLedger } from '#server/money/ledger'
import { reconcile } from '#server/money/ledger-reconcile'
import { sweptNotices, type NoticeWriter } from '#server/notify/notices'
import { rowsOf, type Db } from '#server/plugins/external/db'
import { allMerchants } from '#server/system/brands-repository'

export const brand = 'DEMO'
/** The demo brand's zone (UTC+7, no daylight saving). */
export const zone = 'Asia/Phnom_Penh'
/** 2026-11-10 in Phnom Penh: the first day with rounds. */
export const firstDay = new Date('2026-11-09T17:00:00Z')
const dayMs = 86_400_000

export const topTerms: ContractTerms = {
  kind: 'dailySalary',
  tiers: [
    { from: 0, rate: 8_000 },
    { from: 160_000, rate: 10_000 },
  ],
}
export const subTerms: ContractTerms = { kind: 'dailySalary', tiers: [{ from: 0, rate: 5_000 }] }

/** The stakes of pair i (1-based), in minor units: sub-agent i's member and top agent i's own. */
export const stakes = (i: number) => ({ a: 100_000n + 37n * BigInt(i), b: 50_000n + 11n * BigInt(i) })

/** When `days` days from the first are closed and settleable (half an hour after the last ends). */
export const settleTime = (days: number) => new Date(firstDay.getTime() + days * dayMs + 30 * 60_000)

/**
 * What each agent is paid per day, worked by hand: the sub-agent 0.5 % of its member's
 * round; the top agent its rate (1 % once the team reaches 1,600.00, else 0.8 %) on both
 * rounds, less the sub-agent's pay. Keyed by username.
 */
export function expectedAmounts(prefix: string, pairs: number): Map<string, bigint> {
  const out = new Map<string, bigint>()
  for (let i = 1; i <= pairs; i++) {
    const { a, b } = stakes(i)
    const sub = share(a, 5_000)
    const team = a + b
    const top = share(team, team >= 160_000n ? 10_000 : 8_000)
    out.set(`${prefix}s${i}`, sub)
    out.set(`${prefix}t${i}`, top - sub)
  }
  return out
}

/**
 * Writes `pairs` top agents with a house contract, each with one sub-agent under a contract
 * of its own and a member under each, every contract accepted at the first day's start, and
 * one round per member on each of `days` days (settled at 12:00 local). Usernames start with
 * `prefix` (lower case letters).
 */
export async function writePairs(db: Db, o: { prefix: string; pairs: number; days: number }): Promise<void> {
  const { prefix: p, pairs } = o
  const at = firstDay.toISOString()
  const level = async (tag: string, type: number, parentTag: string | null) => {
    const parent =
      parentTag === null
        ? sql`null::int`
        : sql`(select id from members where merchant_code = ${brand} and username = ${p} || ${parentTag} || g)`
    await db.execute(sql`
      insert into members (merchant_code, username, account, password_hash, nickname, type, parent_id, created_at)
      select ${brand}, ${p} || ${tag} || g, ${p} || ${tag} || g, 'x', ${p} || ${tag} || g, ${type}::int, ${parent},
             ${at}::timestamptz - interval '30 days'
      from generate_series(1, ${pairs}::int) g`)
  }
  await level('t', 1, null)
  await level('s', 2, 't')
  await level('a', 0, 's')
  await level('b', 0, 't')
  // The agents' main wallets, as the ledger makes them.
  await db.execute(sql`
    insert into ledger_accounts (merchant_code, code, member_id, account_type_id, allow_negative)
    select ${brand}, 'member:' || id || ':' || ${mainAccountTypeId}::int, id, ${mainAccountTypeId}::int, false
    from members where merchant_code = ${brand} and username ~ ${`^${p}[ts][0-9]+$`}
    on conflict do nothing`)
  const contracts = async (tag: string, terms: ContractTerms, upline: SQL) => {
    await db.execute(sql`
      insert into agent_contracts (merchant_code, kind, upline_id, downline_id, terms, status, offered_at,
                                   answered_at, created_by)
      select ${brand}, ${terms.kind}, ${upline}, m.id, ${JSON.stringify(terms)}::jsonb, 'accepted',
             ${at}::timestamptz, ${at}::timestamptz, 'test'
      from members m where m.merchant_code = ${brand} and m.username ~ ${`^${p}${tag}[0-9]+$`}`)
  }
  await contracts('t', topTerms, sql`null::int`)
  await contracts('s', subTerms, sql`m.parent_id`)
  for (let d = 0; d < o.days; d++) {
    const settled = new Date(firstDay.getTime() + d * dayMs + 12 * 3_600_000).toISOString()
    await db.execute(sql`
      insert into bet_records (merchant_code, member_id, bet_no, product_type, account_type_id, vendor_name,
                               game_name, game_code, vassalage, bet_amount, valid_bet, payout, status,
                               bet_time, settled_time)
      select ${brand}, m.id, ${p} || '-' || ${d}::int || '-' || m.id, 'SLOT', 2, 'Test Slots', 'Test Slot', 'TS1',
             'TEST', x.stake, x.stake, case when x.g % 3 = 0 then x.stake * 2 else 0 end, 'SETTLED',
             ${settled}::timestamptz - interval '30 seconds', ${settled}::timestamptz
      from (
        select g, 'a' as tag, 100000 + 37 * g::bigint as stake from generate_series(1, ${pairs}::int) g
        union all
        select g, 'b', 50000 + 11 * g::bigint from generate_series(1, ${pairs}::int) g
      ) x join members m on m.merchant_code = ${brand} and m.username = ${p} || x.tag || x.g`)
  }
}

/** The service as the app wires it (server/contracts/plugin.ts), on `db`, at `now`. */
export function settlementOn(
  db: Db,
  now: () => Date,
  notices: NoticeWriter = sweptNotices,
): SettlementService {
  return createSettlementService({
    db,
    ledger: createLedger(db),
    repo: createSettlementRepository(db),
    notices,
    now,
    merchants: () => allMerchants(db),
  })
}

/** Every payment of the prefix's agents: username, the period's start, the amount. */
export async function paymentsOf(db: Db, prefix: string) {
  const rows = rowsOf<{ username: string; period_start: Date | string; amount: string | number }>(
    await db.execute(sql`
      select m.username, p.period_start, p.amount::text as amount
      from contract_payments p join members m on m.id = p.agent_id
      where m.merchant_code = ${brand} and m.username like ${`${prefix}%`}
      order by p.id`),
  )
  return rows.map((r) => ({
    username: r.username,
    periodStart: new Date(r.period_start).toISOString(),
    amount: BigInt(r.amount),
  }))
}

/** The ledger's and the contracts' reconciliations, each reduced to what an operator reads. */
export async function reconciled(db: Db) {
  const ledger = await reconcile(db)
  const contracts = await reconcileContracts(db, brand)
  return {
    ledgerOk: ledger.ok,
    drift: [
      ...ledger.balanceDrift.map((d) => d.code),
      ...ledger.statsDrift.map((d) => `${d.memberId} ${d.figure}`),
    ],
    contractsOk: contracts.ok,
    mismatches: contracts.mismatches,
    payments: contracts.payments,
    paid: BigInt(contracts.paid),
    houseBalance: BigInt(contracts.houseBalance),
  }
}
