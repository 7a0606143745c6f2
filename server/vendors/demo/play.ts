/**
 * A round with real money: the stake is debited, the result credited (zero when lost) with
 * the same roundId, so the platform writes its round record. Free play never calls the
 * wallet: the session's play balance moves in the round's own transaction (store.ts).
 *
 * Lost answers: a debit whose answer never comes is rolled back (a rollback naming its
 * txId; the platform refuses that debit if it arrives later). A credit whose answer never
 * comes stays `credit_pending` and the sweep job sends it again with the same txId.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { WalletAnswer, WalletError } from '../adapter'
import type { FairInput } from './fair'
import type { SessionClaims } from './session-token'
import { fixtureById, fixtureResult, sportsWin, type Pick } from './sports'
import { InsufficientPlayMoney, type RoundPlan, type RoundRow, type Store } from './store'
import { WalletUnreachable, type WalletClient } from './wallet-client'

export type PlayRefusal =
  'insufficient_funds' | 'wallet_unavailable' | 'wallet_refused' | 'vendor_maintenance'

export class PlayRefused extends Error {
  constructor(
    readonly code: PlayRefusal,
    readonly balance?: string,
  ) {
    super(code)
  }
}

export interface PlayAnswer {
  round: RoundRow
  /** The balance after the round, minor units; null when the wallet's answer was lost. */
  balance: bigint | null
}

const txIds = (roundId: string) => ({
  debit: `${roundId}:d`,
  credit: `${roundId}:c`,
  rollback: `${roundId}:r`,
})

