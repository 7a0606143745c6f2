/**
 * "Continue with Google / Facebook / Telegram": only the providers the server has
 * configured and the brand has switched on. A click asks the server to begin the sign-in
 * (it ties the flow to this browser with an HttpOnly cookie) and goes where it says.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { SocialProvider } from '#contract/identity'
import { FormError } from '../../../components/ui/form-error'
import { errorText } from '../../../lib/error-messages'
import { socialProvidersQueryOptions } from '../api/auth-api'
import { useStartSocialLogin } from '../api/start-social-login'

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
  const start = useStartSocialLogin({
    mutationConfig: { onSuccess: ({ url }) => window.location.assign(url) },
  })
  // The buttons stay busy after a success too: the browser is on its way to the provider.
  const pending = start.isPending || start.isSuccess ? (start.variables?.provider ?? null) : null
  const error = start.error ? errorText(i18n, start.error) : start.isIdle ? initialError : undefined
  const list = providers.data?.providers ?? []
  if (list.length === 0) return error ? <FormError text={error} /> : null

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
          onClick={() => start.mutate({ provider: p })}
          disabled={pending !== null}
          aria-busy={pending === p}
        >
          <ProviderLabel provider={p} />
        </button>
      ))}
    </div>
  )
}
