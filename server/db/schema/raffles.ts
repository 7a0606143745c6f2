/**
 * Raffles (server/promotions/raffle-*.ts, decision 028): a promotion whose reward is drawn.
 * Members join a period; their tickets come from their valid bets of the period; the draw's
 * commitment is published when the period's row is made and its seed after the draw.
 */
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { members } from './identity'
import { promotions } from './promotions'

/** One prize rank: `count` winners of `amount` (minor units). */
export interface RafflePrize {
  rank: number
  amount: number
  count: number
}

/** A raffle's settings, beside its promotion row. */
export const raffles = pgTable('raffles', {
  promotionId: integer('promotion_id')
    .primaryKey()
    .references(() => promotions.id),
  /** Valid bets (minor units) that make one ticket. */
  ticketValidBets: bigint('ticket_valid_bets', { mode: 'bigint' }).notNull(),
  /** The prizes by rank, first rank first. */
  prizes: jsonb('prizes').$type<RafflePrize[]>().notNull(),
  /** How long after the period ends it is drawn (late bets settle meanwhile). */
  drawDelayMinutes: integer('draw_delay_minutes').notNull(),
})

/**
 * One period's draw. The seed is made with the row and kept secret until `drawn_at`; its
 * commitment (SHA-256) is shown from the start. The row's lock is what draws it once.
 */
export const raffleDraws = pgTable(
  'raffle_draws',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    /** The period's first day in the brand's zone (YYYY-MM-DD), as the claims' period. */
    period: text('period').notNull(),
    /** The period's last day, for the valid bets that make tickets. */
    lastDay: text('last_day').notNull(),
    /** When it is drawn: the period's end and the raffle's delay. */
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    commitment: text('commitment').notNull(),
    /** Secret until drawn_at is set; published after. */
    seed: text('seed').notNull(),
    /** The tickets of every entry at the draw. */
    totalTickets: integer('total_tickets'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.period] }),
    index('raffle_draws_due').on(t.drawnAt, t.drawAt),
  ],
)

/** A member who joined a period; tickets and first ticket are frozen at the draw. */
export const raffleEntries = pgTable(
  'raffle_entries',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    period: text('period').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    tickets: integer('tickets'),
    /** The entry's first ticket number (from 1, by member id); null with no ticket. */
    firstTicket: integer('first_ticket'),
    /** The prize rank it won, if it won. */
    rank: integer('rank'),
    /** The ticket that won. */
    winningTicket: integer('winning_ticket'),
    prize: bigint('prize', { mode: 'bigint' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('raffle_entries_once').on(t.promotionId, t.period, t.memberId)],
)
