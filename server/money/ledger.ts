/**
 * The double-entry ledger. Every movement of money is one `ledger_transactions` row with
 * postings that sum to zero; each posting changes its account's balance in the same
 * database transaction. Member wallets cannot go below zero: the database's check
 * constraint refuses it, and the refusal becomes InsufficientFunds here.
 *
 * Accounts are updated in ascending id order so two movements over the same accounts
 * always lock them in the same order (no deadlocks).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { MovementType } from '#contract/records'
import { mainAccountTypeId } from '#contract/wallet'
import { pgCodes, pgErrorOf } from '../db/pg-errors'
import { ledgerAccounts } from '../db/schema'
import { rowsOf, type Db, type Tx } from '../plugins/external/db'

export type Executor = Db | Tx

/** The check constraint that keeps member wallets at zero or above (server/db/schema.ts). */
export const nonNegativeConstraint = 'ledger_accounts_non_negative'

/** House accounts: where money comes from and goes to outside the members' wallets. */
export const houseKinds = [
  /** Money received into the brand's bank or gateway (goes negative as deposits are credited). */
  'deposits',
  /** Requested withdrawals waiting for the operator: never negative. */
  'withdrawals_in_flight',
  /** Withdrawals paid out of the brand's bank. */
  'withdrawals_paid',
  'bonuses',
  'adjustments',
  /** Play money given to trial (guest) accounts. */
  'trial',
  /** Stakes and winnings with game vendors. */
  'games',
  /** Stakes and winnings of the in-house lottery (server/lottery). */
  'lottery',
  /**
   * Stakes and winnings of bets played before the brand came to this platform, brought in
   * with their records (the demo brand's team history): no vendor or draw of ours ran them,
   * so the games' and lottery's reconciles leave them out.
   */
  'history',
  /** Agent contracts' salaries and dividends (server/contracts), paid by the house. */
  'contracts',
] as const
export type HouseKind = (typeof houseKinds)[number]

/** Ledger transaction types; the member-facing ones are the record's movement types. */
export type LedgerType = MovementType | 'WITHDRAWAL_PAID'

export type Actor = 'member' | 'operator' | 'system'

export class InsufficientFunds extends Error {
  constructor(readonly accountId: number) {
    super(`account ${accountId} would go below zero`)
  }
}

export interface Posting {
  accountId: number
  amount: bigint
}

export interface Movement {
  merchantCode: string
  type: LedgerType
  memberId?: number | null
  reference?: string | null
  memo?: string | null
  actor: Actor
  at: Date
  postings: Posting[]
}

export interface Posted {
  transactionId: number
  /** Each touched account's balance after the movement. */
  balances: Map<number, bigint>
  /** With `walletsOf`: every wallet of that member after the movement, main first. */
  wallets?: MemberWallet[]
}

/** One wallet of a member as it stands. */
export interface MemberWallet {
  id: number
  accountTypeId: number
  balance: bigint
}

/** One movement of a batch: `amount` into `accountId`, out of the batch's counter account. */
export interface BatchItem {
  accountId: number
  memberId: number | null
  amount: bigint
  reference: string | null
  memo: string | null
}

/** Many two-account movements against one counter account (e.g. a draw's winners). */
export interface Batch {
  merchantCode: string
  type: LedgerType
  actor: Actor
  at: Date
  /** The account each movement's amount comes out of (a house account). */
  counterAccountId: number
  items: BatchItem[]
}

export interface PostOptions {
  /**
   * Also answer every wallet of this member (of the movement's brand) after the movement,
   * from the same statement: what a caller would otherwise read with memberWallets.
   */
  walletsOf?: number
}

export function memberAccountCode(memberId: number, accountTypeId: number): string {
  return `member:${memberId}:${accountTypeId}`
}

/**
 * How many accounts the house's bonuses are spread over. Every claim of a promotion locks the
 * bonus account it is paid from until its transaction commits; with one account, 50 members
 * claiming at once waited for each other in a line (decision 027). Each member is paid from
 * the account of their id's remainder, so claims by different members mostly lock different
 * rows. The house's bonuses are the sum of its accounts.
 */
