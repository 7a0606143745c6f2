/**
 * What every money call of the seamless wallet shares: the session and earlier-txId lookup,
 * the replay of a saved answer, the one-transaction run with its retries, the ledger
 * movement and the vendor transaction a call claims. The calls themselves are
 * ./balance.ts, ./debit.ts, ./credit.ts and ./rollback.ts; the rows are
 * ../wallet-repository.ts.
 */
import type { z } from 'zod/mini'
import { memberTypes } from '#contract/identity-values'
import { pgCodes, pgErrorOf } from '../../db/pg-errors'
import { createGamesRepository, vendorInMaintenance } from '../../games/games-repository'
import type { EarnSetup, PointsEarner } from '../../loyalty/points/earn'
import type { MerchantRow } from '../../money/common'
import { requestHash } from '../../money/idempotency'
import { InsufficientFunds, type Ledger } from '../../money/ledger'
import type { MoneySettings } from '../../money/settings'
import type { Db, Tx } from '../../plugins/external/db'
import {
  WalletAnswerSchema,
  type BalanceCallSchema,
  type CreditCallSchema,
  type DebitCallSchema,
  type RollbackCallSchema,
  type WalletAnswer,
  type WalletError,
} from '../adapter'
import type { VendorRegistry } from '../registry'
import {
  createWalletRepository,
  type EarlierTx,
  type GameSessionRow,
  type RoundKey,
  type VendorTxRow,
} from '../wallet-repository'

export type BalanceCall = z.infer<typeof BalanceCallSchema>
export type DebitCall = z.infer<typeof DebitCallSchema>
export type CreditCall = z.infer<typeof CreditCallSchema>
export type RollbackCall = z.infer<typeof RollbackCallSchema>

export interface SeamlessWalletDeps {
  db: Db
  ledger: Ledger
  settings: MoneySettings
  registry: VendorRegistry
  /** Points earned on the rounds a credit settles (decision 030). */
  points: PointsEarner
  now: () => Date
}

/** A business refusal thrown inside the transaction (which then rolls back whole). */
export class Refused extends Error {
  constructor(readonly error: WalletError) {
    super(error)
  }
}

/** Another call holds the txId: judged again from the top, where it is found. */
export class Taken extends Error {}

const maxAttempts = 4

/** What a movement names: the round's vendor and game, for the bet record and the memo. */
export interface RoundNames {
  productType: string
  vendorName: string
  gameName: string
  gameCode: string
  vassalage: string
}

/** A session's brand and the accounts its calls move money between. */
export interface PlayContext {
  session: GameSessionRow
  m: MerchantRow
  walletId: number
  /** The house account of the session's stakes: `games`, or `trial_games` for a trial account. */
  gamesId: number
  /** What a settled round's points earn needs, read before the call's transaction. */
  earn: EarnSetup
}

export type Moved = { balance: bigint; ledgerTransactionId: number | null }

