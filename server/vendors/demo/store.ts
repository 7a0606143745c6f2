/** The demo vendor's rows: its sessions (seeds, free-play balance) and its rounds. */
import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import { demoVendorRounds, demoVendorSessions, type DemoRoundStatus } from '../../db/schema/demo-vendor'
import type { Db } from '../../plugins/external/db'
import { newClientSeed, newServerSeed, type FairInput } from './fair'
import type { SessionClaims } from './session-token'

export type SessionRow = typeof demoVendorSessions.$inferSelect
export type RoundRow = typeof demoVendorRounds.$inferSelect

export class InsufficientPlayMoney extends Error {
  constructor() {
    super('not enough play money')
  }
}

/** What a game computes from the round's fair input (null for a sports bet). */
export interface RoundPlan {
  game: string
  bet: bigint
  /** Null while the result is not known (a sports bet). */
  win: bigint | null
  result: unknown
  settleAfter?: Date
}

export interface StartedRound {
  round: RoundRow
  /** Free play: the balance after the round (or after the stake, for an open bet). */
  playBalance: bigint | null
}

export function createStore(db: Db, now: () => Date) {
  async function ensureSession(claims: SessionClaims, freePlayBalance: bigint): Promise<SessionRow> {
    await db
      .insert(demoVendorSessions)
      .values({
        id: claims.sid,
        playerToken: claims.player,
        currency: claims.currency,
        decimals: claims.decimals,
        playBalance: claims.player === null ? freePlayBalance : null,
        serverSeed: newServerSeed(),
        clientSeed: newClientSeed(),
        nonce: 0,
        createdAt: now(),
      })
      .onConflictDoNothing()
    const [row] = await db.select().from(demoVendorSessions).where(eq(demoVendorSessions.id, claims.sid))
    if (!row) throw new Error('the session row vanished')
    return row
  }

  return {
    ensureSession,

    async setClientSeed(sid: string, clientSeed: string): Promise<void> {
      await db.update(demoVendorSessions).set({ clientSeed }).where(eq(demoVendorSessions.id, sid))
    },

    /**
     * Takes the session's next seeds under its row lock (so two rounds never share a
     * nonce), lets the game compute the round, rotates the server seed, records the round;
     * in free play the stake and the win move the play balance in the same transaction.
     */
    async startRound(
      claims: SessionClaims,
      freePlayBalance: bigint,
      plan: (fair: FairInput) => RoundPlan,
      opts: { fair: boolean } = { fair: true },
    ): Promise<StartedRound> {
      await ensureSession(claims, freePlayBalance)
      return db.transaction(async (tx) => {
        const [s] = await tx
          .select()
          .from(demoVendorSessions)
          .where(eq(demoVendorSessions.id, claims.sid))
          .for('update')
        if (!s) throw new Error('the session row vanished')
        const fair = { serverSeed: s.serverSeed, clientSeed: s.clientSeed, nonce: s.nonce }
        const p = plan(fair)
        const free = s.playBalance !== null
        let playBalance: bigint | null = null
        if (s.playBalance !== null) {
          if (s.playBalance < p.bet) throw new InsufficientPlayMoney()
          playBalance = s.playBalance - p.bet + (p.win ?? 0n)
        }
        await tx
          .update(demoVendorSessions)
          .set(opts.fair ? { serverSeed: newServerSeed(), nonce: s.nonce + 1, playBalance } : { playBalance })
          .where(eq(demoVendorSessions.id, s.id))
        const [round] = await tx
          .insert(demoVendorRounds)
          .values({
            id: `demo-${randomUUID()}`,
            sessionId: s.id,
            playerToken: s.playerToken,
            game: p.game,
            gameCode: claims.gameCode,
            serverSeed: opts.fair ? fair.serverSeed : null,
            clientSeed: opts.fair ? fair.clientSeed : null,
            nonce: opts.fair ? fair.nonce : null,
            bet: p.bet,
            win: p.win,
            result: p.result,
            status: p.win === null ? (free ? 'open' : 'debit_pending') : free ? 'settled' : 'debit_pending',
            settleAfter: p.settleAfter ?? null,
            createdAt: now(),
            settledAt: free && p.win !== null ? now() : null,
          })
          .returning()
        if (!round) throw new Error('the round was not recorded')
        return { round, playBalance }
      })
    },

    /** Moves a round on, only from the status it is in (a job and a request may race). */
    async moveRound(
      id: string,
      from: DemoRoundStatus[],
      to: DemoRoundStatus,
      fields: Partial<Pick<RoundRow, 'win' | 'result' | 'settledAt'>> = {},
    ): Promise<boolean> {
      const moved = await db
        .update(demoVendorRounds)
        .set({ status: to, ...fields })
        .where(and(eq(demoVendorRounds.id, id), inArray(demoVendorRounds.status, from)))
        .returning({ id: demoVendorRounds.id })
      return moved.length > 0
    },

    /** Free play: settles an open bet and pays its win into the session's play balance. */
    async settleFreeRound(round: RoundRow, win: bigint, result: unknown): Promise<boolean> {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(demoVendorRounds)
          .set({ status: 'settled', win, result, settledAt: now() })
          .where(and(eq(demoVendorRounds.id, round.id), eq(demoVendorRounds.status, 'open')))
          .returning({ id: demoVendorRounds.id })
        if (moved.length === 0) return false
        await tx
          .update(demoVendorSessions)
          .set({ playBalance: sql`${demoVendorSessions.playBalance} + ${win}` })
          .where(eq(demoVendorSessions.id, round.sessionId))
        return true
      })
    },

    async recentRounds(sid: string, game: string[], limit: number): Promise<RoundRow[]> {
      return db
        .select()
        .from(demoVendorRounds)
        .where(and(eq(demoVendorRounds.sessionId, sid), inArray(demoVendorRounds.game, game)))
        .orderBy(desc(demoVendorRounds.createdAt))
        .limit(limit)
    },

    /** Rounds the sweep job takes up: bets due, credits and rollbacks unanswered, stale debits. */
    /**
     * Forgets what is done with: rounds that ended (settled, refused, rolled back) before
     * `before`, then sessions created before `sessionsBefore` that have no round left. A
     * round the wallet still owes an answer is never touched. Each a single statement, so a
     * retry is harmless.
     */
    async prune(before: Date, sessionsBefore: Date): Promise<{ rounds: number; sessions: number }> {
      const rounds = await db
        .delete(demoVendorRounds)
        .where(
          and(
            inArray(demoVendorRounds.status, ['settled', 'refused', 'rolled_back']),
            lte(demoVendorRounds.createdAt, before),
          ),
        )
        .returning({ id: demoVendorRounds.id })
      const sessions = await db
        .delete(demoVendorSessions)
        .where(
          and(
            lte(demoVendorSessions.createdAt, sessionsBefore),
            sql`not exists (select 1 from ${demoVendorRounds} r where r.session_id = ${demoVendorSessions.id})`,
          ),
        )
        .returning({ id: demoVendorSessions.id })
      return { rounds: rounds.length, sessions: sessions.length }
    },

    async due(limit: number, staleBefore: Date): Promise<RoundRow[]> {
      const t = now()
      const [due, pending, stale] = await Promise.all([
        db
          .select()
          .from(demoVendorRounds)
          .where(and(eq(demoVendorRounds.status, 'open'), lte(demoVendorRounds.settleAfter, t)))
          .limit(limit),
        db
          .select()
          .from(demoVendorRounds)
          .where(inArray(demoVendorRounds.status, ['credit_pending', 'rollback_pending']))
          .limit(limit),
        db
          .select()
          .from(demoVendorRounds)
          .where(
            and(eq(demoVendorRounds.status, 'debit_pending'), lte(demoVendorRounds.createdAt, staleBefore)),
          )
          .limit(limit),
      ])
      return [...due, ...pending, ...stale]
    },
  }
}

export type Store = ReturnType<typeof createStore>
