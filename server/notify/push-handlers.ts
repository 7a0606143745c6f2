/** The push endpoints: the VAPID public key, and a member's own subscriptions. */
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../http/contract-routes'
import type { PushService } from './push-service'

export function pushHandlers(push: PushService): HandlerGroup<Endpoints['push']> {
  return {
    async publicKey() {
      return { publicKey: push.publicKey }
    },

    async subscribe({ input, caller }) {
      const session = caller.session
      if (!session) throw new Error('push.subscribe takes a session')
      await push.subscribe(caller.merchantCode, session.memberId, caller.locale, input)
      return { subscribed: true as const }
    },

    async unsubscribe({ input, caller }) {
      const session = caller.session
      if (!session) throw new Error('push.unsubscribe takes a session')
      return { removed: await push.unsubscribe(session.memberId, input.endpoint) }
    },
  }
}
