/**
 * The seamless wallet vendors call (adapter.ts describes the wire):
 *
 *   POST /vendor-api/<vendorId>/wallet/<balance|debit|credit|rollback>
 *
 * Order of a call: the vendor must be registered, the timestamp within five minutes and
 * the HMAC over the raw body right (401, nothing read) before the body is even parsed
 * (400 when it is not a call). Then, for debit, credit and rollback, the vendor's txId is
 * looked up first: a retry of the same call answers the saved answer, another call with
 * that id is TX_CONFLICT, a debit whose id was rolled back before it came is
 * TX_ROLLED_BACK. Only then the business checks, and the movement: the txId row, the round
 * (bet record) and the ledger movement between the member's wallet and the house account
 * `games` in one database transaction. Business refusals answer 200 with ok:false and the
 * balance; nothing of a refused call is kept, so a retry is judged afresh.
 *
 * Rounds: a debit opens the round or adds to its stake while it is unsettled; a credit
 * adds its win and, closing (the default), settles it; a rollback returns its debit's
 * stake and cancels a round left with no stake and no win. A credit for a round with no
 * open bet is ROUND_NOT_OPEN; a rollback of a debit never seen is recorded (a tombstone
 * under the debit's id) and acknowledged.
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyError, FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import type { MerchantRow } from '../money/common'
import { requestHash } from '../money/idempotency'
import { InsufficientFunds, type Ledger } from '../money/ledger'
import type { MoneySettings } from '../money/settings'
import type { Db, Tx } from '../plugins/external/db'
import { createGamesRepository } from '../games/games-repository'
import {
  BalanceCallSchema,
  CreditCallSchema,
  DebitCallSchema,
  maxClockSkewMs,
  RollbackCallSchema,
  signatureHeader,
  signWalletCall,
  timestampHeader,
  WalletAnswerSchema,
  walletCalls,
  type WalletAnswer,
  type WalletCall,
  type WalletError,
} from './adapter'
import type { VendorRegistry } from './registry'
import {
  createWalletRepository,
  vendorSecret,
  type EarlierTx,
  type GameSessionRow,
  type RoundKey,
  type VendorTxRow,
} from './wallet-repository'
import { pgCodes, pgErrorOf } from '../db/pg-errors'

export type BalanceCall = z.infer<typeof BalanceCallSchema>
export type DebitCall = z.infer<typeof DebitCallSchema>
export type CreditCall = z.infer<typeof CreditCallSchema>
export type RollbackCall = z.infer<typeof RollbackCallSchema>

export interface SeamlessWalletDeps {
  db: Db
  ledger: Ledger
  settings: MoneySettings
  registry: VendorRegistry
  now: () => Date
}

/** A business refusal thrown inside the transaction (which then rolls back whole). */
class Refused extends Error {
  constructor(readonly error: WalletError) {
    super(error)
  }
}

/** Another call holds the txId: judged again from the top, where it is found. */
class Taken extends Error {}

const maxAttempts = 4

/** What a movement names: the round's vendor and game, for the bet record and the memo. */
interface RoundNames {
  productType: string
  vendorName: string
  gameName: string
  gameCode: string
  vassalage: string
}

/** A session's brand and the accounts its calls move money between. */
interface PlayContext {
  session: GameSessionRow
  m: MerchantRow
  walletId: number
  gamesId: number
}

