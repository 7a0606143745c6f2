/**
 * The demo brand's promotions: one of each template (templates.ts), running since the start
 * of 2026, so a fresh demo offers every kind the engine has. Demo mode only (db/seed.ts).
 */
import { createLedger } from '../money/ledger'
import { sweptNotices } from '../notify/notices'
import type { Db, Tx } from '../plugins/external/db'
import { merchantByCode } from '../system/brands-repository'
import { createPromotionRepository } from './promotions-repository'
import { createPromotionService } from './promotions-service'
import { templateNames } from './templates'
import { turnoverLink } from './turnover-link'

export const demoPromotionsStart = new Date('2026-01-01T00:00:00Z')

export async function seedDemoPromotions(db: Db, tx: Tx, merchantCode: string): Promise<void> {
  const m = await merchantByCode(tx, merchantCode)
  if (!m) throw new Error(`no brand ${merchantCode}`)
  const service = createPromotionService({
    db,
    repo: createPromotionRepository(db),
    ledger: createLedger(db),
    notices: sweptNotices,
    turnover: turnoverLink(db),
    now: () => new Date(),
  })
  for (const name of templateNames) {
    await service.create(m, name, { startsAt: demoPromotionsStart }, 'seed', tx)
  }
}
