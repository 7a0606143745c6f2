/**
 * The turnover requirement (decision 026): each credited bonus asks the member to wager a
 * multiple of it in settled valid bets before withdrawing. Requirements are counted down in
 * the order the bonuses came; a withdrawal while one is open is refused with what is left.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { MoneySchema } from './money'

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
} as const