export function createPlay(deps: {
  store: Store
  wallet: WalletClient
  now: () => Date
  /** The secret fixtures' results come from. */
  resultsSecret: string
}) {
  const { store, wallet, now } = deps

  async function rollback(round: RoundRow): Promise<void> {
    const ids = txIds(round.id)
    try {
      await wallet.call('rollback', {
        player: round.playerToken ?? '',
        txId: ids.rollback,
        refTxId: ids.debit,
        roundId: round.id,
        gameId: round.gameCode,
      })
      await store.moveRound(round.id, ['debit_pending', 'rollback_pending'], 'rolled_back', {
        settledAt: now(),
      })
    } catch (err) {
      if (!(err instanceof WalletUnreachable)) throw err
      await store.moveRound(round.id, ['debit_pending'], 'rollback_pending')
    }
  }

  async function debit(round: RoundRow): Promise<Extract<WalletAnswer, { ok: true }>> {
    let answer: WalletAnswer
    try {
      answer = await wallet.call('debit', {
        player: round.playerToken ?? '',
        txId: txIds(round.id).debit,
        roundId: round.id,
        gameId: round.gameCode,
        amount: String(round.bet),
      })
    } catch (err) {
      if (!(err instanceof WalletUnreachable)) throw err
      await rollback(round)
      throw new PlayRefused('wallet_unavailable')
    }
    if (!answer.ok) {
      await store.moveRound(round.id, ['debit_pending'], 'refused', {
        result: { ...(round.result as object), refused: answer.error },
        settledAt: now(),
      })
      throw new PlayRefused(refusalOf(answer.error), answer.balance)
    }
    return answer
  }

  /** Sends the round's credit; undefined when its answer was lost (the sweep job sends it again). */
  async function credit(round: RoundRow, win: bigint): Promise<bigint | undefined> {
    let answer: WalletAnswer
    try {
      answer = await wallet.call('credit', {
        player: round.playerToken ?? '',
        txId: txIds(round.id).credit,
        roundId: round.id,
        gameId: round.gameCode,
        amount: String(win),
        roundClosed: true,
      })
    } catch (err) {
      if (!(err instanceof WalletUnreachable)) throw err
      return undefined
    }
    await store.moveRound(round.id, ['credit_pending'], 'settled', {
      settledAt: now(),
      ...(answer.ok ? {} : { result: { ...(round.result as object), creditRefused: answer.error } }),
    })
    return answer.ok ? BigInt(answer.balance) : undefined
  }

  return {
    /** Plays one round: computes it under the session's seeds, then moves the money. */
    async play(
      claims: SessionClaims,
      freePlayBalance: bigint,
      plan: (fair: FairInput) => RoundPlan,
      opts: { fair: boolean } = { fair: true },
    ): Promise<PlayAnswer> {
      let started
      try {
        started = await store.startRound(claims, freePlayBalance, plan, opts)
      } catch (err) {
        if (err instanceof InsufficientPlayMoney) throw new PlayRefused('insufficient_funds')
        throw err
      }
      const { round } = started
      if (claims.player === null) return { round, balance: started.playBalance }
      const debited = await debit(round)
      if (round.win === null) {
        if (!(await store.moveRound(round.id, ['debit_pending'], 'open'))) {
          throw new PlayRefused('wallet_unavailable')
        }
        return { round: { ...round, status: 'open' }, balance: BigInt(debited.balance) }
      }
      if (!(await store.moveRound(round.id, ['debit_pending'], 'credit_pending'))) {
        // The sweep rolled this debit back while its answer was late: the round did not happen.
        throw new PlayRefused('wallet_unavailable')
      }
      const balance = await credit({ ...round, status: 'credit_pending' }, round.win)
      return {
        round: { ...round, status: balance === undefined ? 'credit_pending' : 'settled' },
        balance: balance ?? null,
      }
    },

    /** The player's balance at the platform; null when the wallet does not answer. */
    async balance(player: string): Promise<bigint | null> {
      try {
        const answer = await wallet.call('balance', { player })
        return answer.ok ? BigInt(answer.balance) : null
      } catch (err) {
        if (err instanceof WalletUnreachable) return null
        throw err
      }
    },

    /**
     * The sweep: settles sports bets whose fixture is over (a zero credit closes a lost
     * one), sends again credits and rollbacks whose answers were lost, and rolls back debits
     * left unanswered by a request that died. Each call repeats its txId, so a repeat is safe.
     */
    async sweep(log: FastifyBaseLogger): Promise<{ settled: number; retried: number; failed: number }> {
      const counts = { settled: 0, retried: 0, failed: 0 }
      const rounds = await store.due(200, new Date(now().getTime() - 2 * 60_000))
      for (const round of rounds) {
        try {
          if (round.status === 'open') {
            const bet = round.result as { fixtureId: string; pick: Pick; odds: number }
            const fixture = fixtureById(bet.fixtureId)
            if (!fixture) throw new Error('a sports bet on an unknown fixture')
            const outcome = fixtureResult(fixture, deps.resultsSecret)
            const win = sportsWin(round.bet, bet.odds, outcome.winner === bet.pick)
            const result = { ...bet, outcome }
            if (round.playerToken === null) {
              if (await store.settleFreeRound(round, win, result)) counts.settled++
              continue
            }
            if (!(await store.moveRound(round.id, ['open'], 'credit_pending', { win, result }))) continue
            if ((await credit({ ...round, status: 'credit_pending', win, result }, win)) !== undefined) {
              counts.settled++
            }
          } else if (round.status === 'credit_pending') {
            counts.retried++
            await credit(round, round.win ?? 0n)
          } else {
            counts.retried++
            await rollback(round)
          }
        } catch (err) {
          counts.failed++
          log.warn({ err, round: round.id }, 'demo vendor: a round could not be swept')
        }
      }
      return counts
    },
  }
}

export type Play = ReturnType<typeof createPlay>

/** What the player is told of a stake the wallet refused. */
function refusalOf(error: WalletError): PlayRefusal {
  if (error === 'INSUFFICIENT_FUNDS') return 'insufficient_funds'
  if (error === 'VENDOR_MAINTENANCE') return 'vendor_maintenance'
  return 'wallet_refused'
}
