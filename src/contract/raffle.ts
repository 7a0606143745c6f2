/**
 * The raffle (decision 028): a promotion whose prizes are drawn among the members who joined
 * the period. Tickets come from valid bets of the period; the draw is committed ahead (the
 * commitment, SHA-256 of the seed, shown from the period's start) and verifiable after (the
 * seed and every entry's tickets published with the winners).
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { MoneySchema } from './money'
import { RowIdSchema, intFromQuery, maxRowId } from './paging'

const PrizeSchema = z.object({ rank: z.int(), amount: MoneySchema, count: z.int() })

export const RaffleStatusSchema = z.object({
  promotionId: z.int(),
  /** The brand's time zone (IANA): the periods are its weeks, the draw's date is read on its clock. */
  timeZone: z.string(),
  /** Valid bets that make one ticket. */
  ticketValidBets: MoneySchema,
  /** First rank first. */
  prizes: z.array(PrizeSchema),
  /** The period members may join now; null when the raffle is not running. */
  current: z.nullable(
    z.object({
      /** Its first day in the brand's zone (YYYY-MM-DD). */
      period: z.string(),
      joined: z.boolean(),
      /** The caller's tickets so far (valid bets of the period over the ticket's price). */
      tickets: z.int(),
      /** The tickets of every member who joined, so far. */
      totalTickets: z.int(),
      entrants: z.int(),
      /** When it is drawn (ms). */
      drawAt: z.int(),
      /** SHA-256 of the seed (hex), fixed before the first entry. */
      commitment: z.string(),
    }),
  ),
  /** The last period drawn, with what anyone needs to re-check it; null before the first. */
  last: z.nullable(
    z.object({
      period: z.string(),
      drawnAt: z.int(),
      commitment: z.string(),
      /** 64 hex characters: SHA-256 of its bytes is the commitment. */
      seed: z.string(),
      totalTickets: z.int(),
      winners: z.array(
        z.object({
          rank: z.int(),
          account: z.string(),
          amount: MoneySchema,
          ticket: z.int(),
          mine: z.boolean(),
        }),
      ),
      /** Every entry with a ticket, in ticket order (masked accounts). */
      entries: z.array(
        z.object({ account: z.string(), firstTicket: z.int(), tickets: z.int(), mine: z.boolean() }),
      ),
    }),
  ),
})
export type RaffleStatus = z.infer<typeof RaffleStatusSchema>

const joinErrors = [
  'promotion_not_found',
  'promotion_not_started',
  'promotion_ended',
  'promotion_wrong_mode',
  'idempotency_key_required',
  'idempotency_key_reused',
  'in_need_true_account',
] as const

export const raffleEndpoints = {
  /** Joins the current period's raffle; joining again answers the same. */
  join: defineEndpoint({
    name: 'raffle.join',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimRafflePromotion',
    auth: 'member',
    encrypted: false,
    modId: 'REWCEN3',
    idempotent: true,
    body: z.object({ promotionId: RowIdSchema }),
    response: RaffleStatusSchema,
    errors: [...joinErrors],
  }),
  status: defineEndpoint({
    name: 'raffle.status',
    method: 'GET',
    path: '/wps/relay/MCSFE_getRafflePromotionStatus',
    auth: 'member',
    encrypted: false,
    modId: 'REWCEN3',
    query: z.object({ promotionId: intFromQuery(1, maxRowId) }),
    response: RaffleStatusSchema,
    errors: ['promotion_not_found', 'promotion_wrong_mode', 'in_need_true_account'],
  }),
} as const
