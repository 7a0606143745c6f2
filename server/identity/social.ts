/**
 * Social sign-in: Google and Facebook through OpenID Connect (authorization code flow with
 * PKCE, openid-client), Telegram through its login widget's signed payload.
 *
 * - start: a flow row keeps the state, PKCE verifier and nonce server-side; the browser
 *   only gets an HttpOnly cookie naming the flow (its hash is the row's key).
 * - callback: the provider sends the browser back; the cookie's flow must match, unused
 *   and unexpired. The person is found by `social_identities` (provider, subject) or gets
 *   a new member account, and the flow gets a one-time hand-off code.
 * - exchange: the PWA trades that code (same browser, same cookie) for a normal session.
 *   So the session token only ever travels in a response body, never in a URL.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull, lt } from 'drizzle-orm'
import type * as Oidc from 'openid-client'
import { socialFlags, socialProviders, type SocialProvider } from '#contract/identity'
import { isLoopback } from '../config/env'
import { socialFlows, socialIdentities } from '../db/schema'
import { AppError, retryLater, secondsUntil } from '../http/errors'
import type { CallerContext } from '../http/request-context'
import { lazyModule } from '../lazy-module'
import type { Db } from '../plugins/external/db'
import type { AccessService } from '../system/access'
import { createMembersRepository, type MemberRow } from './members-repository'
import type { Passwords } from './passwords'
import type { Throttle } from './throttle'

export const socialCookie = 'portal_social'
/** Every social route lives under this path, and so does the cookie. */
export const socialBasePath = '/wps/session/social'

export const socialPolicy = {
  /** From start to the provider's answer. */
  flowMs: 10 * 60_000,
  /** From the provider's answer to the PWA's exchange. */
  handoffMs: 2 * 60_000,
  /** How old a Telegram widget payload (auth_date) may be. */
  telegramMaxAgeSeconds: 15 * 60,
  /** Sign-ins begun per address per 10 minutes. */
  startsPer10Minutes: 30,
}

export interface SocialConfig {
  PUBLIC_URL?: string | undefined
  GOOGLE_CLIENT_ID?: string | undefined
  GOOGLE_CLIENT_SECRET?: string | undefined
  GOOGLE_ISSUER?: string | undefined
  FACEBOOK_CLIENT_ID?: string | undefined
  FACEBOOK_CLIENT_SECRET?: string | undefined
  FACEBOOK_ISSUER?: string | undefined
  TELEGRAM_BOT_TOKEN?: string | undefined
  TELEGRAM_BOT_USERNAME?: string | undefined
}

interface OidcSettings {
  issuer: string
  clientId: string
  clientSecret: string
  scope: string
}

