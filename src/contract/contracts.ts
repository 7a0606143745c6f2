/**
 * Agent contracts (decision 024): dividends and daily, hourly and real-time salaries, each a
 * table of tiers. What a tier table may be, how two tables compare ("at most its own", the
 * lower-rate rule) and what a table pays are defined here once, for the server that checks
 * and settles and for the page that edits a table before sending it.
 */
import { z } from 'zod/mini'

export const contractKinds = ['dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary'] as const
export const ContractKindSchema = z.enum(contractKinds)
export type ContractKind = z.infer<typeof ContractKindSchema>

/** A dividend's period, in the brand's time zone; the salaries' periods are fixed by kind. */
export const dividendPeriods = ['daily', 'weekly', 'semimonthly', 'monthly'] as const
export const DividendPeriodSchema = z.enum(dividendPeriods)
export type DividendPeriod = z.infer<typeof DividendPeriodSchema>

/** Rates are parts per million: 10,000 is 1 %. */
export const ratePerMillion = 1_000_000
export const RateSchema = z.int().check(z.nonnegative(), z.lte(ratePerMillion))

/** A floor of a band, in minor units (a loss, a volume, a stake): from 0 up. */
const FloorSchema = z.int().check(z.nonnegative(), z.lte(Number.MAX_SAFE_INTEGER))

/** The most tiers one table has. */
export const maxTiers = 20

/** A salary's tier: from this volume (valid bets of the day or hour) up, this rate. */
export const VolumeTierSchema = z.object({ from: FloorSchema, rate: RateSchema })
/** A dividend's tier: from this loss and this many active members up, this share. */
export const DividendTierSchema = z.object({
  from: FloorSchema,
  activeMembers: z.int().check(z.nonnegative(), z.lte(1_000_000)),
  rate: RateSchema,
})
/** A real-time salary's tier: bets from this stake up earn the win or the loss rate. */
export const StakeTierSchema = z.object({ from: FloorSchema, winRate: RateSchema, lossRate: RateSchema })

export type VolumeTier = z.infer<typeof VolumeTierSchema>
export type DividendTier = z.infer<typeof DividendTierSchema>
export type StakeTier = z.infer<typeof StakeTierSchema>

/** A kind's table, as one value: what it is made of depends on the kind. */
export const ContractTermsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('dividend'),
    period: DividendPeriodSchema,
    tiers: z.array(DividendTierSchema).check(z.minLength(1), z.maxLength(maxTiers)),
  }),
  z.object({
    kind: z.literal('dailySalary'),
    tiers: z.array(VolumeTierSchema).check(z.minLength(1), z.maxLength(maxTiers)),
  }),
  z.object({
    kind: z.literal('hourlySalary'),
    tiers: z.array(VolumeTierSchema).check(z.minLength(1), z.maxLength(maxTiers)),
  }),
  z.object({
    kind: z.literal('realTimeSalary'),
    tiers: z.array(StakeTierSchema).check(z.minLength(1), z.maxLength(maxTiers)),
  }),
])
export type ContractTerms = z.infer<typeof ContractTermsSchema>

/** Why a tier table is refused (the error code the server answers with). */
export type TierProblem = 'contract_tiers_invalid'

/** The rates of a tier, whatever its kind (a real-time salary has two). */
function ratesOf(t: VolumeTier | DividendTier | StakeTier): number[] {
  return 'winRate' in t ? [t.winRate, t.lossRate] : [t.rate]
}

/**
 * A table is sound when its first band starts at 0 (no gap below it), floors rise strictly
 * (no overlap; a dividend's members never fall either) and no rate falls as the band rises.
 */
export function tierProblem(terms: ContractTerms): TierProblem | null {
  const tiers: readonly (VolumeTier | DividendTier | StakeTier)[] = terms.tiers
  const first = tiers[0]
  if (!first || first.from !== 0) return 'contract_tiers_invalid'
  for (let i = 1; i < tiers.length; i++) {
    const a = tiers[i - 1]
    const b = tiers[i]
    if (!a || !b) return 'contract_tiers_invalid'
    if (b.from <= a.from) return 'contract_tiers_invalid'
    if ('activeMembers' in a && 'activeMembers' in b && b.activeMembers < a.activeMembers) {
      return 'contract_tiers_invalid'
    }
    const ra = ratesOf(a)
    const rb = ratesOf(b)
    if (rb.some((r, k) => r < (ra[k] ?? 0))) return 'contract_tiers_invalid'
  }
  return null
}

/** The tier a measure reaches (a sound table's first tier starts at 0, so one always does). */
export function tierFor<T extends { from: number; activeMembers?: number }>(
  tiers: readonly T[],
  measure: bigint,
  activeMembers = 0,
): T | undefined {
  let hit: T | undefined
  for (const t of tiers) {
    if (BigInt(t.from) <= measure && (t.activeMembers ?? 0) <= activeMembers) hit = t
  }
  return hit
}

/** `floor(measure × rate / 1,000,000)`: nothing is rounded up, a negative measure pays 0. */
export function share(measure: bigint, rate: number): bigint {
  if (measure <= 0n) return 0n
  return (measure * BigInt(rate)) / BigInt(ratePerMillion)
}

/**
 * Whether an offered table is at most its offerer's own at every measure: compared at every
 * band floor of either table (a dividend at every pair of floors), where step tables can
 * first differ. Tables of different kinds (or dividend periods) never compare.
 */
export function withinOwn(offer: ContractTerms, own: ContractTerms): boolean {
  if (offer.kind !== own.kind) return false
  if (offer.kind === 'dividend' && own.kind === 'dividend') {
    if (offer.period !== own.period) return false
    const losses = [...offer.tiers, ...own.tiers].map((t) => BigInt(t.from))
    const members = [...offer.tiers, ...own.tiers].map((t) => t.activeMembers)
    for (const loss of losses) {
      for (const n of members) {
        const mine = tierFor(offer.tiers, loss, n)?.rate ?? 0
        const theirs = tierFor(own.tiers, loss, n)?.rate ?? 0
        if (mine > theirs) return false
      }
    }
    return true
  }
  const a: readonly (VolumeTier | StakeTier)[] = offer.tiers
  const b: readonly (VolumeTier | StakeTier)[] = own.tiers
  for (const at of [...a, ...b].map((t) => BigInt(t.from))) {
    const mine = tierFor(a, at)
    const theirs = tierFor(b, at)
    const mr = mine ? ratesOf(mine) : [0, 0]
    const tr = theirs ? ratesOf(theirs) : [0, 0]
    if (mr.some((r, k) => r > (tr[k] ?? 0))) return false
  }
  return true
}
