/**
 * The double-entry engine, over one *book*: an accounts table, a transactions table and a
 * postings table. Money is one book (`ledger_*`, server/money/ledger.ts) and loyalty points
 * another (`point_*`, server/loyalty/points/points-ledger.ts, decision 030): the same
 * statements, never units mixed in one table.
 *
 * Every movement is one transaction row with postings that sum to zero; each posting changes
 * its account's balance in the same statement. Accounts are locked in ascending id order, so
 * two movements over the same accounts never deadlock. An account that may not go below zero
 * is kept there by the book's check constraint; its refusal becomes the book's own error.
 */
import { sql, type SQL } from 'drizzle-orm'
import { pgCodes, pgErrorOf } from '../db/pg-errors'
import { rowsOf, type Db, type Tx } from '../plugins/external/db'

export type Executor = Db | Tx

export type Actor = 'member' | 'operator' | 'system'

/** A further column of a book's transactions (the points book's earn facts), with its SQL type. */
export interface ExtraColumn {
  name: string
  type: 'bigint' | 'int' | 'text'
}

/** The tables of one book. */
export interface Book {
  accounts: string
  transactions: string
  postings: string
  /** The check constraint that keeps the accounts which may not go negative at zero or above. */
  nonNegative: string
  /** Further columns of its transactions, set by `Movement.extra` / `BatchItem.extra` in this order. */
  extraColumns: readonly ExtraColumn[]
}

export type ExtraValue = string | number | bigint | null

export interface Posting {
  accountId: number
  amount: bigint
}

export interface BookMovement {
  merchantCode: string
  type: string
  memberId?: number | null
  reference?: string | null
  memo?: string | null
  actor: Actor
  at: Date
  postings: Posting[]
  /** Values of the book's extra columns, in their order. */
  extra?: readonly ExtraValue[]
}

/** One movement of a batch: `amount` into `accountId`, out of the batch's counter account. */
export interface BatchItem {
  accountId: number
  memberId: number | null
  amount: bigint
  reference: string | null
  memo: string | null
  extra?: readonly ExtraValue[]
  /** This item's counter account, when not the batch's (a house account spread by member). */
  counterAccountId?: number
}

/** Many two-account movements against one counter account (e.g. a draw's winners). */
export interface BookBatch {
  merchantCode: string
  type: string
  actor: Actor
  at: Date
  /** The account each movement's amount comes out of (a house account), unless the item names its own. */
  counterAccountId: number
  items: BatchItem[]
}