export function createWalletCommon(deps: SeamlessWalletDeps) {
  const { db, ledger, settings, points, now } = deps
  const repo = createWalletRepository(db)
  const games = createGamesRepository(db)
  /** Game names change rarely: remembered for a minute, per brand and code. */
  const nameCache = new Map<string, { at: number; names: RoundNames | undefined }>()

  async function gameNames(merchantCode: string, code: string): Promise<RoundNames | undefined> {
    const key = `${merchantCode}\u0000${code}`
    const hit = nameCache.get(key)
    const t = Date.now()
    if (hit && t - hit.at < 60_000) return hit.names
    const found = await games.byCode(merchantCode, code)
    const names = found && {
      productType: found.game.gameType,
      vendorName: found.vendor.name,
      gameName: found.game.name,
      gameCode: found.game.code,
      vassalage: found.game.vassalage,
    }
    if (nameCache.size > 2000) nameCache.clear()
    nameCache.set(key, { at: t, names })
    return names
  }

  /** The call's game when it is one of the session's vendor, else the launched game. */
  async function roundNames(s: GameSessionRow, gameId: string): Promise<RoundNames> {
    const named = await gameNames(s.merchantCode, gameId)
    if (named && named.vassalage === s.vassalage) return named
    const launched = await gameNames(s.merchantCode, s.gameCode)
    return (
      launched ?? {
        productType: s.gameType,
        vendorName: s.vassalage,
        gameName: s.gameCode,
        gameCode: s.gameCode,
        vassalage: s.vassalage,
      }
    )
  }

  /**
   * The vendor's session of this player, and the vendor's earlier transaction with this
   * txId, read together. `live` (a new round) also wants the session unexpired and its
   * member active; credits and rollbacks still settle rounds of an expired session or a
   * member disabled meanwhile (the money is theirs), and of a vendor under maintenance.
   */
  async function lookup(vendorId: string, player: string, txId: string | null, live: boolean) {
    const { session, earlier } = await repo.lookup(player, vendorId, txId)
    const usable =
      session !== undefined &&
      session.vendorId === vendorId &&
      (!live || (session.memberActive && session.expiresAt.getTime() > now().getTime()))
    return { session: usable ? session : undefined, earlier }
  }

  async function contextOf(session: GameSessionRow & { memberType: number }): Promise<PlayContext> {
    const m = await settings.merchant(session.merchantCode)
    const walletId = await ledger.memberAccount(m.code, session.memberId, session.accountTypeId)
    // A trial account plays with play money: its stakes and wins stay out of the brand's takings.
    const trial = session.memberType === memberTypes.guest
    const gamesId = await ledger.houseAccount(m.code, trial ? 'trial_games' : 'games')
    const earn = await points.prepare(m.code, [{ id: session.memberId, type: session.memberType }])
    return { session, m, walletId, gamesId, earn }
  }

  /** The answer to a call whose txId is already taken. */
  function replay(row: EarlierTx, kind: VendorTxRow['kind'], hash: string): WalletAnswer {
    if (row.state === 'tombstone') return refusal(kind === 'debit' ? 'TX_ROLLED_BACK' : 'TX_CONFLICT')
    if (row.kind !== kind || row.requestHash !== hash) return refusal('TX_CONFLICT')
    const saved = WalletAnswerSchema.safeParse(row.answer)
    if (!saved.success || !saved.data.ok) throw new Error(`the saved answer of a ${kind} is unreadable`)
    return { ...saved.data, replayed: true }
  }

  /**
   * Runs one money call: the earlier answer of its txId if there is one, else `work` in one
   * transaction (which claims the txId), judged again from the top when another call took
   * the id meanwhile (or the database broke a lock cycle). A refusal is first checked
   * against a call with the same id that committed meanwhile (its answer wins), then
   * answered with the wallet's balance after the rollback.
   */
  async function moneyCall(
    vendorId: string,
    kind: VendorTxRow['kind'],
    call: { player: string; txId: string; gameId: string },
    live: boolean,
    work: (tx: Tx, c: PlayContext, round: RoundNames, hash: string, at: Date) => Promise<WalletAnswer>,
  ): Promise<WalletAnswer> {
    const hash = requestHash(`wallet.${kind}`, call)
    for (let attempt = 1; ; attempt++) {
      const { session, earlier } = await lookup(vendorId, call.player, call.txId, live)
      if (earlier) return replay(earlier, kind, hash)
      if (!session) return refusal('UNKNOWN_PLAYER')
      const c = await contextOf(session)
      // A new stake waits for the vendor to be back; a round already staked still settles.
      if (live && vendorInMaintenance(session.vendorMaintenance, now())) {
        return refusal('VENDOR_MAINTENANCE', await ledger.balance(db, c.walletId))
      }
      // Read before the transaction: inside it nothing may wait on the database outside it.
      const names = await roundNames(session, call.gameId)
      const at = now()
      try {
        return await db.transaction((tx) => work(tx, c, names, hash, at))
      } catch (err) {
        if (attempt < maxAttempts && (err instanceof Taken || retryable(err))) continue
        if (!(err instanceof Refused) && !(err instanceof InsufficientFunds)) throw err
        const meanwhile = await repo.findTx(db, vendorId, call.txId)
        if (meanwhile) return replay(meanwhile, kind, hash)
        const balance = await ledger.balance(db, c.walletId)
        return refusal(err instanceof Refused ? err.error : 'INSUFFICIENT_FUNDS', balance)
      }
    }
  }

  /**
   * Posts a game movement (when there is money to move; it locks the accounts, first of
   * anything a call locks) and answers the session wallet's balance after.
   */
  async function move(
    tx: Tx,
    c: PlayContext,
    m: {
      type: 'BET' | 'PAYOUT'
      /** Into the member's wallet (negative: out of it). */
      amount: bigint
      walletId?: number
      vendorId: string
      txId: string
      memo: string
      at: Date
    },
  ): Promise<Moved> {
    const walletId = m.walletId ?? c.walletId
    if (m.amount === 0n) return { balance: await ledger.balance(tx, c.walletId), ledgerTransactionId: null }
    const posted = await ledger.post(tx, {
      merchantCode: c.m.code,
      type: m.type,
      memberId: c.session.memberId,
      reference: `vendor:${m.vendorId}:${m.txId}`,
      memo: m.memo,
      actor: 'system',
      at: m.at,
      postings: [
        { accountId: walletId, amount: m.amount },
        { accountId: c.gamesId, amount: -m.amount },
      ],
    })
    const balance = posted.balances.get(c.walletId) ?? (await ledger.balance(tx, c.walletId))
    return { balance, ledgerTransactionId: posted.transactionId }
  }

  return { db, ledger, points, repo, lookup, contextOf, moneyCall, move }
}

