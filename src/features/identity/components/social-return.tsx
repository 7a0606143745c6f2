/**
 * Where a social sign-in comes back: the server sends the browser to
 * `/index#social_code=…` (a one-time code this browser exchanges for a session) or
 * `/index#social_error=<errorCode>`. The fragment is removed at once so a reload or a
 * shared link cannot replay it.
 */
import { useEffect, useRef } from 'react'
import { ErrorCodeSchema } from '#contract/error-codes'
import { socialReturnKeys, identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import { ApiError } from '../../../lib/api-client'
import { openModal } from '../../../lib/modal-store'
import { setSocialError } from '../store'
import { useAfterLogin } from '../use-after-login'

function takeFragment(): { code: string | null; error: string | null } {
  const params = new URLSearchParams(window.location.hash.slice(1))
  const code = params.get(socialReturnKeys.code)
  const error = params.get(socialReturnKeys.error)
  if (code !== null || error !== null) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
  }
  return { code, error }
}

export function SocialReturn() {
  const afterLogin = useAfterLogin()
  const done = useRef(false)
  useEffect(() => {
    if (done.current) return
    done.current = true
    const { code, error } = takeFragment()
    const fail = (e: string) => {
      const parsed = ErrorCodeSchema.safeParse(e)
      setSocialError(parsed.success ? parsed.data : 'internal_error')
      openModal('login')
    }
    if (error !== null) {
      fail(error)
      return
    }
    if (code === null) return
    void (async () => {
      try {
        const res = await api.call(identityEndpoints.socialExchange, { code })
        // The account name comes with the member info that afterLogin loads.
        await afterLogin(res, '', { loginType: 'social', from: 'login' })
      } catch (err) {
        fail(err instanceof ApiError ? err.errorCode : 'network_error')
      }
    })()
  }, [afterLogin])
  return null
}