export interface AccountFields {
  memberId?: number
  /** Money's wallets: the vendor wallet type (null for house accounts). */
  accountTypeId?: number
  allowNegative: boolean
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

/** A Postgres array literal: drizzle would spread a JS array into separate parameters. */
function arrayLiteral(xs: readonly ExtraValue[]): string {
  return `{${xs.map((x) => (x === null ? 'NULL' : `"${String(x).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`
}

/** One row a `post` answers beside its postings, from the caller's `alsoSelect`. */
export interface ExtraRow {
  account_id: number
  balance_after: string
  wallet_type: number | null
}

export interface BookPosted {
  transactionId: number
  /** Each touched account's balance after the movement. */
  balances: Map<number, bigint>
  /** The rows of the caller's `alsoSelect`, if any. */
  extraRows: ExtraRow[]
}

export function bookEngine(db: Db, book: Book, insufficient: (accountId: number) => Error) {
  const accounts = sql.identifier(book.accounts)
  const transactions = sql.identifier(book.transactions)
  const postings = sql.identifier(book.postings)
  const extraNames = book.extraColumns.map((c) => sql.identifier(c.name))
  /** Account ids never change once made, so they are remembered per process. */
  const ids = new Map<string, number>()
  /** Whether each known account may go below zero (house accounts mostly may). */
  const negativeAllowed = new Map<number, boolean>()

  function isShortfall(err: unknown): boolean {
    const pgErr = pgErrorOf(err)
    return pgErr?.code === pgCodes.checkViolation && pgErr.constraint === book.nonNegative
  }

  function extrasOf(extra: readonly ExtraValue[] | undefined): ExtraValue[] {
    if ((extra?.length ?? 0) > book.extraColumns.length) throw new Error('too many extra columns')
    return book.extraColumns.map((_, i) => extra?.[i] ?? null)
  }

  /**
   * The id of each account by code, made on first use, in two statements for all of them.
   * Runs on its own (committed at once) unless the caller gives its transaction, needed when
   * the account's member is written in that same transaction; only ids committed on their
   * own are remembered, so a rolled-back movement cannot leave a remembered id of an account
   * that does not exist.
   */
  async function ensureMany(
    merchantCode: string,
    wanted: readonly { code: string; fields: AccountFields }[],
    tx?: Tx,
  ): Promise<Map<string, number>> {
    const found = new Map<string, number>()
    const missing = wanted.filter((w) => {
      const known = ids.get(`${merchantCode}\u0000${w.code}`)
      if (known !== undefined) found.set(w.code, known)
      return known === undefined
    })
    if (missing.length === 0) return found
    const ex = tx ?? db
    const codes = arrayLiteral(missing.map((w) => w.code))
    const memberIds = arrayLiteral(missing.map((w) => w.fields.memberId ?? null))
    const negative = arrayLiteral(missing.map((w) => String(w.fields.allowNegative)))
    const typed = missing.some((w) => w.fields.accountTypeId !== undefined)
    const insert = typed
      ? sql`insert into ${accounts} (merchant_code, code, member_id, allow_negative, account_type_id)
            select ${merchantCode}, c, m, n, t
            from unnest(${codes}::text[], ${memberIds}::int[], ${negative}::boolean[],
                        ${arrayLiteral(missing.map((w) => w.fields.accountTypeId ?? null))}::int[]) as i(c, m, n, t)
            on conflict do nothing`
      : sql`insert into ${accounts} (merchant_code, code, member_id, allow_negative)
            select ${merchantCode}, c, m, n
            from unnest(${codes}::text[], ${memberIds}::int[], ${negative}::boolean[]) as i(c, m, n)
            on conflict do nothing`
    await ex.execute(insert)
    const rows = rowsOf<{ id: number; code: string; allow_negative: boolean }>(
      await ex.execute(sql`
        select id, code, allow_negative from ${accounts}
        where merchant_code = ${merchantCode} and code = any(${codes}::text[])`),
    )
    for (const r of rows) {
      const id = Number(r.id)
      // Made inside a caller's transaction, the account may yet roll back: not remembered.
      if (!tx) ids.set(`${merchantCode}\u0000${r.code}`, id)
      negativeAllowed.set(id, r.allow_negative)
      found.set(r.code, id)
    }
    const lost = missing.find((w) => !found.has(w.code))
    if (lost) throw new Error(`ledger account ${lost.code} missing`)
    return found
  }

  async function ensure(merchantCode: string, code: string, fields: AccountFields, tx?: Tx): Promise<number> {
    const id = (await ensureMany(merchantCode, [{ code, fields }], tx)).get(code)
    if (id === undefined) throw new Error(`ledger account ${code} missing`)
    return id
  }

  /**
   * Writes one movement inside the caller's transaction. Throws the book's shortfall error
   * when an account that may not go below zero would; the caller's transaction then rolls
   * back whole. `alsoSelect` adds rows to the statement's answer (a `union all` that may
   * read the CTE `changed`: id, balance), given back as `extraRows`. `alsoWrite` is one more
   * named, data-modifying CTE of the same statement, which may read `t` (the transaction's
   * id): rows that belong to the movement (an earn's bets) are written with it, at once.
   */
  async function post(tx: Tx, m: BookMovement, alsoSelect?: SQL, alsoWrite?: SQL): Promise<BookPosted> {
    const normal = normalise(m.postings)
    const accountIds = normal.map((p) => p.accountId)
    const idList = `{${accountIds.join(',')}}`
    const amountList = `{${normal.map((p) => p.amount.toString()).join(',')}}`
    const extras = extrasOf(m.extra)
    const extraCols = extraNames.map((n) => sql`, ${n}`)
    const extraVals = extras.map(
      (v, i) => sql`, ${v === null ? null : String(v)}::${sql.raw(book.extraColumns[i]?.type ?? 'text')}`,
    )
    // One statement: lock the accounts in ascending id order (the order every movement takes
    // them in, so two movements never deadlock), change each balance, write the transaction
    // and its postings with the balances after.
    const movement = sql`
          with locked as (
            select id from ${accounts} where id = any(${idList}::int[]) order by id for update
          ), changed as (
            update ${accounts} a set balance = a.balance + d.amount
            from unnest(${idList}::int[], ${amountList}::bigint[]) as d(id, amount), locked l
            where a.id = d.id and l.id = d.id
            returning a.id, a.balance, d.amount
          ), t as (
            insert into ${transactions} (merchant_code, type, member_id, reference, memo, actor, created_at${sql.join(extraCols)})
            values (${m.merchantCode}, ${m.type}, ${m.memberId ?? null}, ${m.reference ?? null},
                    ${m.memo ?? null}, ${m.actor}, ${m.at.toISOString()}::timestamptz${sql.join(extraVals)})
            returning id
          ), posted as (
            insert into ${postings} (transaction_id, account_id, amount, balance_after, created_at)
            select t.id, changed.id, changed.amount, changed.balance, ${m.at.toISOString()}::timestamptz
            from t, changed
            returning transaction_id, account_id, balance_after
          )${alsoWrite ? sql`, ${alsoWrite}` : sql``}
          select transaction_id::text as transaction_id, account_id, balance_after::text as balance_after,
                 null::int as wallet_type
          from posted`
    if (alsoSelect) movement.append(alsoSelect)
    let result: unknown
    try {
      result = await tx.execute(movement)
    } catch (err) {
      // Only the book's own constraint means a shortfall; any other refusal is a fault in the
      // movement, left to the error handler to log and answer with a 500.
      if (isShortfall(err)) {
        // The account that would go below zero: the first debited one that may not.
        const debited = normal.filter((p) => p.amount < 0n)
        const culprit = debited.find((p) => !negativeAllowed.get(p.accountId)) ?? debited[0]
        throw insufficient(culprit?.accountId ?? accountIds[0] ?? 0)
      }
      throw err
    }
    const rows = rowsOf<ExtraRow & { transaction_id: string | null }>(result)
    const balances = new Map<number, bigint>()
    const extraRows: ExtraRow[] = []
    let transactionId: number | undefined
    for (const r of rows) {
      if (r.transaction_id === null) extraRows.push(r)
      else {
        transactionId = Number(r.transaction_id)
        balances.set(Number(r.account_id), BigInt(r.balance_after))
      }
    }
    if (balances.size !== normal.length || transactionId === undefined) {
      throw new Error('a ledger account of the movement is missing')
    }
    return { transactionId, balances, extraRows }
  }

  /**
   * Writes many movements in three statements, inside the caller's transaction: each item is
   * its own transaction (so each member's record shows it) of two postings, the item's
   * account and its counter account (the batch's, or the item's own). The same invariants as
   * `post`: the accounts are locked in ascending id order before any balance changes, every
   * transaction sums to zero, and each posting's balance_after is its account's balance right
   * after it (a running sum in transaction order, so the last posting of an account shows its
   * balance). `alsoWrite` is one more named, data-modifying CTE of the writing statement,
   * which may read `numbered` (each item's `ord`, from 1, and its transaction id `tid`).
   * Answers each written transaction's id in the order of the (non-zero) items.
   */
  async function postBatchIds(tx: Tx, b: BookBatch, alsoWrite?: SQL): Promise<number[]> {
    const items = b.items.filter((i) => i.amount !== 0n)
    if (items.length === 0) return []
    const counterOf = (i: BatchItem) => i.counterAccountId ?? b.counterAccountId
    const counterSet = new Set(items.map(counterOf))
    if (items.some((i) => counterSet.has(i.accountId))) {
      throw new Error('a batch item moves money into a counter account of the batch')
    }
    const itemAccounts = arrayLiteral(items.map((i) => i.accountId))
    const counters = arrayLiteral(items.map(counterOf))
    const memberIds = arrayLiteral(items.map((i) => i.memberId))
    const amounts = arrayLiteral(items.map((i) => i.amount.toString()))
    const references = arrayLiteral(items.map((i) => i.reference))
    const memos = arrayLiteral(items.map((i) => i.memo))
    const extraArrays = book.extraColumns.map(
      (c, k) => sql`, ${arrayLiteral(items.map((i) => extrasOf(i.extra)[k] ?? null))}::${sql.raw(c.type)}[]`,
    )
    const extraAliases = book.extraColumns.map((_, k) => sql.raw(`, x${k}`))
    const extraPicks = book.extraColumns.map((_, k) => sql.raw(`, i.x${k}`))
    const at = b.at.toISOString()
    try {
      // The accounts, locked in id order (as every movement takes them).
      await tx.execute(sql`
        select id from ${accounts}
        where id = any(${itemAccounts}::int[]) or id = any(${counters}::int[])
        order by id for update`)
      // Transaction ids taken in item order, so postings follow the items' order.
      const written = await tx.execute(sql`
        with input as (
          select i.account_id, i.counter, i.member_id, i.amount, i.reference, i.memo, i.ord${sql.join(extraPicks)}
          from unnest(${itemAccounts}::int[], ${counters}::int[], ${memberIds}::int[], ${amounts}::bigint[],
                      ${references}::text[], ${memos}::text[]${sql.join(extraArrays)})
               with ordinality as i(account_id, counter, member_id, amount, reference, memo${sql.join(extraAliases)}, ord)
        ), numbered as (
          select s.*, nextval(pg_get_serial_sequence(${book.transactions}, 'id')) as tid
          from (select * from input order by ord) s
        ), before as (
          select a.id, a.balance from ${accounts} a
          where a.id in (select account_id from input) or a.id in (select counter from input)
        ), t as (
          insert into ${transactions} (id, merchant_code, type, member_id, reference, memo, actor, created_at${sql.join(extraNames.map((n) => sql`, ${n}`))})
          select tid, ${b.merchantCode}, ${b.type}, member_id, reference, memo, ${b.actor}, ${at}::timestamptz${sql.join(extraAliases)}
          from numbered
          returning id
        ), lines as (
          select n.tid, n.account_id, n.amount, 0 as side,
                 bf.balance + sum(n.amount) over (partition by n.account_id order by n.tid) as after
          from numbered n join before bf on bf.id = n.account_id
          union all
          select n.tid, n.counter, -n.amount, 1 as side,
                 bf.balance - sum(n.amount) over (partition by n.counter order by n.tid) as after
          from numbered n join before bf on bf.id = n.counter
        ), posted as (
          insert into ${postings} (transaction_id, account_id, amount, balance_after, created_at)
          select l.tid, l.account_id, l.amount, l.after, ${at}::timestamptz
          from (select * from lines order by tid, side) l
          where exists (select 1 from t where t.id = l.tid)
          returning account_id
        )${alsoWrite ? sql`, ${alsoWrite}` : sql``}
        select (select count(*)::int from posted) as n,
               (select array_agg(tid order by ord) from numbered) as ids`)
      await tx.execute(sql`
        update ${accounts} a set balance = a.balance + d.delta
        from (
          select account_id as id, sum(amount) as delta
          from unnest(${itemAccounts}::int[], ${amounts}::bigint[]) as i(account_id, amount)
          group by account_id
          union all
          select counter, -sum(amount)
          from unnest(${counters}::int[], ${amounts}::bigint[]) as i(counter, amount)
          group by counter
        ) d
        where a.id = d.id`)
      const row = rowsOf<{ n: number; ids: (number | string)[] | null }>(written)[0]
      if (Number(row?.n ?? 0) !== items.length * 2)
        throw new Error('a ledger account of the batch is missing')
      return (row?.ids ?? []).map(Number)
    } catch (err) {
      if (isShortfall(err)) {
        const culprit = items.find((i) => i.amount < 0n)?.accountId ?? b.counterAccountId
        throw insufficient(culprit)
      }
      throw err
    }
  }

  async function balance(ex: Executor, accountId: number): Promise<bigint> {
    const [row] = rowsOf<{ balance: string }>(
      await ex.execute(sql`select balance::text as balance from ${accounts} where id = ${accountId}`),
    )
    return row ? BigInt(row.balance) : 0n
  }

  /**
   * Locks the given accounts for the caller's transaction, in id order (the order every
   * movement locks them in), before it reads what decides a movement over them.
   */
  async function lockAccounts(tx: Tx, accountIds: readonly number[]): Promise<void> {
    if (accountIds.length === 0) return
    const idList = `{${[...new Set(accountIds)].join(',')}}`
    await tx.execute(sql`select id from ${accounts} where id = any(${idList}::int[]) order by id for update`)
  }

  return { ensure, ensureMany, post, postBatchIds, balance, lockAccounts, ids, negativeAllowed }
}

export type BookEngine = ReturnType<typeof bookEngine>
