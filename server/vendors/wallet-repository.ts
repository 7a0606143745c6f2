/**
 * Rows behind the seamless wallet: game sessions, the vendors' transactions and the round
 * (bet record) each call opens, adds to, settles or cancels. Writes take the caller's
 * transaction; the movement itself is the ledger's (server/money/ledger.ts).
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import { betRecords, gameSessions, installSecrets, vendorTransactions } from '../db/schema'
import type { Executor } from '../money/ledger'
import { rowsOf, runPrepared, type Db, type PreparedStatement, type Tx } from '../plugins/external/db'

export type GameSessionRow = typeof gameSessions.$inferSelect
export type VendorTxRow = typeof vendorTransactions.$inferSelect
export type NewVendorTx = typeof vendorTransactions.$inferInsert

/** A new opaque player token: 32 random bytes, base64url (43 characters). */
export function newPlayerToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What is stored of a player token. */
export function playerTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The name of a vendor's wallet-signing secret in install_secrets. */
export function vendorSecretName(vendorId: string): string {
  return `vendor-wallet:${vendorId}`
}

/**
 * The secret a vendor signs its wallet calls with: made at random on first use and kept in
 * the database, so every instance (and the vendor's side, when in-process) agrees.
 */
export async function vendorSecret(db: Db, vendorId: string): Promise<string> {
  const name = vendorSecretName(vendorId)
  await db
    .insert(installSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(installSecrets).where(eq(installSecrets.name, name))
  if (!row) throw new Error(`install secret ${name} not stored`)
  return row.value
}

/**
 * Everything a wallet call needs to be judged, in one statement prepared once per
 * connection: the player's session ($1, the token's hash) and its member's status, and the
 * vendor's ($2) earlier transaction with this txId ($3; none when null).
 */
const callLookup: PreparedStatement = {
  name: 'wallet_call_lookup_v3',
  text: `select s.id, s.merchant_code, s.member_id, s.vendor_id, s.vassalage, s.game_type, s.game_code,
       s.account_type_id, s.vendor_account_type_id,
       floor(extract(epoch from s.created_at) * 1000)::float8 as created_ms,
       floor(extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
       m.status as member_status, m.type as member_type,
       vd.maintenance as vendor_maintenance,
       floor(extract(epoch from vd.maintenance_from) * 1000)::float8 as vendor_maintenance_from_ms,
       floor(extract(epoch from vd.maintenance_until) * 1000)::float8 as vendor_maintenance_until_ms,
       v.kind as tx_kind, v.state as tx_state, v.request_hash as tx_hash, v.answer as tx_answer
from (select 1) as one
left join game_sessions s on s.token_hash = $1::text
left join members m on m.id = s.member_id
left join vendors vd on vd.merchant_code = s.merchant_code and vd.game_type = s.game_type and vd.vassalage = s.vassalage
left join vendor_transactions v on v.vendor_id = $2::text and v.tx_id = $3::text`,
}

interface CallLookupRow {
  id: number | null
  merchant_code: string
  member_id: number
  vendor_id: string
  vassalage: string
  game_type: string
  game_code: string
  account_type_id: number
  vendor_account_type_id: number
  created_ms: number
  expires_ms: number
  member_status: string | null
  member_type: number | null
  vendor_maintenance: boolean | null
  vendor_maintenance_from_ms: number | null
  vendor_maintenance_until_ms: number | null
  tx_kind: VendorTxRow['kind'] | null
  tx_state: VendorTxRow['state'] | null
  tx_hash: string | null
  tx_answer: unknown
}

export interface EarlierTx {
  kind: VendorTxRow['kind']
  state: VendorTxRow['state']
  requestHash: string | null
  answer: unknown
}

export interface CallLookup {
  /** memberActive: the member may play; vendorMaintenance: the vendor's switch and window. */
  session:
    | (GameSessionRow & { memberActive: boolean; memberType: number; vendorMaintenance: VendorMaintenance })
    | undefined
  earlier: EarlierTx | undefined
}

/** The vendor's maintenance as vendorInMaintenance (server/games/games-repository.ts) reads it. */
export interface VendorMaintenance {
  maintenance: boolean
  maintenanceFrom: Date | null
  maintenanceUntil: Date | null
}

const msDate = (ms: number | null): Date | null => (ms === null ? null : new Date(Number(ms)))

export interface RoundKey {
  merchantCode: string
  /** The vendor's accountTypeId (bet records are filed under the vendor). */
  accountTypeId: number
  roundId: string
  memberId: number
}

export function createWalletRepository(db: Db) {
  return {
    async createSession(
      values: Omit<typeof gameSessions.$inferInsert, 'tokenHash' | 'id'>,
      tx?: Tx,
    ): Promise<{ token: string; id: number }> {
      const token = newPlayerToken()
      const [row] = await (tx ?? db)
        .insert(gameSessions)
        .values({ ...values, tokenHash: playerTokenHash(token) })
        .returning({ id: gameSessions.id })
      if (!row) throw new Error('game session not stored')
      return { token, id: row.id }
    },

    /**
     * Deletes sessions that ended before `before` and never carried a wallet call (a
     * session with calls stays with them, for the record). One statement: a retry is harmless.
     */
    async pruneSessions(before: Date): Promise<number> {
      const gone = await db
        .delete(gameSessions)
        .where(
          and(
            lt(gameSessions.expiresAt, before),
            sql`not exists (select 1 from vendor_transactions v where v.session_id = ${gameSessions.id})`,
          ),
        )
        .returning({ id: gameSessions.id })
      return gone.length
    },

    /**
     * Deletes up to `batch` vendor transactions made before `before`, oldest first, except
     * those of a round still open (a late rollback must find its debit), and folds what they
     * add up to into the brand's `vendor_transaction_totals` in the same statement, so the
     * game reconcile is unchanged by a prune. Answers how many went.
     */
    async pruneTransactions(before: Date, batch: number, at: Date): Promise<number> {
      const res = await db.execute(sql`
        with doomed as (
          select t.id from vendor_transactions t
          where t.created_at < ${before}
            and not exists (
              select 1 from game_sessions s
              join bet_records b on b.merchant_code = s.merchant_code
                and b.account_type_id = s.vendor_account_type_id and b.bet_no = t.round_id
              where s.id = t.session_id and b.status = 'UNSETTLED')
          order by t.created_at, t.id
          limit ${batch}
          for update of t skip locked
        ), gone as (
          delete from vendor_transactions v using doomed d where v.id = d.id
          returning v.merchant_code, v.kind, v.state, v.amount
        ), sums as (
          select merchant_code,
                 count(*) filter (where kind = 'debit' and state <> 'tombstone') as debits,
                 coalesce(sum(amount) filter (where kind = 'debit' and state <> 'tombstone'), 0) as stakes,
                 count(*) filter (where kind = 'rollback') as rollbacks,
                 coalesce(sum(amount) filter (where kind = 'rollback'), 0) as returned,
                 count(*) filter (where kind = 'credit') as credits,
                 coalesce(sum(amount) filter (where kind = 'credit'), 0) as wins,
                 count(*) as pruned
          from gone group by merchant_code
        ), folded as (
          insert into vendor_transaction_totals
            (merchant_code, debits, stakes, rollbacks, returned, credits, wins, pruned, updated_at)
          select merchant_code, debits, stakes, rollbacks, returned, credits, wins, pruned, ${at} from sums
          on conflict (merchant_code) do update set
            debits = vendor_transaction_totals.debits + excluded.debits,
            stakes = vendor_transaction_totals.stakes + excluded.stakes,
            rollbacks = vendor_transaction_totals.rollbacks + excluded.rollbacks,
            returned = vendor_transaction_totals.returned + excluded.returned,
            credits = vendor_transaction_totals.credits + excluded.credits,
            wins = vendor_transaction_totals.wins + excluded.wins,
            pruned = vendor_transaction_totals.pruned + excluded.pruned,
            updated_at = excluded.updated_at
          returning 1
        )
        select (select count(*) from gone)::int as n`)
      return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0)
    },

    async sessionByToken(token: string): Promise<GameSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(gameSessions)
        .where(eq(gameSessions.tokenHash, playerTokenHash(token)))
      return row
    },

    async lookup(player: string, vendorId: string, txId: string | null): Promise<CallLookup> {
      const [r] = await runPrepared<CallLookupRow>(db, callLookup, [playerTokenHash(player), vendorId, txId])
      if (!r) throw new Error('the wallet call lookup answered no row')
      return {
        session:
          r.id === null
            ? undefined
            : {
                id: Number(r.id),
                tokenHash: playerTokenHash(player),
                merchantCode: r.merchant_code,
                memberId: Number(r.member_id),
                vendorId: r.vendor_id,
                vassalage: r.vassalage,
                gameType: r.game_type,
                gameCode: r.game_code,
                accountTypeId: Number(r.account_type_id),
                vendorAccountTypeId: Number(r.vendor_account_type_id),
                createdAt: new Date(Number(r.created_ms)),
                expiresAt: new Date(Number(r.expires_ms)),
                memberActive: r.member_status === 'active',
                memberType: Number(r.member_type ?? 0),
                vendorMaintenance: {
                  maintenance: r.vendor_maintenance === true,
                  maintenanceFrom: msDate(r.vendor_maintenance_from_ms),
                  maintenanceUntil: msDate(r.vendor_maintenance_until_ms),
                },
              },
        earlier:
          r.tx_kind === null || r.tx_state === null
            ? undefined
            : { kind: r.tx_kind, state: r.tx_state, requestHash: r.tx_hash, answer: r.tx_answer },
      }
    },

    async sessionById(ex: Executor, id: number): Promise<GameSessionRow | undefined> {
      const [row] = await ex.select().from(gameSessions).where(eq(gameSessions.id, id))
      return row
    },

    async findTx(ex: Executor, vendorId: string, txId: string): Promise<VendorTxRow | undefined> {
      const [row] = await ex
        .select()
        .from(vendorTransactions)
        .where(and(eq(vendorTransactions.vendorId, vendorId), eq(vendorTransactions.txId, txId)))
      return row
    },

    /** The debit a rollback names, locked until the rollback's transaction ends. */
    async lockTx(tx: Tx, vendorId: string, txId: string): Promise<VendorTxRow | undefined> {
      const [row] = await tx
        .select()
        .from(vendorTransactions)
        .where(and(eq(vendorTransactions.vendorId, vendorId), eq(vendorTransactions.txId, txId)))
        .for('update')
      return row
    },

    /**
     * Claims the vendor's transaction id. Undefined when another call holds it (the unique
     * index makes a concurrent claim wait for the first to commit, then find it taken).
     */
    async claimTx(tx: Tx, values: NewVendorTx): Promise<number | undefined> {
      const [row] = await tx
        .insert(vendorTransactions)
        .values(values)
        .onConflictDoNothing({ target: [vendorTransactions.vendorId, vendorTransactions.txId] })
        .returning({ id: vendorTransactions.id })
      return row?.id
    },

    async finishTx(
      tx: Tx,
      id: number,
      set: { answer: unknown; ledgerTransactionId: number | null; amount?: bigint },
    ): Promise<void> {
      await tx.update(vendorTransactions).set(set).where(eq(vendorTransactions.id, id))
    },

    async markRolledBack(tx: Tx, id: number): Promise<void> {
      await tx.update(vendorTransactions).set({ state: 'rolled_back' }).where(eq(vendorTransactions.id, id))
    },

    /**
     * A debit, after its movement: claims the txId (with the answer it got) and opens the
     * round's bet record or adds the stake to it while it is unsettled, in one statement.
     * `claimed` false: another call holds the txId; `open` false: the round is settled,
     * cancelled or another member's.
     */
    async claimStake(
      tx: Tx,
      claim: NewVendorTx,
      k: RoundKey,
      names: RoundNamesRow,
      at: Date,
    ): Promise<{ claimed: boolean; open: boolean }> {
      const result = await tx.execute(sql`
        with claimed as (${claimInsert(claim)}),
        round as (
          insert into bet_records (merchant_code, member_id, bet_no, account_type_id, product_type, vendor_name,
                                   game_name, game_code, vassalage, bet_amount, valid_bet, payout, status, bet_time)
          select ${k.merchantCode}, ${k.memberId}, ${k.roundId}, ${k.accountTypeId}, ${names.productType},
                 ${names.vendorName}, ${names.gameName}, ${names.gameCode}, ${names.vassalage},
                 ${claim.amount.toString()}::bigint, 0, 0, 'UNSETTLED', ${at.toISOString()}::timestamptz
          from claimed
          on conflict (merchant_code, account_type_id, bet_no) do update
            set bet_amount = bet_records.bet_amount + excluded.bet_amount
            where bet_records.status = 'UNSETTLED' and bet_records.member_id = excluded.member_id
          returning id
        )
        select (select count(*) from claimed)::int as claimed, (select count(*) from round)::int as open`)
      return outcomeOf(result)
    },

    /**
     * A credit, after its movement: claims the txId and adds the win to the unsettled
     * round, settling it when the credit closes it (the whole stake counts as valid).
     */
    async claimWin(
      tx: Tx,
      claim: NewVendorTx,
      k: RoundKey,
      closes: boolean,
      at: Date,
    ): Promise<{ claimed: boolean; open: boolean; settled: SettledRound | undefined }> {
      const result = await tx.execute(sql`
        with claimed as (${claimInsert(claim)}),
        round as (
          update bet_records
          set payout = payout + ${claim.amount.toString()}::bigint,
              valid_bet = case when ${closes}::boolean then bet_amount else valid_bet end,
              status = case when ${closes}::boolean then 'SETTLED' else status end,
              settled_time = case when ${closes}::boolean then ${at.toISOString()}::timestamptz else settled_time end
          where merchant_code = ${k.merchantCode} and account_type_id = ${k.accountTypeId}
            and bet_no = ${k.roundId} and member_id = ${k.memberId} and status = 'UNSETTLED'
            and exists (select 1 from claimed)
          returning id, status, product_type, valid_bet
        )
        select (select count(*) from claimed)::int as claimed, (select count(*) from round)::int as open,
               r.id as round_id, r.product_type, r.valid_bet::text as valid_bet
        from (select 1) as one left join round r on r.status = 'SETTLED'`)
      const [row] = rowsOf<{
        claimed: number
        open: number
        round_id: number | null
        product_type: string | null
        valid_bet: string | null
      }>(result)
      return {
        claimed: Number(row?.claimed) > 0,
        open: Number(row?.open) > 0,
        // The round this call settled (it closed it): what its points are earned on.
        settled:
          row?.round_id === null || row?.round_id === undefined
            ? undefined
            : {
                id: Number(row.round_id),
                productType: row.product_type ?? '',
                validBet: BigInt(row.valid_bet ?? '0'),
              },
      }
    },

    /**
     * A rollback of a debit: takes its stake off the unsettled round; a round left with no
     * stake and no win is cancelled (keeping the stake it had, for the record). False when
     * the round is no longer open.
     */
    async unstake(tx: Tx, k: RoundKey, amount: bigint, at: Date): Promise<boolean> {
      const minor = amount.toString()
      const emptied = sql`${betRecords.betAmount} - ${minor}::bigint <= 0 and ${betRecords.payout} = 0`
      const rows = await tx
        .update(betRecords)
        .set({
          betAmount: sql`case when ${emptied} then ${betRecords.betAmount} else ${betRecords.betAmount} - ${minor}::bigint end`,
          status: sql`case when ${emptied} then 'CANCELLED' else ${betRecords.status} end`,
          settledTime: sql`case when ${emptied} then ${at.toISOString()}::timestamptz else ${betRecords.settledTime} end`,
        })
        .where(roundWhere(k))
        .returning({ id: betRecords.id })
      return rows.length > 0
    },
  }
}

