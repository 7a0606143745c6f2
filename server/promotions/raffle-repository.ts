/**
 * The raffle's reads and writes over raffles, raffle_draws and raffle_entries (decision
 * 028). Every method takes the executor (the database or the caller's transaction).
 */
import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { members } from '../db/schema/identity'
import { promotions } from '../db/schema/promotions'
import { raffleDraws, raffleEntries, raffles, type RafflePrize } from '../db/schema/raffles'
import { rowsOf, type Db, type Tx } from '../plugins/external/db'

type Executor = Db | Tx

export type RaffleRow = typeof raffles.$inferSelect
export type DrawRow = typeof raffleDraws.$inferSelect
export type EntryRow = typeof raffleEntries.$inferSelect

export function createRaffleRepository(db: Db) {
  return {
    async add(
      r: { promotionId: number; ticketValidBets: bigint; prizes: RafflePrize[]; drawDelayMinutes: number },
      ex: Executor = db,
    ) {
      await ex.insert(raffles).values(r)
    },

    async settings(promotionId: number, ex: Executor = db): Promise<RaffleRow | undefined> {
      const [r] = await ex.select().from(raffles).where(eq(raffles.promotionId, promotionId))
      return r
    },

    /** The period's draw row, made (with its secret seed and commitment) if there is none yet. */
    async ensureDraw(row: Omit<DrawRow, 'totalTickets' | 'drawnAt'>, ex: Executor = db): Promise<DrawRow> {
      await ex.insert(raffleDraws).values(row).onConflictDoNothing()
      const found = await this.draw(row.promotionId, row.period, ex)
      if (!found) throw new Error('raffle draw row not written')
      return found
    },

    async draw(promotionId: number, period: string, ex: Executor = db): Promise<DrawRow | undefined> {
      const [r] = await ex
        .select()
        .from(raffleDraws)
        .where(and(eq(raffleDraws.promotionId, promotionId), eq(raffleDraws.period, period)))
      return r
    },

    /** The draw row under its lock, for the transaction that draws it. */
    async lockDraw(promotionId: number, period: string, tx: Tx): Promise<DrawRow | undefined> {
      const [r] = await tx
        .select()
        .from(raffleDraws)
        .where(and(eq(raffleDraws.promotionId, promotionId), eq(raffleDraws.period, period)))
        .for('update')
      return r
    },

    async lastDrawn(promotionId: number, ex: Executor = db): Promise<DrawRow | undefined> {
      const [r] = await ex
        .select()
        .from(raffleDraws)
        .where(and(eq(raffleDraws.promotionId, promotionId), isNotNull(raffleDraws.drawnAt)))
        .orderBy(desc(raffleDraws.period))
        .limit(1)
      return r
    },

    /** Every brand's periods not drawn whose draw time has come, oldest first. */
    async due(at: Date, ex: Executor = db) {
      return ex
        .select({
          promotionId: raffleDraws.promotionId,
          period: raffleDraws.period,
          merchantCode: promotions.merchantCode,
        })
        .from(raffleDraws)
        .innerJoin(promotions, eq(promotions.id, raffleDraws.promotionId))
        .where(and(isNull(raffleDraws.drawnAt), lte(raffleDraws.drawAt, at)))
        .orderBy(asc(raffleDraws.drawAt))
    },

    async publish(promotionId: number, period: string, totalTickets: number, at: Date, tx: Tx) {
      await tx
        .update(raffleDraws)
        .set({ drawnAt: at, totalTickets })
        .where(and(eq(raffleDraws.promotionId, promotionId), eq(raffleDraws.period, period)))
    },

    /** Joins once: answers whether this call made the entry. */
    async join(
      e: { promotionId: number; period: string; memberId: number; joinedAt: Date },
      ex: Executor = db,
    ) {
      const r = await ex
        .insert(raffleEntries)
        .values(e)
        .onConflictDoNothing()
        .returning({ m: raffleEntries.memberId })
      return r.length > 0
    },

    /** The period's entries with their valid bets over days [from, to] and their usernames. */
    async entriesWithBets(promotionId: number, period: string, from: string, to: string, ex: Executor = db) {
      const rows = await ex.execute(sql`
        select e.member_id, m.username, coalesce(sum(s.valid_bet), 0)::text as valid
        from raffle_entries e
        join members m on m.id = e.member_id
        left join member_daily_stats s on s.member_id = e.member_id and s.day >= ${from} and s.day <= ${to}
        where e.promotion_id = ${promotionId} and e.period = ${period}
        group by e.member_id, m.username
        order by e.member_id`)
      return rowsOf<{ member_id: number; username: string; valid: string }>(rows).map((r) => ({
        memberId: Number(r.member_id),
        username: r.username,
        validBets: BigInt(r.valid),
      }))
    },

    async freeze(
      promotionId: number,
      period: string,
      e: {
        memberId: number
        tickets: number
        firstTicket: number | null
        rank: number | null
        winningTicket: number | null
        prize: bigint | null
      },
      tx: Tx,
    ) {
      await tx
        .update(raffleEntries)
        .set({
          tickets: e.tickets,
          firstTicket: e.firstTicket,
          rank: e.rank,
          winningTicket: e.winningTicket,
          prize: e.prize,
        })
        .where(
          and(
            eq(raffleEntries.promotionId, promotionId),
            eq(raffleEntries.period, period),
            eq(raffleEntries.memberId, e.memberId),
          ),
        )
    },

    /** A drawn period's entries with tickets, in ticket order. */
    async frozen(promotionId: number, period: string, ex: Executor = db) {
      return ex
        .select({
          memberId: raffleEntries.memberId,
          username: members.username,
          tickets: raffleEntries.tickets,
          firstTicket: raffleEntries.firstTicket,
          rank: raffleEntries.rank,
          winningTicket: raffleEntries.winningTicket,
          prize: raffleEntries.prize,
        })
        .from(raffleEntries)
        .innerJoin(members, eq(members.id, raffleEntries.memberId))
        .where(
          and(
            eq(raffleEntries.promotionId, promotionId),
            eq(raffleEntries.period, period),
            isNotNull(raffleEntries.firstTicket),
          ),
        )
        .orderBy(asc(raffleEntries.firstTicket))
    },
  }
}

export type RaffleRepository = ReturnType<typeof createRaffleRepository>