export interface SocialLog {
  warn(obj: object, msg: string): void
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')

function oidcSettings(config: SocialConfig, provider: 'google' | 'facebook'): OidcSettings | null {
  const [id, secret, issuer, scope] =
    provider === 'google'
      ? [
          config.GOOGLE_CLIENT_ID,
          config.GOOGLE_CLIENT_SECRET,
          config.GOOGLE_ISSUER ?? 'https://accounts.google.com',
          'openid email profile',
        ]
      : [
          config.FACEBOOK_CLIENT_ID,
          config.FACEBOOK_CLIENT_SECRET,
          config.FACEBOOK_ISSUER ?? 'https://www.facebook.com',
          'openid email public_profile',
        ]
  return id && secret ? { issuer, clientId: id, clientSecret: secret, scope } : null
}

/** A display name without control or bidi-override characters, at most 32 characters. */
function cleanName(raw: string | undefined): string | null {
  const v = (raw ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
  return v ? v.slice(0, 32) : null
}

/**
 * A username for a new account from what the provider tells (an e-mail's local part, a
 * Telegram username, a name): only a-z and 0-9, a letter first, 4 to 10 characters; the
 * caller adds digits when it is taken.
 */
export function usernameBase(provider: SocialProvider, hint: string | undefined): string {
  const cleaned = (hint ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
  let base = /^[a-z]/.test(cleaned) ? cleaned : `${provider.slice(0, 2)}${cleaned}`
  base = base.slice(0, 10)
  return base.length >= 4 ? base : `${base}${provider}`.slice(0, 10)
}

/** Checks a Telegram login widget payload: HMAC-SHA-256 keyed with SHA-256 of the bot token. */
export function telegramSignatureValid(fields: Record<string, string>, botToken: string): boolean {
  const { hash, ...data } = fields
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return false
  const checkString = Object.keys(data)
    .sort()
    .map((k) => `${k}=${data[k]}`)
    .join('\n')
  const secret = createHash('sha256').update(botToken).digest()
  const expected = createHmac('sha256', secret).update(checkString).digest()
  return timingSafeEqual(expected, Buffer.from(hash, 'hex'))
}

// openid-client loads with the first social sign-in, not at start.
const oidcLib = lazyModule('openid-client', () => import('openid-client'))

export function createSocial(deps: {
  db: Db
  access: AccessService
  throttle: Throttle
  passwords: Passwords
  config: SocialConfig
  now: () => Date
  log: SocialLog
}) {
  const { db, access, throttle, passwords, config, now, log } = deps
  const memberRows = createMembersRepository(db)
  const discovered = new Map<'google' | 'facebook', Promise<Oidc.Configuration>>()

  function configured(provider: SocialProvider): boolean {
    if (provider === 'telegram') return !!(config.TELEGRAM_BOT_TOKEN && config.TELEGRAM_BOT_USERNAME)
    return oidcSettings(config, provider) !== null
  }

  /** The provider's metadata, fetched once (a failure is tried again next time). */
  function oidcConfig(provider: 'google' | 'facebook'): Promise<Oidc.Configuration> {
    const cached = discovered.get(provider)
    if (cached) return cached
    const s = oidcSettings(config, provider)
    if (!s) return Promise.reject(new AppError('feature_disabled', `${provider} is not configured`))
    const issuer = new URL(s.issuer)
    const p = oidcLib().then((oidc) =>
      oidc.discovery(issuer, s.clientId, s.clientSecret, undefined, {
        // Plain http only for a provider on this machine (the configuration allows no other).
        ...(issuer.protocol === 'http:' && isLoopback(issuer.hostname)
          ? { execute: [oidc.allowInsecureRequests] }
          : {}),
        timeout: 10,
      }),
    )
    discovered.set(provider, p)
    p.catch(() => discovered.delete(provider))
    return p
  }

  async function enabled(merchantCode: string): Promise<SocialProvider[]> {
    const snap = await access.snapshot(merchantCode)
    return socialProviders.filter((p) => configured(p) && access.isEnabled(snap, socialFlags[p]))
  }

  /** Where the provider sends the browser back to. */
  function callbackUrl(origin: string, provider: SocialProvider): string {
    return `${config.PUBLIC_URL?.replace(/\/$/, '') ?? origin}${socialBasePath}/callback/${provider}`
  }

  /** The cookie's flow for this provider, used up now: a second return is refused. */
  async function takeFlow(cookie: string | undefined, provider: SocialProvider) {
    if (!cookie) throw new AppError('social_state_mismatch', 'no sign-in was started in this browser')
    const t = now()
    const [flow] = await db
      .update(socialFlows)
      .set({ returnedAt: t })
      .where(and(eq(socialFlows.idHash, sha256(cookie)), isNull(socialFlows.returnedAt)))
      .returning()
    if (!flow || flow.provider !== provider) {
      throw new AppError('social_state_mismatch', 'this sign-in is not the one this browser started')
    }
    if (flow.expiresAt <= t) throw new AppError('social_expired', 'the sign-in took too long')
    return flow
  }

  /** The account linked to this person at the provider, or a new member account linked now. */
  async function memberFor(
    merchantCode: string,
    provider: SocialProvider,
    subject: string,
    profile: { email: string | null; name: string | null; usernameHint: string | undefined },
    caller: CallerContext,
  ): Promise<{ member: MemberRow; created: boolean }> {
    const t = now()
    const linked = await db
      .update(socialIdentities)
      .set({ lastUsedAt: t })
      .where(
        and(
          eq(socialIdentities.merchantCode, merchantCode),
          eq(socialIdentities.provider, provider),
          eq(socialIdentities.subject, subject),
        ),
      )
      .returning({ memberId: socialIdentities.memberId })
    if (linked[0]) {
      const m = await memberRows.byId(linked[0].memberId)
      if (!m) throw new AppError('social_provider_error', 'the linked account no longer exists')
      return { member: m, created: false }
    }
    // Nobody can log in with this password: the account is reached through the provider,
    // or through a reset to the verified e-mail the provider gave.
    const passwordHash = await passwords.hash(randomBytes(32).toString('base64url'))
    const base = usernameBase(provider, profile.usernameHint)
    return db.transaction(async (tx) => {
      let member: MemberRow | undefined
      for (let attempt = 0; attempt < 8 && !member; attempt++) {
        const username =
          attempt === 0
            ? base
            : attempt < 7
              ? `${base}${randomInt(1000, 10_000)}`
              : `${provider.slice(0, 2)}${randomBytes(5).toString('hex')}`
        member = await memberRows.createUnlessTaken(
          {
            merchantCode,
            username,
            account: username,
            nickname: profile.name ?? username,
            passwordHash,
            type: 0,
            email: profile.email,
            language: caller.locale,
            registerIp: caller.ip,
            createdAt: t,
            passwordChangedAt: t,
          },
          tx,
        )
      }
      if (!member) throw new Error('no free username for a social account')
      const [identity] = await tx
        .insert(socialIdentities)
        .values({
          merchantCode,
          provider,
          subject,
          memberId: member.id,
          email: profile.email,
          displayName: profile.name,
          createdAt: t,
          lastUsedAt: t,
        })
        .onConflictDoNothing()
        .returning()
      // The same person finishing two sign-ins at once: the first link wins.
      if (!identity)
        throw new AppError('social_state_mismatch', 'this account was linked just now; try again')
      return { member, created: true }
    })
  }

  /** Gives the flow its one-time hand-off code for the PWA. */
  async function handOff(flowIdHash: string, memberId: number): Promise<string> {
    const code = randomBytes(24).toString('base64url')
    await db
      .update(socialFlows)
      .set({
        memberId,
        handoffHash: sha256(code),
        handoffExpiresAt: new Date(now().getTime() + socialPolicy.handoffMs),
      })
      .where(eq(socialFlows.idHash, flowIdHash))
    return code
  }

  return {
    configured,
    enabled,
    telegramBot: () => config.TELEGRAM_BOT_USERNAME,

    /** Begins a sign-in: the URL to send the browser to and the cookie value naming the flow. */
    async start(
      provider: SocialProvider,
      caller: CallerContext,
      origin: string,
    ): Promise<{ url: string; cookie: string }> {
      if (!(await enabled(caller.merchantCode)).includes(provider)) {
        throw new AppError('feature_disabled', `${provider} sign-in is off`)
      }
      const hit = await throttle.hit(`social:start:${caller.ip}`, 10 * 60_000)
      if (hit.count > socialPolicy.startsPer10Minutes) {
        throw retryLater(
          'TOO_MANY_REQUESTS',
          'too many sign-ins from this address',
          secondsUntil(hit.resetsAt, now()),
        )
      }
      const cookie = randomBytes(32).toString('base64url')
      const oidc = await oidcLib()
      const state = oidc.randomState()
      const redirectUri = callbackUrl(origin, provider)
      const t = now()
      let url: string
      let codeVerifier: string | null = null
      let nonce: string | null = null
      if (provider === 'telegram') {
        url = `${config.PUBLIC_URL?.replace(/\/$/, '') ?? origin}${socialBasePath}/telegram`
      } else {
        let c: Oidc.Configuration
        try {
          c = await oidcConfig(provider)
        } catch (err) {
          log.warn({ err: err instanceof Error ? err.message : String(err), provider }, 'discovery failed')
          throw new AppError('social_provider_error', `${provider} cannot be reached`)
        }
        codeVerifier = oidc.randomPKCECodeVerifier()
        nonce = oidc.randomNonce()
        const settings = oidcSettings(config, provider)
        url = oidc
          .buildAuthorizationUrl(c, {
            redirect_uri: redirectUri,
            scope: settings?.scope ?? 'openid',
            code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
            code_challenge_method: 'S256',
            state,
            nonce,
          })
          .toString()
      }
      await db.insert(socialFlows).values({
        idHash: sha256(cookie),
        merchantCode: caller.merchantCode,
        provider,
        state,
        codeVerifier,
        nonce,
        redirectUri,
        expiresAt: new Date(t.getTime() + socialPolicy.flowMs),
      })
      // Old flows go as new ones come, so the table stays small without a job.
      await db.delete(socialFlows).where(lt(socialFlows.expiresAt, new Date(t.getTime() - 60 * 60_000)))
      return { url, cookie }
    },

    /** The provider's answer to an OpenID flow; returns the hand-off code. */
    async finishOidc(
      provider: 'google' | 'facebook',
      cookie: string | undefined,
      query: URLSearchParams,
      caller: CallerContext,
    ): Promise<string> {
      // Loaded before the flow is taken: a failed load leaves the sign-in to be tried again.
      const oidc = await oidcLib()
      // The browser's return carries no Merchant header: the brand is the flow's own.
      const flow = await takeFlow(cookie, provider)
      const merchantCode = flow.merchantCode
      if (query.get('state') !== flow.state) {
        throw new AppError('social_state_mismatch', 'the state does not match this browser’s sign-in')
      }
      const error = query.get('error')
      if (error) {
        if (error === 'access_denied') throw new AppError('social_denied', 'the person declined')
        log.warn({ provider, error, description: query.get('error_description') }, 'provider error')
        throw new AppError('social_provider_error', `${provider} answered ${error}`)
      }
      if (!(await enabled(merchantCode)).includes(provider)) {
        throw new AppError('feature_disabled', `${provider} sign-in is off`)
      }
      let claims: Oidc.IDToken | undefined
      try {
        const current = new URL(flow.redirectUri)
        for (const [k, v] of query) current.searchParams.append(k, v)
        const tokens = await oidc.authorizationCodeGrant(await oidcConfig(provider), current, {
          pkceCodeVerifier: flow.codeVerifier ?? undefined,
          expectedState: flow.state,
          expectedNonce: flow.nonce ?? undefined,
          idTokenExpected: true,
        })
        claims = tokens.claims()
      } catch (err) {
        log.warn({ provider, err: err instanceof Error ? err.message : String(err) }, 'code exchange failed')
        throw new AppError('social_provider_error', `${provider} sign-in could not be completed`)
      }
      if (!claims?.sub) throw new AppError('social_provider_error', 'the provider named nobody')
      const email =
        typeof claims.email === 'string' && claims.email_verified === true ? claims.email.toLowerCase() : null
      const name = cleanName(typeof claims.name === 'string' ? claims.name : undefined)
      const { member } = await memberFor(
        merchantCode,
        provider,
        claims.sub,
        { email, name, usernameHint: email?.split('@')[0] ?? name ?? undefined },
        caller,
      )
      return handOff(flow.idHash, member.id)
    },

    /** The Telegram widget's signed payload (its redirect to the callback); returns the hand-off code. */
    async finishTelegram(
      cookie: string | undefined,
      query: URLSearchParams,
      caller: CallerContext,
    ): Promise<string> {
      const flow = await takeFlow(cookie, 'telegram')
      const merchantCode = flow.merchantCode
      const token = config.TELEGRAM_BOT_TOKEN
      if (!token || !(await enabled(merchantCode)).includes('telegram')) {
        throw new AppError('feature_disabled', 'telegram sign-in is off')
      }
      const fields: Record<string, string> = {}
      for (const [k, v] of query) fields[k] = v
      if (!fields.id || !/^\d+$/.test(fields.id) || !telegramSignatureValid(fields, token)) {
        throw new AppError('social_state_mismatch', 'the Telegram payload is not signed by the bot')
      }
      const age = Math.floor(now().getTime() / 1000) - Number(fields.auth_date)
      if (!Number.isFinite(age) || age > socialPolicy.telegramMaxAgeSeconds || age < -60) {
        throw new AppError('social_expired', 'the Telegram payload is too old')
      }
      // A payload is good once: another browser replaying it inside the window is refused.
      const seen = await throttle.hit(`social:tg:${fields.hash}`, socialPolicy.telegramMaxAgeSeconds * 1000)
      if (seen.count > 1) throw new AppError('social_state_mismatch', 'this Telegram payload was used')
      const name = cleanName([fields.first_name, fields.last_name].filter(Boolean).join(' '))
      const { member } = await memberFor(
        merchantCode,
        'telegram',
        fields.id,
        {
          email: null,
          name: name ?? cleanName(fields.username),
          usernameHint: fields.username ?? name ?? undefined,
        },
        caller,
      )
      return handOff(flow.idHash, member.id)
    },

    /** The PWA's hand-off code, from the browser that began the flow: the member, once. */
    async exchange(cookie: string | undefined, code: string, merchantCode: string): Promise<MemberRow> {
      if (!cookie) throw new AppError('social_state_mismatch', 'no sign-in was started in this browser')
      const [flow] = await db
        .select()
        .from(socialFlows)
        .where(eq(socialFlows.idHash, sha256(cookie)))
      if (
        !flow ||
        !flow.handoffHash ||
        flow.handoffHash !== sha256(code) ||
        flow.merchantCode !== merchantCode ||
        flow.handoffUsedAt ||
        !flow.memberId
      ) {
        throw new AppError('social_state_mismatch', 'this sign-in cannot be completed here')
      }
      const t = now()
      if (!flow.handoffExpiresAt || flow.handoffExpiresAt <= t) {
        throw new AppError('social_expired', 'the sign-in took too long')
      }
      const used = await db
        .update(socialFlows)
        .set({ handoffUsedAt: t })
        .where(and(eq(socialFlows.idHash, flow.idHash), isNull(socialFlows.handoffUsedAt)))
        .returning()
      if (used.length === 0) throw new AppError('social_state_mismatch', 'this sign-in was completed already')
      const m = await memberRows.byId(flow.memberId)
      if (!m) throw new AppError('social_state_mismatch', 'the account no longer exists')
      if (m.status !== 'active') throw new AppError('account_disabled', 'this account is disabled')
      return m
    },
  }
}

export type Social = ReturnType<typeof createSocial>
