/**
 * The count of turnover requirements from stored facts (server/promotions/turnover-progress.ts):
 * first in, first out over the bonuses, never before a bonus, never below zero.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { turnoverProgress, type CountedRequirement } from '#server/promotions/turnover-progress'
import { requiredFor } from '#server/promotions/turnover-service'

const req = (id: number, required: bigint, turnoverAtStart: bigint): CountedRequirement => ({
  id,
  required,
  turnoverAtStart,
})

describe('turnover progress', () => {
  it('counts nothing before the bonus and all of it once the bets reach the requirement', () => {
    expect(turnoverProgress(500n, [req(1, 1000n, 500n)])).toMatchObject({
      remaining: 1000n,
      requirements: [{ done: 0n, remaining: 1000n, met: false }],
    })
    expect(turnoverProgress(1100n, [req(1, 1000n, 500n)]).remaining).toBe(400n)
    expect(turnoverProgress(1500n, [req(1, 1000n, 500n)]).requirements[0]).toMatchObject({
      done: 1000n,
      met: true,
    })
    expect(turnoverProgress(9000n, [req(1, 1000n, 500n)]).requirements[0]?.done).toBe(1000n)
  })

  it('takes the bets for the older bonus first, then the next', () => {
    // Two bonuses at total 0 and 200; 1,300 of bets: the first (1,000) is met, the second
    // starts at 1,000 (where the first ends), so 300 of its 500 are done.
    const p = turnoverProgress(1300n, [req(2, 500n, 200n), req(1, 1000n, 0n)])
    expect(p.requirements.map((r) => [r.id, r.done, r.met])).toEqual([
      [1, 1000n, true],
      [2, 300n, false],
    ])
    expect(p.remaining).toBe(200n)
  })

  it('starts a bonus that came after the earlier ones were met at its own total', () => {
    const p = turnoverProgress(5200n, [req(1, 1000n, 0n), req(2, 500n, 5000n)])
    expect(p.requirements.map((r) => r.done)).toEqual([1000n, 200n])
  })

  it('puts a requirement back when the total falls (a cancelled bet)', () => {
    expect(turnoverProgress(700n, [req(1, 1000n, 0n)]).remaining).toBe(300n)
    expect(turnoverProgress(0n, [req(1, 1000n, 200n)]).remaining).toBe(1000n)
  })

  it('asks the multiple of the bonus rounded up to the smallest unit', () => {
    expect(requiredFor(10_000n, 100n)).toBe(100_000n)
    expect(requiredFor(5n, 15n)).toBe(8n)
    expect(requiredFor(1234n, 10n)).toBe(1234n)
  })

  it('for random bonuses and bets, the remaining requirement is Σ required − counted and never negative', () => {
    // A member's history as events: a bonus (with its multiple) or a settled bet (a negative
    // one is a cancellation, never taking the total below zero).
    const event = fc.oneof(
      fc.record({ kind: fc.constant('bonus' as const), required: fc.bigInt({ min: 1n, max: 100_000n }) }),
      fc.record({ kind: fc.constant('bet' as const), amount: fc.bigInt({ min: -50_000n, max: 50_000n }) }),
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let total = 0n
        const open: CountedRequirement[] = []
        for (const e of events) {
          if (e.kind === 'bonus') open.push(req(open.length + 1, e.required, total))
          else total = total + e.amount < 0n ? 0n : total + e.amount
        }
        const p = turnoverProgress(total, open)
        const sumRequired = open.reduce((s, r) => s + r.required, 0n)
        const counted = p.requirements.reduce((s, r) => s + r.done, 0n)
        expect(p.remaining).toBe(sumRequired - counted)
        expect(p.remaining >= 0n).toBe(true)
        for (const r of p.requirements) {
          expect(r.done >= 0n && r.done <= r.required).toBe(true)
          expect(r.met).toBe(r.done === r.required)
        }
        // Bets never count twice: what is counted is at most what was wagered since the first bonus.
        const first = open[0]
        expect(
          counted <= (first ? (total > first.turnoverAtStart ? total - first.turnoverAtStart : 0n) : 0n),
        ).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})
