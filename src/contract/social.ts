/** Third-party sign-in's plain values (spec section 1), re-exported by identity.ts. */
import { z } from 'zod/mini'

/** Third-party sign-in providers (spec section 1), each behind its white-label flag. */
export const socialProviders = ['google', 'facebook', 'telegram'] as const
export const SocialProviderSchema = z.enum(socialProviders)
export type SocialProvider = z.infer<typeof SocialProviderSchema>
export const socialFlags: Record<SocialProvider, string> = {
  google: 'GOOGLELOGIN3',
  facebook: 'FACEBOOKLOGIN3',
  telegram: 'TELEGRAMLOGIN3',
}

/**
 * How a social sign-in comes back to the PWA: the server's callback sends the browser to
 * `/index#social_code=<one-time code>` (exchanged by identity.socialExchange) or
 * `/index#social_error=<errorCode>`. A fragment never reaches a server or its logs.
 */
export const socialReturnKeys = { code: 'social_code', error: 'social_error' } as const
