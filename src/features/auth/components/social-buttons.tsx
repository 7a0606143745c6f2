/**
 * "Continue with Google / Facebook / Telegram": only the providers the server has
 * configured and the brand has switched on. A click asks the server to begin the sign-in
 * (it ties the flow to this browser with an HttpOnly cookie) and goes where it says.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { identityEndpoints, type SocialProvider } from '#contract/identity'
import { FormError } from '../../../components/ui/form-error'
import { api } from '../../../lib/api'
import { errorText } from '../../../lib/error-messages'
import { socialProvidersQueryOptions } from '../api/auth-api'
import './auth-forms.css'

function ProviderLabel({ provider }: { provider: SocialProvider }) {
  switch (provider) {
    case 'google':
      return <Trans>Continue with Google</Trans>
    case 'facebook':
      return <Trans>Continue with Facebook</Trans>
    case 'telegram':
      return <Trans>Continue with Telegram</Trans>
  }
}

export function SocialButtons({ initialError }: { initialError?: string | undefined }) {
  const { i18n } = useLingui()
  const providers = useQuery(socialProvidersQueryOptions())
  const [pending, setPending] = useState<SocialProvider | null>(null)
  const [error, setError] = useState<string | undefined>(initialError)
  const list = providers.data?.providers ?? []
  if (list.length === 0) return error ? <FormError text={error} /> : null

  async function begin(provider: SocialProvider) {
    setPending(provider)
    setError(undefined)
    try {
      const { url } = await api.call(identityEndpoints.socialStart, { provider })
      window.location.assign(url)
    } catch (err) {
      setError(errorText(i18n, err))
      setPending(null)
    }
  }

  return (
    <div className="social-sign-in">
      <p className="social-divider">
        <Trans>or</Trans>
      </p>
      <FormError text={error} />
      {list.map((p) => (
        <button
          key={p}
          type="button"
          className={`button button-block social-${p}`}
          onClick={() => void begin(p)}
          disabled={pending !== null}
          aria-busy={pending === p}
        >
          <ProviderLabel provider={p} />
        </button>
      ))}
    </div>
  )
}
