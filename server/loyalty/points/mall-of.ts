/**
 * The point mall's services over a database alone: the server's plugin, the operator's
 * commands, the demo seed and the tests build them the same way.
 */
import { createLedger } from '../../money/ledger'
import { sweptNotices, type NoticeWriter } from '../../notify/notices'
import type { Db } from '../../plugins/external/db'
import { createPromotionRepository } from '../../promotions/promotions-repository'
import { createPromotionService, type PromotionService } from '../../promotions/promotions-service'
import { turnoverLink } from '../../promotions/turnover-link'
import { phoneOrThrow } from '../../system/phone'
import { createSystemRepository } from '../../system/system-repository'
import { createMallAdmin } from './mall-admin'
import { createMallRepository } from './mall-repository'
import { createMallService } from './mall-service'
import { createPointConfigs, type PointConfigs } from './point-config'
import { createPointsLedger } from './points-ledger'

export interface MallOptions {
  notices?: NoticeWriter
  now?: () => Date
  promotions?: PromotionService
  configs?: PointConfigs
  /** How long the catalogue is kept between reads (ms); 0 in the operator's process. */
  cacheMs?: number
}

export function mallServicesOf(db: Db, opts: MallOptions = {}) {
  const now = opts.now ?? (() => new Date())
  const notices = opts.notices ?? sweptNotices
  const ledger = createLedger(db)
  const points = createPointsLedger(db)
  const repo = createMallRepository(db)
  const promotionRepo = createPromotionRepository(db)
  const promotions =
    opts.promotions ??
    createPromotionService({ db, repo: promotionRepo, ledger, notices, turnover: turnoverLink(db), now })
  const system = createSystemRepository(db)
  return {
    repo,
    mall: createMallService({
      db,
      repo,
      ledger,
      points,
      configs: opts.configs ?? createPointConfigs(db, 0),
      promotions,
      promotionRepo,
      phoneOf: async (phone, dial, path) => phoneOrThrow(await system.countries(), phone, dial, path),
      now,
      cacheMs: opts.cacheMs ?? 0,
    }),
    admin: createMallAdmin({ repo, ledger, points, promotionRepo, notices, now }),
  }
}