export const bonusAccountShards = 8

/** A house account's code: `house:<kind>`, or `house:<kind>:<n>` for the n-th (1 up) of a spread kind. */
export function houseAccountCode(kind: HouseKind, shard = 0): string {
  return shard === 0 ? `house:${kind}` : `house:${kind}:${shard}`
}

/** The bonus account a member's rewards are paid from (`bonusAccountShards`). */
export function bonusShardOf(memberId: number): number {
  return memberId % bonusAccountShards
}

/** Merges postings to the same account and checks that they balance. */
function normalise(postings: Posting[]): Posting[] {
  const byAccount = new Map<number, bigint>()
  for (const p of postings) byAccount.set(p.accountId, (byAccount.get(p.accountId) ?? 0n) + p.amount)
  const merged = [...byAccount]
    .filter(([, amount]) => amount !== 0n)
    .map(([accountId, amount]) => ({ accountId, amount }))
    .sort((a, b) => a.accountId - b.accountId)
  const sum = merged.reduce((s, p) => s + p.amount, 0n)
  if (sum !== 0n) throw new Error(`postings do not balance (sum ${sum})`)
  if (merged.length < 2) throw new Error('a movement needs at least two accounts')
  return merged
}

export function createLedger(db: Db) {
  /** Account ids never change once made, so they are remembered per process. */
  const ids = new Map<string, number>()
  /** Whether each known account may go below zero (house accounts mostly may). */
  const negativeAllowed = new Map<number, boolean>()

  /**
   * The id of an account, made on first use. Runs on its own (committed at once) unless
   * the caller gives its transaction, needed when the account's member is written in that
   * same transaction; only ids committed on their own are remembered, so a rolled-back
   * movement cannot leave a remembered id of an account that does not exist.
   */
  async function ensure(
    merchantCode: string,
    code: string,
    fields: { memberId?: number; accountTypeId?: number; allowNegative: boolean },
    tx?: Tx,
  ): Promise<number> {
    const cacheKey = `${merchantCode}\u0000${code}`
    const known = ids.get(cacheKey)
    if (known !== undefined) return known
    const ex = tx ?? db
    await ex
      .insert(ledgerAccounts)
      .values({
        merchantCode,
        code,
        memberId: fields.memberId ?? null,
        accountTypeId: fields.accountTypeId ?? null,
        allowNegative: fields.allowNegative,
      })
      .onConflictDoNothing()
    const [row] = await ex
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.merchantCode, merchantCode), eq(ledgerAccounts.code, code)))
    if (!row) throw new Error(`ledger account ${code} missing`)
    // Made inside a caller's transaction, the account may yet roll back: not remembered.
    if (!tx) ids.set(cacheKey, row.id)
    negativeAllowed.set(row.id, fields.allowNegative)
    return row.id
  }

  async function postBatchIds(tx: Tx, b: Batch): Promise<number[]> {
    const items = b.items.filter((i) => i.amount !== 0n)
    if (items.length === 0) return []
    if (items.some((i) => i.accountId === b.counterAccountId)) {
      throw new Error('a batch item moves money into its own counter account')
    }
    const arr = (xs: readonly (string | number | null)[]) =>
      `{${xs.map((x) => (x === null ? 'NULL' : `"${String(x).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`
    const accounts = arr(items.map((i) => i.accountId))
    const memberIds = arr(items.map((i) => i.memberId))
    const amounts = arr(items.map((i) => i.amount.toString()))
    const references = arr(items.map((i) => i.reference))
    const memos = arr(items.map((i) => i.memo))
    const at = b.at.toISOString()
    try {
      // The accounts, locked in id order (as every movement takes them).
      await tx.execute(sql`
        select id from ledger_accounts
        where id = any(${accounts}::int[]) or id = ${b.counterAccountId}
        order by id for update`)
      // Transaction ids taken in item order, so postings follow the items' order.
      const written = await tx.execute(sql`
        with input as (
          select i.account_id, i.member_id, i.amount, i.reference, i.memo, i.ord
          from unnest(${accounts}::int[], ${memberIds}::int[], ${amounts}::bigint[],
                      ${references}::text[], ${memos}::text[])
               with ordinality as i(account_id, member_id, amount, reference, memo, ord)
        ), numbered as (
          select s.*, nextval(pg_get_serial_sequence('ledger_transactions', 'id')) as tid
          from (select * from input order by ord) s
        ), before as (
          select a.id, a.balance from ledger_accounts a
          where a.id in (select account_id from input) or a.id = ${b.counterAccountId}
        ), t as (
          insert into ledger_transactions (id, merchant_code, type, member_id, reference, memo, actor, created_at)
          select tid, ${b.merchantCode}, ${b.type}, member_id, reference, memo, ${b.actor}, ${at}::timestamptz
          from numbered
          returning id
        ), lines as (
          select n.tid, n.account_id, n.amount, 0 as side,
                 bf.balance + sum(n.amount) over (partition by n.account_id order by n.tid) as after
          from numbered n join before bf on bf.id = n.account_id
          union all
          select n.tid, ${b.counterAccountId}, -n.amount, 1 as side,
                 bf.balance - sum(n.amount) over (order by n.tid) as after
          from numbered n join before bf on bf.id = ${b.counterAccountId}
        ), posted as (
          insert into ledger_postings (transaction_id, account_id, amount, balance_after, created_at)
          select l.tid, l.account_id, l.amount, l.after, ${at}::timestamptz
          from (select * from lines order by tid, side) l
          where exists (select 1 from t where t.id = l.tid)
          returning account_id
        )
        select (select count(*)::int from posted) as n,
               (select array_agg(tid order by ord) from numbered) as ids`)
      await tx.execute(sql`
        update ledger_accounts a set balance = a.balance + d.delta
        from (
          select account_id as id, sum(amount) as delta
          from unnest(${accounts}::int[], ${amounts}::bigint[]) as i(account_id, amount)
          group by account_id
          union all
          select ${b.counterAccountId}, -sum(amount) from unnest(${amounts}::bigint[]) as i(amount)
        ) d
        where a.id = d.id`)
      const row = rowsOf<{ n: number; ids: (number | string)[] | null }>(written)[0]
      if (Number(row?.n ?? 0) !== items.length * 2)
        throw new Error('a ledger account of the batch is missing')
      return (row?.ids ?? []).map(Number)
    } catch (err) {
      const pgErr = pgErrorOf(err)
      if (pgErr?.code === pgCodes.checkViolation && pgErr.constraint === nonNegativeConstraint) {
        const culprit = items.find((i) => i.amount < 0n)?.accountId ?? b.counterAccountId
        throw new InsufficientFunds(culprit)
      }
      throw err
    }
  }

  return {
    memberAccount(
      merchantCode: string,
      memberId: number,
      accountTypeId: number = mainAccountTypeId,
      tx?: Tx,
    ) {
      return ensure(
        merchantCode,
        memberAccountCode(memberId, accountTypeId),
        { memberId, accountTypeId, allowNegative: false },
        tx,
      )
    },

    /**
     * The main (or given) wallet of each member, made on first use as `memberAccount` makes
     * one, in two statements for all of them: member id -> account id. Like `memberAccount`,
     * committed on its own unless the caller gives its transaction (then not remembered).
     */
    async memberAccounts(
      merchantCode: string,
      memberIds: readonly number[],
      accountTypeId: number = mainAccountTypeId,
      tx?: Tx,
    ): Promise<Map<number, number>> {
      const found = new Map<number, number>()
      const missing: number[] = []
      for (const memberId of new Set(memberIds)) {
        const known = ids.get(`${merchantCode}\u0000${memberAccountCode(memberId, accountTypeId)}`)
        if (known === undefined) missing.push(memberId)
        else found.set(memberId, known)
      }
      if (missing.length === 0) return found
      const codes = missing.map((memberId) => memberAccountCode(memberId, accountTypeId))
      const ex = tx ?? db
      await ex
        .insert(ledgerAccounts)
        .values(
          missing.map((memberId, i) => ({
            merchantCode,
            code: codes[i] ?? '',
            memberId,
            accountTypeId,
            allowNegative: false,
          })),
        )
        .onConflictDoNothing()
      const rows = await ex
        .select({ id: ledgerAccounts.id, memberId: ledgerAccounts.memberId, code: ledgerAccounts.code })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.merchantCode, merchantCode), inArray(ledgerAccounts.code, codes)))
      for (const r of rows) {
        if (r.memberId === null) continue
        if (!tx) ids.set(`${merchantCode}\u0000${r.code}`, r.id)
        negativeAllowed.set(r.id, false)
        found.set(r.memberId, r.id)
      }
      if (missing.some((memberId) => !found.has(memberId))) throw new Error('a ledger account is missing')
      return found
    },

    /** A house account, made on first use; `shard` picks one of a spread kind's accounts. */
    houseAccount(merchantCode: string, kind: HouseKind, tx?: Tx, shard = 0) {
      // Money waiting to be paid out is a real amount held: it can never be negative.
      return ensure(
        merchantCode,
        houseAccountCode(kind, shard),
        { allowNegative: kind !== 'withdrawals_in_flight' },
        tx,
      )
    },

    /**
     * Writes one movement inside the caller's transaction. Throws InsufficientFunds when a
     * member wallet would go below zero; the caller's transaction then rolls back whole.
     */
    async post(tx: Tx, m: Movement, opts: PostOptions = {}): Promise<Posted> {
      const postings = normalise(m.postings)
      const ids = postings.map((p) => p.accountId)
      // Array literals (digits only): drizzle would spread a JS array into separate parameters.
      const idList = `{${ids.join(',')}}`
      const amountList = `{${postings.map((p) => p.amount.toString()).join(',')}}`
      // One statement: lock the accounts in ascending id order (the order every movement
      // takes them in, so two movements never deadlock), change each balance, write the
      // transaction and its postings with the balances after.
      const movement = sql`
          with locked as (
            select id from ledger_accounts where id = any(${idList}::int[]) order by id for update
          ), changed as (
            update ledger_accounts a set balance = a.balance + d.amount
            from unnest(${idList}::int[], ${amountList}::bigint[]) as d(id, amount), locked l
            where a.id = d.id and l.id = d.id
            returning a.id, a.balance, d.amount
          ), t as (
            insert into ledger_transactions (merchant_code, type, member_id, reference, memo, actor, created_at)
            values (${m.merchantCode}, ${m.type}, ${m.memberId ?? null}, ${m.reference ?? null},
                    ${m.memo ?? null}, ${m.actor}, ${m.at.toISOString()}::timestamptz)
            returning id
          ), posted as (
            insert into ledger_postings (transaction_id, account_id, amount, balance_after, created_at)
            select t.id, changed.id, changed.amount, changed.balance, ${m.at.toISOString()}::timestamptz
            from t, changed
            returning transaction_id, account_id, balance_after
          )
          select transaction_id::text as transaction_id, account_id, balance_after::text as balance_after,
                 null::int as wallet_type
          from posted`
      // The member's wallets after the movement: the statement's own snapshot for those it
      // did not touch (as a read after it would see them), the new balance for those it did.
      if (opts.walletsOf !== undefined) {
        movement.append(sql`
          union all
          select null, a.id, coalesce(c.balance, a.balance)::text, coalesce(a.account_type_id, ${mainAccountTypeId})
          from ledger_accounts a left join changed c on c.id = a.id
          where a.merchant_code = ${m.merchantCode} and a.member_id = ${opts.walletsOf}`)
      }
      let result: unknown
      try {
        result = await tx.execute(movement)
      } catch (err) {
        // Only the wallets' own constraint means a lack of money; any other refusal is a
        // fault in the movement, left to the error handler to log and answer with a 500.
        const pgErr = pgErrorOf(err)
        if (pgErr?.code === pgCodes.checkViolation && pgErr.constraint === nonNegativeConstraint) {
          // The wallet that would go below zero: the first debited one that may not.
          const debited = postings.filter((p) => p.amount < 0n)
          const culprit = debited.find((p) => !negativeAllowed.get(p.accountId)) ?? debited[0]
          throw new InsufficientFunds(culprit?.accountId ?? ids[0] ?? 0)
        }
        throw err
      }
      const rows = rowsOf<{
        transaction_id: string | null
        account_id: number
        balance_after: string
        wallet_type: number | null
      }>(result)
      const balances = new Map<number, bigint>()
      const wallets: MemberWallet[] = []
      let transactionId: number | undefined
      for (const r of rows) {
        if (r.transaction_id === null) {
          wallets.push({
            id: Number(r.account_id),
            accountTypeId: Number(r.wallet_type),
            balance: BigInt(r.balance_after),
          })
        } else {
          transactionId = Number(r.transaction_id)
          balances.set(Number(r.account_id), BigInt(r.balance_after))
        }
      }
      if (balances.size !== postings.length || transactionId === undefined) {
        throw new Error('a ledger account of the movement is missing')
      }
      if (opts.walletsOf === undefined) return { transactionId, balances }
      wallets.sort((a, b) => a.accountTypeId - b.accountTypeId)
      return { transactionId, balances, wallets }
    },

    /**
     * Writes many movements in a few statements, inside the caller's transaction: each item
     * is its own ledger transaction (so each member's record shows it) of two postings,
     * the item's account and the counter account. The same invariants as `post`: the
     * accounts are locked in ascending id order before any balance changes, every
     * transaction sums to zero, and each posting's balance_after is its account's balance
     * right after it (a running sum in transaction order, so the last posting of an
     * account shows its balance). A member wallet that would go below zero throws
     * InsufficientFunds and the caller's transaction rolls back whole.
     * Returns the number of transactions written.
     */
    async postBatch(tx: Tx, b: Batch): Promise<number> {
      return (await postBatchIds(tx, b)).length
    },

    /** postBatch, answering each written transaction's id in the order of the (non-zero) items. */
    postBatchIds,

    async balance(ex: Executor, accountId: number): Promise<bigint> {
      const [row] = await ex
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, accountId))
      return row ? BigInt(row.balance) : 0n
    },

    /**
     * Locks the given accounts for the caller's transaction, in id order (the order every
     * movement locks them in), before it reads what decides a movement over them: a
     * withdrawal takes its wallet first, so a bonus credited to that wallet at the same time
     * is wholly before it (its turnover requirement is seen) or wholly after.
     */
    async lockAccounts(tx: Tx, accountIds: readonly number[]): Promise<void> {
      if (accountIds.length === 0) return
      await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, [...new Set(accountIds)]))
        .orderBy(asc(ledgerAccounts.id))
        .for('update')
    },

    /**
     * Every wallet of a member that exists, locked for the caller's transaction in id order
     * (the order every movement locks them in).
     */
    async lockMemberWallets(tx: Tx, merchantCode: string, memberId: number): Promise<MemberWallet[]> {
      const rows = await tx
        .select({
          id: ledgerAccounts.id,
          accountTypeId: ledgerAccounts.accountTypeId,
          balance: ledgerAccounts.balance,
        })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.merchantCode, merchantCode), eq(ledgerAccounts.memberId, memberId)))
        .orderBy(asc(ledgerAccounts.id))
        .for('update')
      return rows.map((r) => ({
        id: r.id,
        accountTypeId: r.accountTypeId ?? mainAccountTypeId,
        balance: BigInt(r.balance),
      }))
    },

    /** Every wallet of a member that exists, main first. */
    async memberWallets(ex: Executor, merchantCode: string, memberId: number): Promise<MemberWallet[]> {
      const rows = await ex
        .select({
          id: ledgerAccounts.id,
          accountTypeId: ledgerAccounts.accountTypeId,
          balance: ledgerAccounts.balance,
        })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.merchantCode, merchantCode), eq(ledgerAccounts.memberId, memberId)))
        .orderBy(asc(ledgerAccounts.accountTypeId))
      return rows.map((r) => ({
        id: r.id,
        accountTypeId: r.accountTypeId ?? mainAccountTypeId,
        balance: BigInt(r.balance),
      }))
    },
  }
}

export type Ledger = ReturnType<typeof createLedger>
