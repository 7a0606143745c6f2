/**
 * The member's feedback calls (issue 37): send one, read one's own with the replies, and
 * read one's own image. The member comes from the session only; an id of another member's
 * feedback or image answers as missing.
 */
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../http/contract-routes'
import { idempotencyOf, withIdempotency } from '../money/idempotency'
import type { MoneySettings } from '../money/settings'
import { memberOf } from '../money/wallet-handlers'
import type { Db } from '../plugins/external/db'
import type { FeedbackService } from './feedback-service'

export interface FeedbackHandlerDeps {
  db: Db
  settings: MoneySettings
  service: FeedbackService
  now: () => Date
}

export function feedbackHandlers({
  db,
  settings,
  service,
  now,
}: FeedbackHandlerDeps): HandlerGroup<Endpoints['feedback']> {
  return {
    async submit({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      return service.submit(m, memberId, input, (work) =>
        withIdempotency(db, idempotencyOf(caller), now(), work),
      )
    },

    async list({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      return service.list(m, memberId, input)
    },

    async image({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const img = await service.image(m, memberId, input.id)
      return { contentType: img.contentType, data: img.data.toString('base64') }
    },
  }
}
