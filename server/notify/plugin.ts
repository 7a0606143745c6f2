/** The notify area: web push of notices and the member's inbox. */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { pushDeliverJob, pushSweepJob } from '../jobs/push-delivery'
import { inboxHandlers } from './inbox-handlers'
import { pushHandlers } from './push-handlers'
import { createPushService, ensureVapidKeys, type PushService } from './push-service'

declare module 'fastify' {
  interface FastifyInstance {
    notify: { push: PushService }
  }
}

async function notifyArea(app: FastifyInstance) {
  const { db, config, now, routes } = app.platform
  const push = createPushService({
    db,
    keys: await ensureVapidKeys(db),
    subject: config.PUSH_CONTACT,
    anyEndpoint: config.NODE_ENV !== 'production',
    now,
    log: app.log,
  })
  app.addHook('onClose', async () => push.close())
  app.decorate('notify', { push })
  registerContract(app, { push: pushHandlers(push), inbox: inboxHandlers(db, now) }, routes)
  app.platform.addJobs((jobConfig, queue) => [
    pushSweepJob(push, queue, jobConfig.PUSH_SWEEP_SECONDS),
    pushDeliverJob(push, queue),
  ])
}

export const notify = fp(notifyArea, { name: 'notify', dependencies: ['platform'] })
