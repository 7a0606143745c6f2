import { describe, expect, test } from 'vitest'
import {
  ContractTermsSchema,
  share,
  tierFor,
  tierProblem,
  withinOwn,
  type ContractTerms,
} from '#contract/contracts'

const pct = (p: number) => Math.round(p * 10_000)
const daily = (...tiers: [number, number][]): Extract<ContractTerms, { kind: 'dailySalary' }> => ({
  kind: 'dailySalary',
  tiers: tiers.map(([from, p]) => ({ from, rate: pct(p) })),
})

describe('tier tables', () => {
  test('a sound table starts at 0, rises strictly and never lowers a rate', () => {
    expect(tierProblem(daily([0, 0.5], [100_000_00, 0.8], [500_000_00, 1]))).toBeNull()
    // A gap below the first band, an overlap, a floor repeated, a rate that falls.
    expect(tierProblem(daily([1_00, 0.5]))).toBe('contract_tiers_invalid')
    expect(tierProblem(daily([0, 0.5], [500_00, 0.8], [200_00, 1]))).toBe('contract_tiers_invalid')
    expect(tierProblem(daily([0, 0.5], [0, 0.8]))).toBe('contract_tiers_invalid')
    expect(tierProblem(daily([0, 0.8], [100_00, 0.5]))).toBe('contract_tiers_invalid')
  })

  test('a dividend band needs both floors rising together; a real-time band both rates', () => {
    const dividend = (tiers: [number, number, number][]): ContractTerms => ({
      kind: 'dividend',
      period: 'weekly',
      tiers: tiers.map(([from, activeMembers, p]) => ({ from, activeMembers, rate: pct(p) })),
    })
    expect(
      tierProblem(
        dividend([
          [0, 0, 10],
          [1_000_00, 5, 20],
        ]),
      ),
    ).toBeNull()
    expect(
      tierProblem(
        dividend([
          [0, 5, 10],
          [1_000_00, 3, 20],
        ]),
      ),
    ).toBe('contract_tiers_invalid')
    const realTime: ContractTerms = {
      kind: 'realTimeSalary',
      tiers: [
        { from: 0, winRate: pct(0.1), lossRate: pct(0.3) },
        { from: 100_00, winRate: pct(0.2), lossRate: pct(0.2) },
      ],
    }
    expect(tierProblem(realTime)).toBe('contract_tiers_invalid')
  })

  test('the wire refuses rates above 100 %, negative floors and empty or oversized tables', () => {
    const bad = [
      { kind: 'dailySalary', tiers: [{ from: 0, rate: 1_000_001 }] },
      { kind: 'dailySalary', tiers: [{ from: -1, rate: 10 }] },
      { kind: 'dailySalary', tiers: [{ from: 0.5, rate: 10 }] },
      { kind: 'dailySalary', tiers: [] },
      { kind: 'dailySalary', tiers: Array.from({ length: 21 }, (_, i) => ({ from: i, rate: 1 })) },
      { kind: 'dividend', tiers: [{ from: 0, activeMembers: 0, rate: 1 }] },
      { kind: 'salary', tiers: [{ from: 0, rate: 1 }] },
    ]
    for (const b of bad) expect(ContractTermsSchema.safeParse(b).success).toBe(false)
  })
})

describe('what a table pays', () => {
  test('the highest band reached, rounded down, nothing for a loss below zero', () => {
    const t = daily([0, 0.5], [100_000_00, 0.8], [500_000_00, 1]).tiers
    expect(tierFor(t, 99_999_99n)?.rate).toBe(pct(0.5))
    expect(tierFor(t, 100_000_00n)?.rate).toBe(pct(0.8))
    expect(share(300_000_00n, pct(0.8))).toBe(2_400_00n)
    expect(share(333n, pct(0.5))).toBe(1n) // 1.665 cents
    expect(share(-500n, pct(30))).toBe(0n)
  })

  test('the worked example of decision 024: the house pays the top contract once', () => {
    const top = daily([0, 0.5], [100_000_00, 0.8], [500_000_00, 1])
    const sub = daily([0, 0.3], [100_000_00, 0.6])
    const pay = (terms: ReturnType<typeof daily>, m: bigint) => share(m, tierFor(terms.tiers, m)?.rate ?? 0)
    const subPay = pay(sub, 150_000_00n)
    const topPay = pay(top, 300_000_00n)
    expect(subPay).toBe(900_00n)
    expect(topPay - subPay).toBe(1_500_00n)
  })

  test('a dividend band counts only when the active members reach it too', () => {
    const t = [
      { from: 0, activeMembers: 0, rate: pct(10) },
      { from: 1_000_00, activeMembers: 5, rate: pct(20) },
    ]
    expect(tierFor(t, 5_000_00n, 4)?.rate).toBe(pct(10))
    expect(tierFor(t, 5_000_00n, 5)?.rate).toBe(pct(20))
  })
})

describe('at most its own', () => {
  test('compared at every floor of either table', () => {
    const own = daily([0, 0.5], [100_000_00, 0.8])
    expect(withinOwn(daily([0, 0.3], [100_000_00, 0.6]), own)).toBe(true)
    expect(withinOwn(own, own)).toBe(true)
    // Below its own at 0, above between the floors: its floor comes first.
    expect(withinOwn(daily([0, 0.3], [50_000_00, 0.7]), own)).toBe(false)
    expect(withinOwn(daily([0, 0.6]), own)).toBe(false)
  })

  test('a dividend compares at each pair of floors, and only within one period', () => {
    const own: ContractTerms = {
      kind: 'dividend',
      period: 'weekly',
      tiers: [
        { from: 0, activeMembers: 0, rate: pct(10) },
        { from: 1_000_00, activeMembers: 10, rate: pct(30) },
      ],
    }
    const fewerMembers: ContractTerms = {
      kind: 'dividend',
      period: 'weekly',
      tiers: [
        { from: 0, activeMembers: 0, rate: pct(10) },
        { from: 1_000_00, activeMembers: 3, rate: pct(20) },
      ],
    }
    // 20 % from 3 members, where its own still pays 10 % below 10 members.
    expect(withinOwn(fewerMembers, own)).toBe(false)
    expect(withinOwn({ ...own, period: 'monthly' }, own)).toBe(false)
    expect(withinOwn({ ...own, tiers: [{ from: 0, activeMembers: 0, rate: pct(10) }] }, own)).toBe(true)
  })

  test('a real-time salary compares both rates', () => {
    const own: ContractTerms = {
      kind: 'realTimeSalary',
      tiers: [{ from: 0, winRate: pct(0.2), lossRate: pct(0.5) }],
    }
    const ok: ContractTerms = {
      kind: 'realTimeSalary',
      tiers: [{ from: 0, winRate: pct(0.1), lossRate: pct(0.5) }],
    }
    const over: ContractTerms = {
      kind: 'realTimeSalary',
      tiers: [{ from: 0, winRate: pct(0.1), lossRate: pct(0.6) }],
    }
    expect(withinOwn(ok, own)).toBe(true)
    expect(withinOwn(over, own)).toBe(false)
    expect(withinOwn(daily([0, 0.1]), own)).toBe(false)
  })
})
