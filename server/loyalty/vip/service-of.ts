/** The VIP services over a database alone (the operator's commands, the seed, the tests). */
import { createLedger } from '../../money/ledger'
import { sweptNotices, type NoticeWriter } from '../../notify/notices'
import type { Db } from '../../plugins/external/db'
import { createPromotionRepository } from '../../promotions/promotions-repository'
import { createPromotionService } from '../../promotions/promotions-service'
import { turnoverLink } from '../../promotions/turnover-link'
import { createBirthdays } from './birthday'
import { createEvaluation, type EvaluationDeps } from './evaluate'
import { createVipRepository } from './vip-repository'
import { createVipService } from './vip-service'

export function vipServicesOf(
  db: Db,
  opts: {
    notices?: NoticeWriter
    now?: () => Date
    chunkSize?: number
    onMember?: EvaluationDeps['onMember']
  } = {},
) {
  const now = opts.now ?? (() => new Date())
  const notices = opts.notices ?? sweptNotices
  const repo = createVipRepository(db)
  const promotionRepo = createPromotionRepository(db)
  const promotions = createPromotionService({
    db,
    repo: promotionRepo,
    ledger: createLedger(db),
    notices,
    turnover: turnoverLink(db),
    now,
  })
  const chunk = opts.chunkSize === undefined ? {} : { chunkSize: opts.chunkSize }
  const vip = createVipService({ db, repo, promotions, promotionRepo, notices, now, ...chunk })
  return {
    repo,
    birthdays: createBirthdays({ db, promotions, promotionRepo, now }),
    vip,
    evaluation: createEvaluation({
      db,
      repo,
      now,
      reward: vip.rewardChanges,
      ...chunk,
      ...(opts.onMember ? { onMember: opts.onMember } : {}),
    }),
  }
}
