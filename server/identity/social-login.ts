/** Logging in through a social provider (the OAuth flow itself lives in ./social). */
import type { IdentityHandlers, IdentityKit } from './identity-kit'
import { socialBasePath, socialCookie, socialPolicy } from './social'

type SocialEndpoints = 'socialProviders' | 'socialStart' | 'socialExchange'

export function socialLoginHandlers(kit: IdentityKit): Pick<IdentityHandlers, SocialEndpoints> {
  const { social, record, startSession } = kit
  return {
    async socialProviders({ caller }) {
      return { providers: await social.enabled(caller.merchantCode) }
    },

    async socialStart({ input, caller, req, reply }) {
      const { url, cookie } = await social.start(input.provider, caller, `${req.protocol}://${req.host}`)
      void reply.setCookie(socialCookie, cookie, {
        httpOnly: true,
        // Lax: the cookie must come along on the provider's top-level redirect back.
        sameSite: 'lax',
        secure: 'auto',
        path: socialBasePath,
        maxAge: socialPolicy.flowMs / 1000,
      })
      return { url }
    },

    async socialExchange({ input, caller, req, reply }) {
      const member = await social.exchange(req.cookies?.[socialCookie], input.code, caller.merchantCode)
      void reply.clearCookie(socialCookie, { path: socialBasePath })
      const res = await startSession(member, 'social', caller, req.headers['user-agent'])
      await record(caller, 'login', { memberId: member.id, detail: { type: 'social' } })
      // A social login never forces a password change (spec section 4): the member may not
      // even know a password.
      return { ...res, mustChangePassword: false, passwordExpired: false }
    },
  }
}
