/**
 * The referral services over a database alone: the server's plugin, the operator's
 * commands, the demo seed and the tests build them the same way.
 */
import { createInviteRepository } from '../agent/invite-repository'
import { createInviteService } from '../agent/invite-service'
import { createLedger } from '../money/ledger'
import { sweptNotices, type NoticeWriter } from '../notify/notices'
import type { Db } from '../plugins/external/db'
import { createPromotionRepository } from '../promotions/promotions-repository'
import { createPromotionService, type PromotionService } from '../promotions/promotions-service'
import { turnoverLink } from '../promotions/turnover-link'
import { createSystemRepository } from '../system/system-repository'
import { createReferralRepository } from './referral-repository'
import { createReferralService } from './referral-service'

export interface ReferralOptions {
  notices?: NoticeWriter
  now?: () => Date
  promotions?: PromotionService
  publicUrl?: string | undefined
  chunkSize?: number
}

export function referralServicesOf(db: Db, opts: ReferralOptions = {}) {
  const now = opts.now ?? (() => new Date())
  const promotionRepo = createPromotionRepository(db)
  const promotions =
    opts.promotions ??
    createPromotionService({
      db,
      repo: promotionRepo,
      ledger: createLedger(db),
      notices: opts.notices ?? sweptNotices,
      turnover: turnoverLink(db),
      now,
    })
  const system = createSystemRepository(db)
  const domains = (merchantCode: string) => system.domains(merchantCode)
  const invite = createInviteService({
    invites: createInviteRepository(db),
    domains,
    publicUrl: opts.publicUrl,
    now,
  })
  const repo = createReferralRepository(db)
  return {
    repo,
    invite,
    referrals: createReferralService({
      db,
      repo,
      promotions,
      promotionRepo,
      ensureCode: invite.ensureCode,
      domains,
      merchant: (code) => system.merchant(code),
      publicUrl: opts.publicUrl,
      now,
      ...(opts.chunkSize === undefined ? {} : { chunkSize: opts.chunkSize }),
    }),
  }
}
