/**
 * Loyalty points' values (decision 030), shared by the server and the app: the unit, the
 * kinds of movement and how many points a valid bet earns. One point is 100 units in the
 * points book (centipoints), so earnings on small bets are not lost to rounding; on the wire
 * points are a decimal string with at most two decimals, like money.
 */
import { z } from 'zod/mini'
import { GameTypeSchema } from './games'
import { MoneySchema, minorToMoney, parseAmount, type CurrencyUnits } from './money'

/** Centipoints per point: points carry two decimals. */
export const pointUnits: CurrencyUnits = { decimals: 2 }

/** Points as answered by the server ("1234.5"). */
export const PointsSchema = MoneySchema
export type Points = z.infer<typeof PointsSchema>

/** The kinds of points movement, as the points details list them. */
export const pointMovementTypes = [
  'EARN',
  'MISSION',
  'REDEEM',
  'REDEEM_RETURN',
  'CONVERT',
  'ADJUSTMENT',
] as const
export const PointMovementTypeSchema = z.enum(pointMovementTypes)
export type PointMovementType = z.infer<typeof PointMovementTypeSchema>

/** Centipoints as the wire's points, without trailing zeros ("12.5", "3", "0.25"). */
export function pointsOf(centipoints: bigint): Points {
  return minorToMoney(centipoints, pointUnits).replace(/\.(\d*?)0+$/, (_, kept: string) =>
    kept ? `.${kept}` : '',
  )
}

/** Typed points ("12.5") as centipoints, or null when it is not a positive amount of points. */
export function parsePoints(text: string): bigint | null {
  return parseAmount(text, pointUnits)
}

/**
 * The centipoints a settled bet earns: `rate` is points per 1.00 of valid bet in hundredths
 * (10 = 0.1 point per 1.00), `validBet` in the currency's minor units. Rounded down, so a
 * bet never earns a fraction of a centipoint. A rate of 10 on 12.34 (1,234 minor units, two
 * decimals) earns 123 centipoints, 1.23 points.
 */
export function pointsFor(validBet: bigint, rate: number, currencyDecimals: number): bigint {
  if (validBet <= 0n || rate <= 0) return 0n
  return (validBet * BigInt(rate)) / 10n ** BigInt(currencyDecimals)
}

/** The most a rate may be: 100 points per 1.00 of valid bet (in hundredths). */
export const maxPointRate = 10_000

/** Points per 1.00 of valid bet in hundredths, per game type (a type not named earns nothing). */
export const PointRatesSchema = z.partialRecord(GameTypeSchema, z.int().check(z.gte(0), z.lte(maxPointRate)))
export type PointRates = z.infer<typeof PointRatesSchema>

export const pointConversionTypes = ['cash', 'bonus'] as const
export const PointConversionTypeSchema = z.enum(pointConversionTypes)
export type PointConversionType = z.infer<typeof PointConversionTypeSchema>

/**
 * One way points turn into money: `moneyPer100Points` in the currency's minor units for
 * every 100 points, at least `minPoints`, in steps of `stepPoints` (both whole points); a
 * bonus carries a turnover multiple in tenths (30 = 3×) through the promotion engine.
 */
export const PointConversionSchema = z.object({
  type: PointConversionTypeSchema,
  moneyPer100Points: z.int().check(z.gte(1), z.lte(1_000_000_000)),
  minPoints: z.int().check(z.gte(1), z.lte(100_000_000)),
  stepPoints: z.int().check(z.gte(1), z.lte(100_000_000)),
  turnoverTenths: z.int().check(z.gte(0), z.lte(1000)),
})
export type PointConversion = z.infer<typeof PointConversionSchema>
export const PointConversionsSchema = z
  .array(PointConversionSchema)
  .check(z.maxLength(pointConversionTypes.length))
