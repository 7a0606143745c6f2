/**
 * How much of each turnover requirement is done, from stored facts only (decision 026):
 * the member's valid bets of settled bets now (C), and each requirement's amount and the
 * member's total when its bonus came. Bets count towards the requirements in the order the
 * bonuses came (first in, first out): a requirement starts counting where the one before it
 * would end, and never before its own bonus. Waived and forfeited requirements are left out
 * by the caller, so they neither count nor hold the later ones back.
 */

export interface CountedRequirement {
  id: number
  required: bigint
  turnoverAtStart: bigint
}

export interface RequirementProgress {
  id: number
  required: bigint
  done: bigint
  remaining: bigint
  met: boolean
}

export interface TurnoverProgress {
  requirements: RequirementProgress[]
  /** Σ remaining over the requirements: zero when the member may withdraw. */
  remaining: bigint
}

const clamp = (v: bigint, lo: bigint, hi: bigint) => (v < lo ? lo : v > hi ? hi : v)

/**
 * Each requirement's progress given the member's total valid bets now. `open` must be the
 * requirements still counted (not waived or forfeited); they are taken in id order.
 */
export function turnoverProgress(turnoverNow: bigint, open: readonly CountedRequirement[]): TurnoverProgress {
  const ordered = [...open].sort((a, b) => a.id - b.id)
  let cursor = 0n
  let remaining = 0n
  const requirements = ordered.map((r) => {
    const start = r.turnoverAtStart > cursor ? r.turnoverAtStart : cursor
    const done = clamp(turnoverNow - start, 0n, r.required)
    cursor = start + r.required
    remaining += r.required - done
    return { id: r.id, required: r.required, done, remaining: r.required - done, met: done === r.required }
  })
  return { requirements, remaining }
}
