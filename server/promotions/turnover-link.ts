/**
 * The engine's link to the turnover requirements (decision 026), built from the database
 * alone so every path that credits a reward (a member's claim, a deposit credited by the
 * gateway or the operator, a job) writes the same requirement.
 */
import type { Db } from '../plugins/external/db'
import type { TurnoverLink } from './promotion-core'
import { addTurnoverRequirement, memberTurnover } from './turnover-service'

export function turnoverLink(db: Db): TurnoverLink {
  return {
    add: (tx, r) => addTurnoverRequirement(tx, r),
    async openOf(memberId, references) {
      const wanted = new Set(references)
      const { requirements } = await memberTurnover(db, memberId)
      return new Set(
        requirements.flatMap((v) =>
          v.status === 'open' && v.row.reference !== null && wanted.has(v.row.reference)
            ? [v.row.reference]
            : [],
        ),
      )
    },
  }
}
