/**
 * Loyalty points' calls (decision 030): the member's balance, the brand's settings (rates
 * per game type) and the ways points turn into money. Each carries the points system's
 * switch (PTSYS3): off, they answer feature_disabled. The points details are the account
 * record's own call with `book=points` (records.movements).
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { GameTypeSchema } from './games'
import { MoneySchema } from './money'
import { pointMallEndpoints } from './point-mall'
import { PointConversionTypeSchema, PointsSchema } from './points-values'

export const PointRateSchema = z.object({
  productType: GameTypeSchema,
  /** Points per 1.00 of valid bet. */
  pointsPerUnit: PointsSchema,
})

export const PointConversionWireSchema = z.object({
  type: PointConversionTypeSchema,
  /** Money for every 100 points. */
  moneyPer100Points: MoneySchema,
  minPoints: z.int(),
  stepPoints: z.int(),
  /** The turnover multiple a bonus carries ("3" = 3×; "0" for cash). */
  turnoverMultiple: z.string(),
})
export type PointConversionWire = z.infer<typeof PointConversionWireSchema>

export const pointEndpoints = {
  balance: defineEndpoint({
    name: 'points.balance',
    method: 'GET',
    path: '/wps/relay/MCS2_getPointBalance',
    auth: 'member',
    encrypted: false,
    modId: 'PTSYS3',
    response: z.object({ points: PointsSchema }),
    errors: ['in_need_true_account'],
  }),
  config: defineEndpoint({
    name: 'points.config',
    method: 'GET',
    path: '/wps/relay/MCS2_getPointConfig',
    auth: 'member',
    encrypted: false,
    modId: 'PTSYS3',
    response: z.object({
      /** Off: no points are earned on bets settled now. */
      enabled: z.boolean(),
      /** The game types that earn, in the catalogue's order. */
      rates: z.array(PointRateSchema),
      /** Epoch ms the settings in force took effect; null before any. */
      since: z.nullable(z.number()),
    }),
    errors: ['in_need_true_account'],
  }),
  conversionTypes: defineEndpoint({
    name: 'points.conversionTypes',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPointRewardConversionType',
    auth: 'member',
    encrypted: false,
    modId: 'PTSYS3',
    response: z.object({ list: z.array(PointConversionWireSchema) }),
    errors: ['in_need_true_account'],
  }),
  ...pointMallEndpoints,
} as const
