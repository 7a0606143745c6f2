/**
 * Game money reconciles three ways for a brand: what the ledger moved as stakes and wins
 * (through the house accounts `games` and `trial_games`, trial accounts' play money), what the vendors' transactions say they were, and
 * what the rounds (bet records written by the seamless wallet) add up to. The in-house
 * lottery's bet records reconcile on their own (server/lottery/reconcile.ts).
 *
 * - stakes: debits taken (including those rolled back later) less what rollbacks returned;
 *   on the rounds, the stakes of rounds not cancelled;
 * - wins: credits paid; on the rounds, their payouts;
 * - the two accounts' balances add up to stakes less wins.
 *
 * Vendor transactions older than the retention are pruned (docs/decisions/012); what they
 * added up to is kept per brand in `vendor_transaction_totals` and counted here with the rest.
 */
import { sql } from 'drizzle-orm'
import { lotteryVassalage } from '../lottery/settle'
import { houseAccountCode } from '../money/ledger'
import { rowsOf, type Db } from '../plugins/external/db'

export interface GameReconcileReport {
  ok: boolean
  merchantCode: string
  /** Minor units as decimal strings (bigint sums). */
  ledger: { stakes: string; wins: string; gamesBalance: string; movements: number }
  vendorTransactions: { stakes: string; wins: string; debits: number; credits: number; rollbacks: number }
  rounds: { stakes: string; wins: string; rounds: number; unsettled: number; cancelled: number }
  /** What differs, in words; empty when everything agrees. */
  mismatches: string[]
}

export async function reconcileGames(db: Db, merchantCode: string): Promise<GameReconcileReport> {
  // Trial accounts' play money moves through `trial_games`: counted with the rest, as its bets are.
  const houses = [houseAccountCode('games'), houseAccountCode('trial_games')]
  const [ledgerRows, txRows, roundRows] = await Promise.all([
    db.execute(sql`
      select coalesce(sum(p.amount) filter (where t.type = 'BET'), 0)::text as stakes,
             coalesce(-sum(p.amount) filter (where t.type = 'PAYOUT'), 0)::text as wins,
             (select coalesce(sum(h.balance), 0) from ledger_accounts h
              where h.merchant_code = ${merchantCode} and h.code in (${houses[0]}, ${houses[1]}))::text as balance,
             count(p.id)::int as movements
      from ledger_accounts a
      left join ledger_postings p on p.account_id = a.id
      left join ledger_transactions t on t.id = p.transaction_id
      where a.merchant_code = ${merchantCode} and a.code in (${houses[0]}, ${houses[1]})`),
    // The rows kept and what the pruned ones added up to (vendor_transaction_totals), in one
    // statement: a prune between the two reads cannot count a row twice or not at all.
    db.execute(sql`
      with kept as (
        select coalesce(sum(amount) filter (where kind = 'debit' and state <> 'tombstone'), 0) as stakes,
               coalesce(sum(amount) filter (where kind = 'rollback'), 0) as returned,
               coalesce(sum(amount) filter (where kind = 'credit'), 0) as wins,
               count(*) filter (where kind = 'debit' and state <> 'tombstone') as debits,
               count(*) filter (where kind = 'credit') as credits,
               count(*) filter (where kind = 'rollback') as rollbacks
        from vendor_transactions where merchant_code = ${merchantCode}
      ), pruned as (
        select coalesce(sum(stakes), 0) as stakes, coalesce(sum(returned), 0) as returned,
               coalesce(sum(wins), 0) as wins, coalesce(sum(debits), 0) as debits,
               coalesce(sum(credits), 0) as credits, coalesce(sum(rollbacks), 0) as rollbacks
        from vendor_transaction_totals where merchant_code = ${merchantCode}
      )
      select (k.stakes + p.stakes - k.returned - p.returned)::text as stakes,
             (k.wins + p.wins)::text as wins,
             (k.debits + p.debits)::int as debits,
             (k.credits + p.credits)::int as credits,
             (k.rollbacks + p.rollbacks)::int as rollbacks
      from kept k, pruned p`),
    db.execute(sql`
      select coalesce(sum(bet_amount) filter (where status <> 'CANCELLED'), 0)::text as stakes,
             coalesce(sum(payout), 0)::text as wins,
             count(*)::int as rounds,
             (count(*) filter (where status = 'UNSETTLED'))::int as unsettled,
             (count(*) filter (where status = 'CANCELLED'))::int as cancelled
      from bet_records where merchant_code = ${merchantCode} and vassalage is not null
        and vassalage <> ${lotteryVassalage}`),
  ])
  const l = rowsOf<{ stakes: string; wins: string; balance: string; movements: number }>(ledgerRows)[0]
  const v = rowsOf<{ stakes: string; wins: string; debits: number; credits: number; rollbacks: number }>(
    txRows,
  )[0]
  const r = rowsOf<{ stakes: string; wins: string; rounds: number; unsettled: number; cancelled: number }>(
    roundRows,
  )[0]
  const big = (x: string | undefined) => BigInt(x ?? 0)
  const report: GameReconcileReport = {
    ok: false,
    merchantCode,
    ledger: {
      stakes: big(l?.stakes).toString(),
      wins: big(l?.wins).toString(),
      gamesBalance: big(l?.balance).toString(),
      movements: Number(l?.movements ?? 0),
    },
    vendorTransactions: {
      stakes: big(v?.stakes).toString(),
      wins: big(v?.wins).toString(),
      debits: Number(v?.debits ?? 0),
      credits: Number(v?.credits ?? 0),
      rollbacks: Number(v?.rollbacks ?? 0),
    },
    rounds: {
      stakes: big(r?.stakes).toString(),
      wins: big(r?.wins).toString(),
      rounds: Number(r?.rounds ?? 0),
      unsettled: Number(r?.unsettled ?? 0),
      cancelled: Number(r?.cancelled ?? 0),
    },
    mismatches: [],
  }
  const m = report.mismatches
  const { ledger: lg, vendorTransactions: vt, rounds: rd } = report
  if (lg.stakes !== vt.stakes) m.push(`stakes: ledger ${lg.stakes}, vendor transactions ${vt.stakes}`)
  if (lg.stakes !== rd.stakes) m.push(`stakes: ledger ${lg.stakes}, rounds ${rd.stakes}`)
  if (lg.wins !== vt.wins) m.push(`wins: ledger ${lg.wins}, vendor transactions ${vt.wins}`)
  if (lg.wins !== rd.wins) m.push(`wins: ledger ${lg.wins}, rounds ${rd.wins}`)
  const house = big(lg.stakes) - big(lg.wins)
  if (house.toString() !== lg.gamesBalance) {
    m.push(`games account: balance ${lg.gamesBalance}, stakes less wins ${house.toString()}`)
  }
  report.ok = m.length === 0
  return report
}

/** The report as a line for the operator or the bench. */
export function formatGameReconcile(r: GameReconcileReport): string {
  const head = `${r.ok ? 'game money reconciles' : 'GAME MONEY DOES NOT RECONCILE'} for ${r.merchantCode}: stakes ${r.ledger.stakes}, wins ${r.ledger.wins}, ${r.rounds.rounds} rounds (${r.rounds.unsettled} open, ${r.rounds.cancelled} cancelled), ${r.vendorTransactions.debits} debits, ${r.vendorTransactions.credits} credits, ${r.vendorTransactions.rollbacks} rollbacks`
  return [head, ...r.mismatches.map((x) => `  ${x}`)].join('\n')
}