/** A round a credit settled: its bet record, game type and valid bet (minor units). */
export interface SettledRound {
  id: number
  productType: string
  validBet: bigint
}

/** What a round's bet record names. */
export interface RoundNamesRow {
  productType: string
  vendorName: string
  gameName: string
  gameCode: string
  vassalage: string
}

/** The insert of a vendor transaction that yields its id, or nothing when the txId is taken. */
function claimInsert(c: NewVendorTx) {
  return sql`
    insert into vendor_transactions (vendor_id, tx_id, kind, state, merchant_code, member_id, session_id, round_id,
                                     game_code, ref_tx_id, amount, request_hash, answer, ledger_transaction_id, created_at)
    values (${c.vendorId}, ${c.txId}, ${c.kind}, ${c.state}, ${c.merchantCode}, ${c.memberId}, ${c.sessionId},
            ${c.roundId}, ${c.gameCode}, ${c.refTxId ?? null}, ${c.amount.toString()}::bigint, ${c.requestHash ?? null},
            ${c.answer === undefined || c.answer === null ? null : JSON.stringify(c.answer)}::jsonb,
            ${c.ledgerTransactionId ?? null}::bigint, ${c.createdAt.toISOString()}::timestamptz)
    on conflict (vendor_id, tx_id) do nothing
    returning id`
}

function outcomeOf(result: unknown): { claimed: boolean; open: boolean } {
  const [row] = rowsOf<{ claimed: number; open: number }>(result)
  return { claimed: Number(row?.claimed) > 0, open: Number(row?.open) > 0 }
}

function roundWhere(k: RoundKey) {
  return and(
    eq(betRecords.merchantCode, k.merchantCode),
    eq(betRecords.accountTypeId, k.accountTypeId),
    eq(betRecords.betNo, k.roundId),
    eq(betRecords.memberId, k.memberId),
    eq(betRecords.status, 'UNSETTLED'),
  )
}

export type WalletRepository = ReturnType<typeof createWalletRepository>
