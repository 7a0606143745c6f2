/**
 * E-mail through an SMTP server (nodemailer), configured by SMTP_URL and MAIL_FROM. A
 * message the server refuses, or a server that cannot be reached, is a DeliveryError.
 */
import type { Transporter } from 'nodemailer'
import { lazyModule } from '../lazy-module'
import { DeliveryError, type Channel } from './outbox'

// Loaded with the first e-mail, not at start.
const nodemailerLib = lazyModule('nodemailer', () => import('nodemailer'))

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  url: string
  from: string
}

export function createSmtpChannel(opts: SmtpOptions): Channel & { close(): void } {
  let made: Transporter | undefined
  let closed = false
  const transport = async (): Promise<Transporter> => {
    const { default: nodemailer } = await nodemailerLib()
    // Closed while nodemailer loaded: a pooled transport would keep the process alive.
    if (closed) throw new Error('the channel is closed')
    made ??= nodemailer.createTransport(opts.url)
    return made
  }
  return {
    async send(m) {
      try {
        const t = await transport()
        await t.sendMail({
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
      closed = true
      made?.close()
    },
  }
}
