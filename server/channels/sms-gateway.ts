/**
 * SMS through an HTTP gateway, configured by SMS_GATEWAY_URL (and SMS_GATEWAY_TOKEN, sent
 * as `Authorization: Bearer <token>`): each message is one POST of JSON `{ to, text }`.
 * Any answer but a 2xx, a network failure or no answer in time is a DeliveryError.
 */
import { DeliveryError, type Channel } from './outbox'

export interface SmsGatewayOptions {
  url: string
  token?: string
  /** How long the gateway may take to answer. */
  timeoutMs?: number
}

export function createSmsGatewayChannel(opts: SmsGatewayOptions): Channel {
  const timeoutMs = opts.timeoutMs ?? 10_000
  return {
    async send(m) {
      let res: Response
      try {
        res = await fetch(opts.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          },
          body: JSON.stringify({ to: m.destination, text: m.body }),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (err) {
        throw new DeliveryError(`sms gateway: ${err instanceof Error ? err.message : String(err)}`)
      }
      // The body is read either way so the connection can be reused.
      const text = await res.text().catch(() => '')
      if (!res.ok) throw new DeliveryError(`sms gateway answered ${res.status}: ${text.slice(0, 200)}`)
    },
  }
}
