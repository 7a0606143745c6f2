/**
 * Picks each message's channel from configuration: e-mail through SMTP when SMTP_URL is
 * set, SMS through the HTTP gateway when SMS_GATEWAY_URL is set, and the outbox table for
 * whatever has no provider (the default, shown on /dev/outbox with DEV_TOOLS).
 */
import type { Db } from '../plugins/external/db'
import { createOutboxChannel, type Channel } from './outbox'
import { createSmsGatewayChannel } from './sms-gateway'
import { createSmtpChannel } from './smtp'

export interface ChannelConfig {
  SMTP_URL?: string | undefined
  MAIL_FROM?: string | undefined
  SMS_GATEWAY_URL?: string | undefined
  SMS_GATEWAY_TOKEN?: string | undefined
}

export interface Channels extends Channel {
  /** Which provider each kind of message goes to, for the start-up log. */
  readonly routes: { email: 'smtp' | 'outbox'; sms: 'gateway' | 'outbox' }
  close(): void
}

export function createChannels(config: ChannelConfig, db: Db, now: () => Date): Channels {
  const outbox = createOutboxChannel(db, now)
  const smtp =
    config.SMTP_URL && config.MAIL_FROM
      ? createSmtpChannel({ url: config.SMTP_URL, from: config.MAIL_FROM })
      : null
  const sms = config.SMS_GATEWAY_URL
    ? createSmsGatewayChannel({ url: config.SMS_GATEWAY_URL, token: config.SMS_GATEWAY_TOKEN })
    : null
  return {
    routes: { email: smtp ? 'smtp' : 'outbox', sms: sms ? 'gateway' : 'outbox' },
    send(m) {
      if (m.channel === 'email' && smtp) return smtp.send(m)
      if (m.channel === 'sms' && sms) return sms.send(m)
      return outbox.send(m)
    },
    close() {
      smtp?.close()
    },
  }
}
