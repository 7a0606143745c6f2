/**
 * What every handler knows about the caller: brand, language, address and country.
 */
import type { FastifyRequest } from 'fastify'
import { defaultLocale, parseLocale, type Locale } from '#contract/locales'
import type { AuthedSession } from '../identity/sessions'
import type { IdempotencyContext } from '../money/idempotency'

export interface CallerContext {
  merchantCode: string
  locale: Locale
  ip: string
  /** ISO 3166 alpha-2 from the CDN or load balancer header, when present. */
  country: string | null
  /** The caller's session, on endpoints that need one. */
  session?: AuthedSession
  /** The idempotent request a money mutation writes its key for (set by the contract routes). */
  idempotency?: IdempotencyContext
}

export function callerContext(
  req: FastifyRequest,
  opts: { defaultMerchant: string; knownMerchants: ReadonlySet<string>; countryHeader: string },
): CallerContext {
  const merchantHeader = headerValue(req, 'merchant')?.toUpperCase()
  const merchantCode =
    merchantHeader && opts.knownMerchants.has(merchantHeader) ? merchantHeader : opts.defaultMerchant
  const locale = parseLocale(headerValue(req, 'language')) ?? defaultLocale
  const rawCountry = headerValue(req, opts.countryHeader)?.trim().toUpperCase()
  const country = rawCountry && /^[A-Z]{2}$/.test(rawCountry) ? rawCountry : null
  return { merchantCode, locale, ip: req.ip, country }
}

function headerValue(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()]
  return Array.isArray(v) ? v[0] : v
}