export function createSeamlessWallet(deps: SeamlessWalletDeps) {
  const { db, ledger, settings, now } = deps
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
   * member disabled meanwhile (the money is theirs).
   */
  async function lookup(vendorId: string, player: string, txId: string | null, live: boolean) {
    const { session, earlier } = await repo.lookup(player, vendorId, txId)
    const usable =
      session !== undefined &&
      session.vendorId === vendorId &&
      (!live || (session.memberActive && session.expiresAt.getTime() > now().getTime()))
    return { session: usable ? session : undefined, earlier }
  }

  async function contextOf(session: GameSessionRow): Promise<PlayContext> {
    const m = await settings.merchant(session.merchantCode)
    const walletId = await ledger.memberAccount(m.code, session.memberId, session.accountTypeId)
    const gamesId = await ledger.houseAccount(m.code, 'games')
    return { session, m, walletId, gamesId }
  }

  function ok(m: MerchantRow, balance: bigint, reference?: string): WalletAnswer {
    return {
      ok: true,
      balance: balance.toString(),
      currency: m.currency,
      decimals: m.currencyDecimals,
      ...(reference === undefined ? {} : { reference }),
    }
  }

  function refusal(error: WalletError, balance?: bigint): WalletAnswer {
    return balance === undefined ? { ok: false, error } : { ok: false, error, balance: balance.toString() }
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

  /** The vendor transaction a call claims once it has moved the money. */
  function claimOf(
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

  function roundKey(s: GameSessionRow, roundId: string): RoundKey {
    return {
      merchantCode: s.merchantCode,
      accountTypeId: s.vendorAccountTypeId,
      roundId,
      memberId: s.memberId,
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
  ): Promise<{ balance: bigint; ledgerTransactionId: number | null }> {
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

  const memoOf = (n: RoundNames) => `${n.vendorName} · ${n.gameName}`
  const referenceOf = (ledgerTransactionId: number | null) =>
    ledgerTransactionId === null ? undefined : String(ledgerTransactionId)

  return {
    async balance(vendorId: string, call: BalanceCall): Promise<WalletAnswer> {
      const { session } = await lookup(vendorId, call.player, null, true)
      if (!session) return refusal('UNKNOWN_PLAYER')
      const c = await contextOf(session)
      return ok(c.m, await ledger.balance(db, c.walletId))
    },

    async debit(vendorId: string, call: DebitCall): Promise<WalletAnswer> {
      const amount = BigInt(call.amount)
      return moneyCall(vendorId, 'debit', call, true, async (tx, c, names, hash, at) => {
        const moved = await move(tx, c, {
          type: 'BET',
          amount: -amount,
          vendorId,
          txId: call.txId,
          memo: memoOf(names),
          at,
        })
        const answer = ok(c.m, moved.balance, referenceOf(moved.ledgerTransactionId))
        const claim = claimOf(
          c,
          {
            vendorId,
            txId: call.txId,
            kind: 'debit',
            roundId: call.roundId,
            gameCode: names.gameCode,
            amount,
            hash,
            answer,
            ledgerTransactionId: moved.ledgerTransactionId,
          },
          at,
        )
        const done = await repo.claimStake(tx, claim, roundKey(c.session, call.roundId), names, at)
        if (!done.claimed) throw new Taken()
        if (!done.open) throw new Refused('ROUND_NOT_OPEN')
        return answer
      })
    },

    async credit(vendorId: string, call: CreditCall): Promise<WalletAnswer> {
      const amount = BigInt(call.amount)
      return moneyCall(vendorId, 'credit', call, false, async (tx, c, names, hash, at) => {
        const moved = await move(tx, c, {
          type: 'PAYOUT',
          amount,
          vendorId,
          txId: call.txId,
          memo: memoOf(names),
          at,
        })
        const answer = ok(c.m, moved.balance, referenceOf(moved.ledgerTransactionId))
        const claim = claimOf(
          c,
          {
            vendorId,
            txId: call.txId,
            kind: 'credit',
            roundId: call.roundId,
            gameCode: names.gameCode,
            amount,
            hash,
            answer,
            ledgerTransactionId: moved.ledgerTransactionId,
          },
          at,
        )
        const done = await repo.claimWin(tx, claim, roundKey(c.session, call.roundId), call.roundClosed, at)
        if (!done.claimed) throw new Taken()
        if (!done.open) throw new Refused('ROUND_NOT_OPEN')
        return answer
      })
    },

    async rollback(vendorId: string, call: RollbackCall): Promise<WalletAnswer> {
      return moneyCall(vendorId, 'rollback', call, false, async (tx, c, names, hash, at) => {
        // Lock order as every call: the txId rows, then the accounts (the movement), then the round.
        const id = await repo.claimTx(
          tx,
          claimOf(
            c,
            {
              vendorId,
              txId: call.txId,
              kind: 'rollback',
              roundId: call.roundId,
              gameCode: call.gameId,
              amount: 0n,
              hash,
              answer: null,
              ledgerTransactionId: null,
              refTxId: call.refTxId,
            },
            at,
          ),
        )
        if (id === undefined) throw new Taken()
        const debit = await repo.lockTx(tx, vendorId, call.refTxId)
        let moved: { balance: bigint; ledgerTransactionId: number | null }
        let returned = 0n
        if (!debit) {
          // Never seen: the id is kept as rolled back, so the debit is refused if it comes.
          const tomb = await repo.claimTx(tx, {
            ...claimOf(
              c,
              {
                vendorId,
                txId: call.refTxId,
                kind: 'debit',
                roundId: call.roundId,
                gameCode: call.gameId,
                amount: 0n,
                hash,
                answer: null,
                ledgerTransactionId: null,
              },
              at,
            ),
            state: 'tombstone',
            requestHash: null,
          })
          if (tomb === undefined) throw new Taken()
          moved = { balance: await ledger.balance(tx, c.walletId), ledgerTransactionId: null }
        } else if (debit.kind !== 'debit' || debit.memberId !== c.session.memberId) {
          throw new Refused('TX_CONFLICT')
        } else if (debit.state !== 'done') {
          // Already given back (or already a tombstone): acknowledged, nothing moves.
          moved = { balance: await ledger.balance(tx, c.walletId), ledgerTransactionId: null }
        } else {
          // The stake goes back where it came from: the debit's own session and wallet.
          const from =
            debit.sessionId === c.session.id ? c.session : await repo.sessionById(tx, debit.sessionId)
          if (!from) throw new Error('the session of a debit is missing')
          const walletId =
            from.accountTypeId === c.session.accountTypeId
              ? c.walletId
              : await ledger.memberAccount(c.m.code, from.memberId, from.accountTypeId, tx)
          moved = await move(tx, c, {
            type: 'BET',
            amount: debit.amount,
            walletId,
            vendorId,
            txId: call.txId,
            memo: `${memoOf(names)} (rollback)`,
            at,
          })
          if (!(await repo.unstake(tx, roundKey(from, debit.roundId), debit.amount, at))) {
            throw new Refused('ROUND_NOT_OPEN')
          }
          await repo.markRolledBack(tx, debit.id)
          returned = debit.amount
        }
        const answer = ok(c.m, moved.balance, referenceOf(moved.ledgerTransactionId))
        await repo.finishTx(tx, id, {
          answer,
          ledgerTransactionId: moved.ledgerTransactionId,
          amount: returned,
        })
        return answer
      })
    },
  }
}

/** A lock cycle or serialization failure the database broke: the call may simply run again. */
function retryable(err: unknown): boolean {
  const code = pgErrorOf(err)?.code
  return code === pgCodes.deadlockDetected || code === pgCodes.serializationFailure
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>

const VendorParamsSchema = z.object({ vendorId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/)) })

const callSchemas = {
  balance: BalanceCallSchema,
  debit: DebitCallSchema,
  credit: CreditCallSchema,
  rollback: RollbackCallSchema,
} as const

/** Largest wallet call body: a call is a few short fields. */
const bodyLimit = 16_384

function signatureOk(secret: string, timestamp: string, raw: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]{64}$/.test(given)) return false
  return timingSafeEqual(
    Buffer.from(signWalletCall(secret, timestamp, raw), 'hex'),
    Buffer.from(given, 'hex'),
  )
}

function header(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}

/**
 * Mounts the four wallet calls. Each vendor's secret is read (made on first use) once per
 * process; every answer is a WalletAnswer, whatever went wrong with the request.
 */
export function registerSeamlessWallet(app: FastifyInstance, deps: SeamlessWalletDeps): SeamlessWallet {
  const wallet = createSeamlessWallet(deps)
  const secrets = new Map<string, Promise<string>>()
  const secretOf = (vendorId: string): Promise<string> => {
    let s = secrets.get(vendorId)
    if (!s) {
      s = vendorSecret(deps.db, vendorId)
      s.catch(() => secrets.delete(vendorId))
      secrets.set(vendorId, s)
    }
    return s
  }
  const refuse = (error: WalletError): WalletAnswer => ({ ok: false, error })

  void app.register(async (scope) => {
    // The signature is over the raw bytes: the body is kept as the string that came.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_req, body, done) =>
      done(null, body),
    )
    scope.setErrorHandler((err: FastifyError, req, reply) => {
      const status = err.statusCode ?? 500
      if (status >= 400 && status < 500) return reply.code(status).send(refuse('BAD_REQUEST'))
      // Anything else is the platform's fault: the app's handler logs it and answers 500.
      throw err
    })

    for (const call of walletCalls) {
      scope.post(`/vendor-api/:vendorId/wallet/${call}`, { bodyLimit }, async (req, reply) => {
        void reply.header('cache-control', 'no-store')
        const params = VendorParamsSchema.safeParse(req.params)
        const vendorId = params.success ? params.data.vendorId : undefined
        // Who may call, before a byte of the body is looked at.
        const timestamp = header(req.headers[timestampHeader])
        const at = timestamp && /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : NaN
        const fresh = Number.isFinite(at) && Math.abs(deps.now().getTime() - at) <= maxClockSkewMs
        const raw = typeof req.body === 'string' ? req.body : ''
        const signed =
          vendorId !== undefined &&
          deps.registry.byId(vendorId) !== undefined &&
          fresh &&
          timestamp !== undefined &&
          signatureOk(await secretOf(vendorId), timestamp, raw, header(req.headers[signatureHeader]))
        if (!signed || vendorId === undefined) {
          req.log.warn({ vendorId: vendorId ?? null, call, fresh }, 'wallet call refused: signature')
          return reply.code(401).send(refuse('INVALID_SIGNATURE'))
        }
        let json: unknown
        try {
          json = JSON.parse(raw)
        } catch {
          return reply.code(400).send(refuse('BAD_REQUEST'))
        }
        return reply.send(await answer(wallet, vendorId, call, json, () => reply.code(400)))
      })
    }
  })
  return wallet
}

async function answer(
  wallet: SeamlessWallet,
  vendorId: string,
  call: WalletCall,
  json: unknown,
  badRequest: () => void,
): Promise<WalletAnswer> {
  const bad = (): WalletAnswer => {
    badRequest()
    return { ok: false, error: 'BAD_REQUEST' }
  }
  switch (call) {
    case 'balance': {
      const body = callSchemas.balance.safeParse(json)
      return body.success ? wallet.balance(vendorId, body.data) : bad()
    }
    case 'debit': {
      const body = callSchemas.debit.safeParse(json)
      return body.success ? wallet.debit(vendorId, body.data) : bad()
    }
    case 'credit': {
      const body = callSchemas.credit.safeParse(json)
      return body.success ? wallet.credit(vendorId, body.data) : bad()
    }
    case 'rollback': {
      const body = callSchemas.rollback.safeParse(json)
      return body.success ? wallet.rollback(vendorId, body.data) : bad()
    }
  }
}
