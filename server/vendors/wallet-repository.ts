/**
 * Rows behind the seamless wallet: game sessions, the vendors' transactions and the round
 * (bet record) each call opens, adds to, settles or cancels. Writes take the caller's
 * transaction; the movement itself is the ledger's (server/money/ledger.ts).
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { betRecords, gameSessions, installSecrets, vendorTransactions } from '../db/schema'
import type { Db, Tx } from '../plugins/external/db'
import type { Executor } from '../money/ledger'

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

    async sessionByToken(token: string): Promise<GameSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(gameSessions)
        .where(eq(gameSessions.tokenHash, playerTokenHash(token)))
      return row
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
     * A debit: opens the round's bet record or adds the stake to it while it is unsettled.
     * False when the round is settled or cancelled, or is another member's.
     */
    async stake(
      tx: Tx,
      k: RoundKey,
      amount: bigint,
      names: {
        productType: string
        vendorName: string
        gameName: string
        gameCode: string
        vassalage: string
      },
      at: Date,
    ): Promise<boolean> {
      const rows = await tx
        .insert(betRecords)
        .values({
          merchantCode: k.merchantCode,
          memberId: k.memberId,
          betNo: k.roundId,
          accountTypeId: k.accountTypeId,
          ...names,
          betAmount: amount,
          validBet: 0n,
          payout: 0n,
          status: 'UNSETTLED',
          betTime: at,
        })
        .onConflictDoUpdate({
          target: [betRecords.merchantCode, betRecords.accountTypeId, betRecords.betNo],
          set: { betAmount: sql`${betRecords.betAmount} + excluded.bet_amount` },
          setWhere: sql`${betRecords.status} = 'UNSETTLED' and ${betRecords.memberId} = excluded.member_id`,
        })
        .returning({ id: betRecords.id })
      return rows.length > 0
    },

    /**
     * A credit: adds the win to the unsettled round and, when it closes the round, settles
     * it (the whole stake counts as valid). False when there is no such open round.
     */
    async win(tx: Tx, k: RoundKey, amount: bigint, closes: boolean, at: Date): Promise<boolean> {
      const rows = await tx
        .update(betRecords)
        .set(
          closes
            ? {
                payout: sql`${betRecords.payout} + ${amount.toString()}::bigint`,
                validBet: sql`${betRecords.betAmount}`,
                status: 'SETTLED',
                settledTime: at,
              }
            : { payout: sql`${betRecords.payout} + ${amount.toString()}::bigint` },
        )
        .where(roundWhere(k))
        .returning({ id: betRecords.id })
      return rows.length > 0
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
