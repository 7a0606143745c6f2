import { useQuery } from '@tanstack/react-query'
import { isFlagEnabled } from '#contract/system'
import { statusQueryOptions } from '../../../lib/status-query'
import { AuthenticatorSection } from './authenticator-section'
import { DevicesSection } from './devices-section'
import { MyAccountPage } from './my-account-page'

/** My account in the member centre: the avatar choice when the brand offers it, the authenticator app and the signed-in devices. */
export function MyAccount() {
  const status = useQuery(statusQueryOptions())
  return (
    <>
      <MyAccountPage avatarChoice={isFlagEnabled(status.data?.info.whitelabel ?? [], 'PROFPIC3')} />
      <AuthenticatorSection />
      <DevicesSection />
    </>
  )
}
