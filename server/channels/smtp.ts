/**
 * E-mail through an SMTP server (nodemailer), configured by SMTP_URL and MAIL_FROM. A
 * message the server refuses, or a server that cannot be reached, is a DeliveryError.
 */
import nodemailer from 'nodemailer'
import { DeliveryError, type Channel } from './outbox'

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  url: string
  from: string
}

export function createSmtpChannel(opts: SmtpOptions): Channel & { close(): void } {
  const transport = nodemailer.createTransport(opts.url)
  return {
    async send(m) {
      try {
        await transport.sendMail({
          from: opts.from,
          to: m.destination,
          subject: m.subject ?? 'Verification code',
          text: m.body,
        })
      } catch (err) {
        throw new DeliveryError(`smtp: ${err instanceof Error ? err.message : String(err)}`)
      }
    },
    close() {
      transport.close()
    },
  }
}
