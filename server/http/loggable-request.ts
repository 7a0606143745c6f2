/**
 * How a request appears in the log: Fastify's usual fields, with the values of query
 * parameters that carry secrets replaced. A social sign-in's return carries its
 * authorization code and state in the address, and older clients send their session token
 * as `token`; neither may reach the log.
 */
import type { FastifyRequest } from 'fastify'

/** Query parameters whose values are never logged (compared without case). */
const secretParams = new Set([
  'code',
  'state',
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'password',
  'pwd',
  'secret',
  'sign',
  'signature',
  'key',
  'hash',
  'ticket',
  'session',
])

/** The address with each secret parameter's value replaced by `[redacted]`. */
export function redactedUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq < 0 ? pair : pair.slice(0, eq)
      let decoded: string
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        // A name that cannot be decoded may still be a secret's: its value is not logged.
        return eq < 0 ? pair : `${name}=[redacted]`
      }
      return eq >= 0 && secretParams.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair
    })
    .join('&')
  return `${url.slice(0, q)}?${query}`
}

export function loggableRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactedUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }
}
