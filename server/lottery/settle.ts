/**
 * Drawing and settling an issue, and voiding one. Each is ONE database transaction: the
 * issue row locked FOR UPDATE, its status moved from OPEN (guarded, so a second run or a
 * second server finds it done and does nothing), every pending bet evaluated, the winners
 * credited through the ledger (one movement per member and issue: the sum of their
 * payouts), the bets and their bet records updated. A crash leaves no result, or a complete
 * settled one.
 *
 * Set-based for large draws: the bets are read once, their hits and payouts computed here
 * (the rules are the engine's, rules.ts), written back with one UPDATE … FROM unnest(…)
 * that also settles their bet records, and the credits posted as one ledger batch.
 *
 * Bets are refused from the issue's closeAt on (place-order.ts holds the issue FOR SHARE
 * while it checks and writes), so every bet that landed is in the draw and none after it.
 */
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod/mini'
import { memberTypes } from '#contract/identity-values'
import { lotteryBetTypes, lotteryPicks } from '#contract/lottery'
import { mainAccountTypeId } from '#contract/wallet'
import { lotteryIssues, type StoredDrawResult } from '../db/schema'
import type { PointsEarner } from '../loyalty/points/earn'
import type { Ledger } from '../money/ledger'
import { rowsOf, type Db, type Tx } from '../plugins/external/db'
import type { LotteryGamesRepository } from './games-repository'
import { drawFromSeed } from './rng'
import { hitsOf, payoutOf, type Selection } from './rules'

/** The vendor code lottery bet records are filed under (the in-house engine). */
export const lotteryVassalage = 'LOTTERY'

export type DrawOutcome =
  | {
      state: 'drawn'
      issueId: number
      numero: string
      main: string
      bets: number
      winners: number
      paid: bigint
    }
  | { state: 'done' | 'early' | 'missing'; issueId: number }

export type VoidOutcome =
  | { state: 'voided'; issueId: number; bets: number; refunded: bigint }
  | { state: 'not_open' | 'missing'; issueId: number }

interface PendingBet {
  id: string
  member_id: number
  account_id: number | null
  bet_type: string
  selection: unknown
  stake: string
  amount: string
  odds_milli: number
  /** A trial account's bet: paid from the house's `trial_lottery` (play money). */
  trial: boolean
}

const SelectionSchema = z.union([
  z.object({ position: z.int(), digits: z.array(z.int()) }),
  z.object({ pick: z.enum(lotteryPicks) }),
  z.object({ numbers: z.array(z.string()) }),
  z.object({ sum: z.int() }),
])
const BetTypeSchema = z.enum(lotteryBetTypes)

/** A stored bet's selection, read through its schema (a row that does not fit fails the draw). */
function selectionOf(b: PendingBet): Selection {
  const parsed = SelectionSchema.safeParse(b.selection)
  if (!parsed.success) throw new Error(`lottery bet ${b.id} has an unreadable selection`)
  return parsed.data
}

function betTypeOf(b: PendingBet) {
  const parsed = BetTypeSchema.safeParse(b.bet_type)
  if (!parsed.success) throw new Error(`lottery bet ${b.id} has an unknown bet type`)
  return parsed.data
}

/** Postgres array literal of decimal strings or numbers. */
const arrayOf = (xs: readonly (string | number | bigint)[]) => `{${xs.join(',')}}`

export interface SettlementDeps {
  db: Db
  ledger: Ledger
  /** Points earned on the settled bets, in the draw's transaction (decision 030). */
  points: PointsEarner
  games: LotteryGamesRepository
  now: () => Date
}

/** The house accounts a draw pays from: real money, and trial accounts' play money. */
interface Houses {
  lottery: number
  trial: number
}

/** A bet record a draw settled, as its points are earned on it. */
interface SettledRecord {
  id: number
  member_id: number
  product_type: string
  valid_bet: string
}

