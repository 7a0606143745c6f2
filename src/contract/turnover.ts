/**
 * The turnover requirement (decision 026): each credited bonus asks the member to wager a
 * multiple of it in settled valid bets before withdrawing. Requirements are counted down in
 * the order the bonuses came; a withdrawal while one is open is refused with what is left.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { AmountInputSchema, MoneySchema } from './money'

/** Why a requirement was closed before it was met: the operator waived it, or the member gave the bonus up. */
export const turnoverClosedReasons = ['waived', 'forfeited'] as const
export type TurnoverClosedReason = (typeof turnoverClosedReasons)[number]

/** A requirement as the member reads it: still open, met by the bets, or closed by a reason above. */
export const turnoverStatuses = ['open', 'met', ...turnoverClosedReasons] as const
export type TurnoverStatus = (typeof turnoverStatuses)[number]

export const TurnoverRequirementSchema = z.object({
  id: z.int(),
  /** The bonus that brought it. */
  bonus: MoneySchema,
  /** Valid bets asked for: the bonus times its multiple. */
  required: MoneySchema,
  /** Valid bets counted towards it so far (0 once waived or forfeited, as it no longer counts). */
  done: MoneySchema,
  remaining: MoneySchema,
  status: z.enum(turnoverStatuses),
  /** What gave the bonus: `operator`, `promotion:<id>`. */
  source: z.string(),
  /** Epoch ms. */
  createdAt: z.number(),
  closedAt: z.nullable(z.number()),
})
export type TurnoverRequirement = z.infer<typeof TurnoverRequirementSchema>

/**
 * What the withdraw page needs: the valid bets still to wager, how many requirements are
 * open, and their sums (required and done over the open ones) for its progress bar.
 */
export const TurnoverSummarySchema = z.object({
  remaining: MoneySchema,
  count: z.int(),
  required: MoneySchema,
  done: MoneySchema,
})
export type TurnoverSummary = z.infer<typeof TurnoverSummarySchema>

export const TurnoverInfoSchema = z.object({
  ...TurnoverSummarySchema.shape,
  /** Newest first. */
  requirements: z.array(TurnoverRequirementSchema),
})
export type TurnoverInfo = z.infer<typeof TurnoverInfoSchema>

/**
 * What giving up the open bonuses would cost now (the brand lets members forfeit them to
 * withdraw): the withdraw page states it before the member confirms.
 */
export const BonusForfeitOfferSchema = z.object({
  /** Taken from the main wallet: the open bonuses, never more than the balance. */
  amount: MoneySchema,
  /** The open bonuses as credited (more than `amount` when the balance is lower). */
  bonus: MoneySchema,
  /** The requirements it closes. */
  count: z.int(),
})
export type BonusForfeitOffer = z.infer<typeof BonusForfeitOfferSchema>

export const BonusForfeitSchema = z.object({
  /** Taken from the main wallet back to the house. */
  forfeited: MoneySchema,
  /** The requirements closed as forfeited. */
  count: z.int(),
  /** The main wallet after it. */
  balance: MoneySchema,
})
export type BonusForfeit = z.infer<typeof BonusForfeitSchema>

export const turnoverEndpoints = {
  info: defineEndpoint({
    name: 'turnover.info',
    method: 'GET',
    path: '/wps/relay/MCSFE_getTurnoverInfo',
    auth: 'member',
    encrypted: false,
    response: TurnoverInfoSchema,
    errors: [],
  }),
  /**
   * The member gives up the bonuses still waiting for their turnover, to withdraw now. The
   * body names the amount the member was shown (the offer's `amount`); another amount now is
   * refused with the current one, so nobody loses more than they were told.
   */
  forfeit: defineEndpoint({
    name: 'turnover.forfeit',
    method: 'POST',
    path: '/wps/relay/MCSFE_forfeitBonus',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    body: z.object({ amount: AmountInputSchema }),
    response: BonusForfeitSchema,
    errors: [
      'amount_invalid',
      'idempotency_key_required',
      'idempotency_key_reused',
      'bonus_forfeit_not_allowed',
      'bonus_forfeit_nothing_open',
      'bonus_forfeit_amount_changed',
    ],
  }),
} as const
