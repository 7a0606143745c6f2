/**
 * Outbound messages. The default channel writes to the outbox table (shown on the
 * developer page when DEV_TOOLS is on); an SMTP or HTTP SMS provider plugs in behind the
 * same interface by configuration.
 */
import type { CodeChannel } from '#contract/identity'
import { outbox } from '../db/schema'
import type { Db } from '../plugins/external/db'

export interface Message {
  merchantCode: string
  channel: CodeChannel
  destination: string
  subject?: string
  body: string
}

export interface Channel {
  /** Delivers the message; a provider that could not deliver it throws a DeliveryError. */
  send(message: Message): Promise<void>
}

/** The provider refused the message or could not be reached; the reason is for the log only. */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError'
}

export function createOutboxChannel(db: Db, now: () => Date): Channel {
  return {
    async send(m) {
      await db.insert(outbox).values({
        merchantCode: m.merchantCode,
        channel: m.channel,
        destination: m.destination,
        subject: m.subject ?? null,
        body: m.body,
        createdAt: now(),
      })
    },
  }
}
