/**
 * The identity endpoints, assembled from their flows: logging in (with the second step
 * from a new address), registration, the password, the profile and social login.
 */
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../http/contract-routes'
import { authenticatorHandlers } from './authenticator-handlers'
import { deviceHandlers } from './device-handlers'
import { createIdentityKit, type IdentityDeps } from './identity-kit'
import { loginHandlers } from './login'
import { newAddressHandlers } from './new-address'
import { passwordHandlers } from './password'
import { profileHandlers } from './profile'
import { registrationHandlers } from './registration'
import { socialLoginHandlers } from './social-login'

export function identityHandlers(deps: IdentityDeps): HandlerGroup<Endpoints['identity']> {
  const kit = createIdentityKit(deps)
  return {
    ...loginHandlers(kit),
    ...newAddressHandlers(kit),
    ...registrationHandlers(kit),
    ...passwordHandlers(kit),
    ...profileHandlers(kit),
    ...socialLoginHandlers(kit),
    ...authenticatorHandlers(kit),
    ...deviceHandlers(kit),
  }
}