export function createSettlement({ db, ledger, points, games, now }: SettlementDeps) {
  async function pendingBets(tx: Tx, issueId: number): Promise<PendingBet[]> {
    const res = await tx.execute(sql`
      select b.id::text as id, b.member_id, a.id as account_id, b.bet_type, b.selection,
             b.stake::text as stake, b.amount::text as amount, b.odds_milli,
             (m.type = ${memberTypes.guest}) as trial
      from lottery_bets b
      join members m on m.id = b.member_id
      left join ledger_accounts a
        on a.merchant_code = b.merchant_code and a.member_id = b.member_id
       and a.account_type_id = ${mainAccountTypeId}
      where b.issue_id = ${issueId} and b.status = 'PENDING'`)
    return rowsOf<PendingBet>(res)
  }

  /**
   * Writes the bets' outcome and their bet records' in one statement; answers the bet
   * records it settled with a valid bet (what points are earned on).
   */
  async function writeOutcome(
    tx: Tx,
    merchantCode: string,
    outcome: { ids: string[]; statuses: string[]; hits: number[]; payouts: bigint[] },
    at: Date,
  ): Promise<SettledRecord[]> {
    if (outcome.ids.length === 0) return []
    const written = await tx.execute(sql`
      with d as (
        select * from unnest(${arrayOf(outcome.ids)}::bigint[], ${arrayOf(outcome.statuses)}::text[],
                             ${arrayOf(outcome.hits)}::int[], ${arrayOf(outcome.payouts)}::bigint[])
          as d(id, status, hits, payout)
      ), ub as (
        update lottery_bets b
        set status = d.status, hits = d.hits, payout = d.payout, settled_time = ${at.toISOString()}::timestamptz
        from d where b.id = d.id
        returning b.id, b.status, b.payout
      )
      update bet_records r
      set status = case when ub.status = 'VOID' then 'CANCELLED' else 'SETTLED' end,
          valid_bet = case when ub.status = 'VOID' then 0 else r.bet_amount end,
          payout = case when ub.status = 'VOID' then 0 else ub.payout end,
          settled_time = ${at.toISOString()}::timestamptz
      from ub
      where r.merchant_code = ${merchantCode} and r.account_type_id = ${mainAccountTypeId}
        and r.bet_no = ub.id::text
      returning r.id, r.member_id, r.product_type, r.valid_bet::text as valid_bet, r.status`)
    return rowsOf<SettledRecord & { status: string }>(written).filter(
      (r) => r.status === 'SETTLED' && r.valid_bet !== '0',
    )
  }

  /**
   * One credit per member: the sum of what their bets of the issue pay, from the house's
   * `lottery` account, or its `trial_lottery` for trial accounts' play money.
   */
  async function credit(
    tx: Tx,
    merchantCode: string,
    bets: PendingBet[],
    paid: bigint[],
    memo: string,
    reference: string,
    at: Date,
    house: Houses,
  ): Promise<number> {
    const byMember = new Map<number, { accountId: number; amount: bigint; trial: boolean }>()
    bets.forEach((b, i) => {
      const amount = paid[i] ?? 0n
      if (amount === 0n) return
      if (b.account_id === null) throw new Error(`member ${b.member_id} has a lottery bet but no main wallet`)
      const cur = byMember.get(b.member_id)
      if (cur) cur.amount += amount
      else byMember.set(b.member_id, { accountId: b.account_id, amount, trial: b.trial })
    })
    let posted = 0
    for (const trial of [false, true]) {
      const items = [...byMember].filter(([, c]) => c.trial === trial)
      if (items.length === 0) continue
      posted += await ledger.postBatch(tx, {
        merchantCode,
        type: 'PAYOUT',
        actor: 'system',
        at,
        counterAccountId: trial ? house.trial : house.lottery,
        items: items.map(([memberId, c]) => ({
          accountId: c.accountId,
          memberId,
          amount: c.amount,
          reference: `${reference}:${memberId}`,
          memo,
        })),
      })
    }
    return posted
  }

  /**
   * The brand's lottery house accounts, made before the transaction: inside it nothing may
   * wait on the database outside it (PGlite has one connection).
   */
  async function houseOf(issueId: number): Promise<Houses | undefined> {
    const [row] = await db
      .select({ merchantCode: lotteryIssues.merchantCode })
      .from(lotteryIssues)
      .where(eq(lotteryIssues.id, issueId))
    if (!row) return undefined
    return {
      lottery: await ledger.houseAccount(row.merchantCode, 'lottery'),
      trial: await ledger.houseAccount(row.merchantCode, 'trial_lottery'),
    }
  }

  /**
   * What the points of the issue's bets need, read before the draw's transaction: the
   * brand's currency decimals, and the points accounts of the members with pending bets.
   * No bet lands after the issue's close (place-order.ts), and a draw runs after it.
   */
  async function earnSetupOf(issueId: number) {
    const rows = rowsOf<{
      merchant_code: string
      decimals: number
      member_id: number | null
      type: number | null
    }>(
      await db.execute(sql`
        select i.merchant_code, mc.currency_decimals as decimals, b.member_id, m.type
        from lottery_issues i
        join merchants mc on mc.code = i.merchant_code
        left join (select distinct member_id from lottery_bets where issue_id = ${issueId} and status = 'PENDING') b
          on true
        left join members m on m.id = b.member_id
        where i.id = ${issueId}`),
    )
    const [first] = rows
    if (!first) return undefined
    const members = rows.flatMap((r) =>
      r.member_id === null ? [] : [{ id: Number(r.member_id), type: Number(r.type) }],
    )
    return {
      brand: { code: first.merchant_code, currencyDecimals: Number(first.decimals) },
      setup: await points.prepare(first.merchant_code, members),
    }
  }

  return {
    /**
     * Draws the issue and settles its bets, once. `done` when it was drawn or voided
     * already (by this server or another), `early` before its close.
     */
    async draw(issueId: number, at: Date = now()): Promise<DrawOutcome> {
      const house = await houseOf(issueId)
      const earning = await earnSetupOf(issueId)
      if (house === undefined || earning === undefined) return { state: 'missing', issueId }
      return db.transaction(async (tx) => {
        const [issue] = await tx
          .select()
          .from(lotteryIssues)
          .where(eq(lotteryIssues.id, issueId))
          .for('update')
        if (!issue) return { state: 'missing', issueId }
        if (issue.status !== 'OPEN') return { state: 'done', issueId }
        if (issue.closeAt.getTime() > at.getTime()) return { state: 'early', issueId }
        const game = await games.byId(issue.gameId, tx)
        if (!game) throw new Error(`issue ${issueId} has no game`)
        const drawn = drawFromSeed(game.row.kind, issue.seed, game.row.code, issue.numero)
        const result: StoredDrawResult = {
          main: drawn.main,
          prizes: drawn.prizes.map((p) => ({ prize: p.prize, numbers: [...p.numbers] })),
        }
        const bets = await pendingBets(tx, issueId)
        const ids: string[] = []
        const statuses: string[] = []
        const hits: number[] = []
        const payouts: bigint[] = []
        let paid = 0n
        let winners = 0
        for (const b of bets) {
          const h = hitsOf(game.row.kind, betTypeOf(b), selectionOf(b), drawn)
          const p = h > 0 ? payoutOf(BigInt(b.stake), b.odds_milli, h) : 0n
          ids.push(b.id)
          statuses.push(p > 0n ? 'WON' : 'LOST')
          hits.push(h)
          payouts.push(p)
          if (p > 0n) winners += 1
          paid += p
        }
        const settled = await writeOutcome(tx, issue.merchantCode, { ids, statuses, hits, payouts }, at)
        const label = `${game.row.names.en ?? game.row.code} ${issue.numero}`
        await credit(tx, issue.merchantCode, bets, payouts, label, `lottery:${issueId}`, at, house)
        // The settled bets' points, one earn per member, after the winners' money (money is
        // locked before points).
        // A bet that committed after `earnSetupOf` read the members is of a member it may
        // not know: that member's account is made here, in the draw's transaction.
        const setup = await points.extend(tx, earning.setup, earning.brand.code, async () => {
          const members = await tx.execute(sql`
            select distinct m.id, m.type from lottery_bets b join members m on m.id = b.member_id
            where b.issue_id = ${issueId}`)
          return rowsOf<{ id: number; type: number }>(members).map((r) => ({
            id: Number(r.id),
            type: Number(r.type),
          }))
        })
        await points.earn(
          tx,
          setup,
          earning.brand,
          settled.map((r) => ({
            betRecordId: Number(r.id),
            memberId: Number(r.member_id),
            productType: r.product_type,
            validBet: BigInt(r.valid_bet),
          })),
          at,
          { reference: `lottery:${issueId}`, memo: label },
        )
        const updated = await tx
          .update(lotteryIssues)
          .set({ status: 'DRAWN', result, drawnAt: at })
          .where(sql`${lotteryIssues.id} = ${issueId} and ${lotteryIssues.status} = 'OPEN'`)
          .returning({ id: lotteryIssues.id })
        if (updated.length !== 1) throw new Error(`issue ${issueId} changed while it was drawn`)
        return {
          state: 'drawn',
          issueId,
          numero: issue.numero,
          main: drawn.main,
          bets: bets.length,
          winners,
          paid,
        }
      })
    },

    /** Cancels an open issue: no result, every bet refunded in full. */
    async voidIssue(issueId: number, at: Date = now()): Promise<VoidOutcome> {
      const house = await houseOf(issueId)
      if (house === undefined) return { state: 'missing', issueId }
      return db.transaction(async (tx) => {
        const [issue] = await tx
          .select()
          .from(lotteryIssues)
          .where(eq(lotteryIssues.id, issueId))
          .for('update')
        if (!issue) return { state: 'missing', issueId }
        if (issue.status !== 'OPEN') return { state: 'not_open', issueId }
        const game = await games.byId(issue.gameId, tx)
        const bets = await pendingBets(tx, issueId)
        const refunds = bets.map((b) => BigInt(b.amount))
        await writeOutcome(
          tx,
          issue.merchantCode,
          {
            ids: bets.map((b) => b.id),
            statuses: bets.map(() => 'VOID'),
            hits: bets.map(() => 0),
            payouts: refunds,
          },
          at,
        )
        await credit(
          tx,
          issue.merchantCode,
          bets,
          refunds,
          `${game?.row.names.en ?? ''} ${issue.numero} void: refund`.trim(),
          `lottery-void:${issueId}`,
          at,
          house,
        )
        await tx
          .update(lotteryIssues)
          .set({ status: 'VOID' })
          .where(sql`${lotteryIssues.id} = ${issueId} and ${lotteryIssues.status} = 'OPEN'`)
        return { state: 'voided', issueId, bets: bets.length, refunded: refunds.reduce((s, x) => s + x, 0n) }
      })
    },
  }
}

export type Settlement = ReturnType<typeof createSettlement>