export type WalletCommon = ReturnType<typeof createWalletCommon>

export function ok(m: MerchantRow, balance: bigint, reference?: string): WalletAnswer {
  return {
    ok: true,
    balance: balance.toString(),
    currency: m.currency,
    decimals: m.currencyDecimals,
    ...(reference === undefined ? {} : { reference }),
  }
}

export function refusal(error: WalletError, balance?: bigint): WalletAnswer {
  return balance === undefined ? { ok: false, error } : { ok: false, error, balance: balance.toString() }
}

/** The vendor transaction a call claims once it has moved the money. */
export function claimOf(
  c: PlayContext,
  v: {
    vendorId: string
    txId: string
    kind: VendorTxRow['kind']
    roundId: string
    gameCode: string
    amount: bigint
    hash: string
    answer: WalletAnswer | null
    ledgerTransactionId: number | null
    refTxId?: string
  },
  at: Date,
) {
  return {
    vendorId: v.vendorId,
    txId: v.txId,
    kind: v.kind,
    state: 'done' as const,
    merchantCode: c.m.code,
    memberId: c.session.memberId,
    sessionId: c.session.id,
    roundId: v.roundId,
    gameCode: v.gameCode,
    refTxId: v.refTxId ?? null,
    amount: v.amount,
    requestHash: v.hash,
    answer: v.answer,
    ledgerTransactionId: v.ledgerTransactionId,
    createdAt: at,
  }
}

export function roundKey(s: GameSessionRow, roundId: string): RoundKey {
  return {
    merchantCode: s.merchantCode,
    accountTypeId: s.vendorAccountTypeId,
    roundId,
    memberId: s.memberId,
  }
}

export const memoOf = (n: RoundNames) => `${n.vendorName} · ${n.gameName}`
export const referenceOf = (ledgerTransactionId: number | null) =>
  ledgerTransactionId === null ? undefined : String(ledgerTransactionId)

/** A lock cycle or serialization failure the database broke: the call may simply run again. */
function retryable(err: unknown): boolean {
  const code = pgErrorOf(err)?.code
  return code === pgCodes.deadlockDetected || code === pgCodes.serializationFailure
}
