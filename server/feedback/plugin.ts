/**
 * Feedback (issue 37): the member's calls, gated by FEEDBACK3. A reply's notice goes through
 * the push service's writer, so its push is queued with it.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { feedbackServiceOf } from './feedback-of'
import type { FeedbackService } from './feedback-service'
import { feedbackHandlers } from './handlers'

declare module 'fastify' {
  interface FastifyInstance {
    feedback: FeedbackService
  }
}

async function feedbackArea(app: FastifyInstance) {
  const { db, now, routes } = app.platform
  const service = feedbackServiceOf(db, { notices: app.notify.push, now })
  app.decorate('feedback', service)
  registerContract(
    app,
    { feedback: feedbackHandlers({ db, settings: app.money.settings, service, now }) },
    routes,
  )
}

export const feedback = fp(feedbackArea, {
  name: 'feedback',
  dependencies: ['platform', 'money', 'notify'],
})
