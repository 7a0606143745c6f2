/**
 * The demo brand's raffle: weekly, a ticket per 100.00 of valid bets, 1st 50.00, 2nd 20.00
 * and three 3rd prizes of 5.00, running since the demo promotions' start. Demo mode only
 * (db/seed.ts).
 */
import { createLedger } from '../money/ledger'
import { sweptNotices } from '../notify/notices'
import type { Db, Tx } from '../plugins/external/db'
import { merchantByCode } from '../system/brands-repository'
import { createPromotionRepository } from './promotions-repository'
import { createPromotionService } from './promotions-service'
import { createRaffleRepository } from './raffle-repository'
import { createRaffleService } from './raffle-service'
import { demoPromotionsStart } from './seed'
import { turnoverLink } from './turnover-link'

/** The raffle service as the operator's commands and the seed use it (outside the server). */
export function standaloneRaffles(db: Db, notices = sweptNotices) {
  const promotionRepo = createPromotionRepository(db)
  const now = () => new Date()
  const promotions = createPromotionService({
    db,
    repo: promotionRepo,
    ledger: createLedger(db),
    notices,
    turnover: turnoverLink(db),
    now,
  })
  return createRaffleService({ db, repo: createRaffleRepository(db), promotionRepo, promotions, now })
}

export async function seedDemoRaffle(db: Db, tx: Tx, merchantCode: string): Promise<void> {
  const m = await merchantByCode(tx, merchantCode)
  if (!m) throw new Error(`no brand ${merchantCode}`)
  await standaloneRaffles(db).create(m, { startsAt: demoPromotionsStart }, 'seed', tx)
}
