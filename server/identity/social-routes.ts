/**
 * The browser-facing half of social sign-in, outside the JSON contract because browsers
 * arrive here by navigation: the providers' callback, and the page that shows Telegram's
 * login widget. Both end in a redirect to the PWA with the outcome in the URL fragment
 * (`#social_code=` or `#social_error=`), which never reaches a server log.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ErrorCode } from '#contract/error-codes'
import { SocialProviderSchema, socialReturnKeys } from '#contract/identity'
import type { RouteDeps } from '../http/contract-routes'
import { AppError } from '../http/errors'
import { escapeHtml } from '../http/html'
import { callerContext } from '../http/request-context'
import { socialBasePath, socialCookie, type Social } from './social'

export function registerSocialRoutes(
  app: FastifyInstance,
  social: Social,
  deps: RouteDeps,
  publicUrl: string | undefined,
): void {
  const pwa = (req: { protocol: string; host: string }) =>
    publicUrl?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`

  function back(reply: FastifyReply, base: string, key: string, value: string) {
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(`${base}/index#${key}=${encodeURIComponent(value)}`, 302)
  }

  app.get<{ Params: { provider: string } }>(`${socialBasePath}/callback/:provider`, async (req, reply) => {
    const base = pwa(req)
    const caller = callerContext(req, {
      defaultMerchant: deps.defaultMerchant,
      knownMerchants: deps.knownMerchants(),
      countryHeader: deps.countryHeader,
    })
    const query = new URLSearchParams(req.url.split('?')[1] ?? '')
    try {
      const v = await deps.access.verdict(caller.merchantCode, caller.ip, caller.country)
      if (v.ipBlocked) throw new AppError('ip_blocked')
      if (v.regionRestriction) throw new AppError('region_restricted')
      if (v.maintenance) throw new AppError('system_maintenance')
      const provider = SocialProviderSchema.safeParse(req.params.provider)
      if (!provider.success) throw new AppError('social_state_mismatch', 'unknown provider')
      const cookie = req.cookies[socialCookie]
      const code =
        provider.data === 'telegram'
          ? await social.finishTelegram(cookie, query, caller)
          : await social.finishOidc(provider.data, cookie, query, caller)
      return back(reply, base, socialReturnKeys.code, code)
    } catch (err) {
      const code: ErrorCode = err instanceof AppError ? err.errorCode : 'internal_error'
      if (!(err instanceof AppError)) req.log.error({ err }, 'social sign-in failed')
      else req.log.info({ errorCode: code, reason: err.message }, 'social sign-in refused')
      return back(reply, base, socialReturnKeys.error, code)
    }
  })

  // Telegram's widget is a script of telegram.org: it runs on this page of its own, with a
  // policy that allows it, so the PWA's own policy stays 'self' only.
  app.get(`${socialBasePath}/telegram`, async (req, reply) => {
    const bot = social.telegramBot()
    if (!bot || !req.cookies[socialCookie]) {
      return back(reply, pwa(req), socialReturnKeys.error, bot ? 'social_state_mismatch' : 'feature_disabled')
    }
    const callback = `${pwa(req)}${socialBasePath}/callback/telegram`
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; script-src https://telegram.org; frame-src https://oauth.telegram.org; style-src 'unsafe-inline'; img-src https: data:",
      )
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html><head><meta charset="utf-8">' +
          '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Telegram</title></head>' +
          '<body style="margin:0;min-height:100vh;display:grid;place-items:center;font-family:sans-serif">' +
          `<script async src="https://telegram.org/js/telegram-widget.js?22" data-telegram-login="${escapeHtml(bot)}"` +
          ` data-size="large" data-auth-url="${escapeHtml(callback)}" data-request-access="write"></script>` +
          '</body></html>',
      )
  })
}
