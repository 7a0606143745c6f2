/**
 * The feedback service over a database alone: the server's plugin, the operator's commands,
 * the demo seed and the tests build it the same way.
 */
import { sweptNotices, type NoticeWriter } from '../notify/notices'
import type { Db } from '../plugins/external/db'
import { createFeedbackRepository } from './feedback-repository'
import { createFeedbackService } from './feedback-service'

export function feedbackServiceOf(db: Db, opts: { notices?: NoticeWriter; now?: () => Date } = {}) {
  const repo = createFeedbackRepository(db)
  return createFeedbackService({
    db,
    repo,
    notices: opts.notices ?? sweptNotices,
    now: opts.now ?? (() => new Date()),
  })
}
