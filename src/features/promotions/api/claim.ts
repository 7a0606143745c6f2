/**
 * Every way a member takes a reward, each with an Idempotency-Key: a retry after a dropped
 * answer replays the first claim instead of failing as already claimed.
 */
import type { EndpointInput } from '#contract/endpoint'
import { promotionEndpoints as ep } from '#contract/promotions'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateAfterClaim } from './promotion-keys'

type Claimed = Awaited<ReturnType<typeof claimPromotion>>

/** The one-tap claim of a promotion in state claim (the daily login, the newbie gift, a rescue, a qualified sign-up). */
export const claimPromotion = (input: EndpointInput<typeof ep.claim>, key: string) =>
  api.call(ep.claim, input, { idempotencyKey: key })
/** The app-download reward: the page says how it runs (standalone, the iOS profile, or a browser tab). */
export const claimAppDownload = (input: EndpointInput<typeof ep.claimAppDownload>, key: string) =>
  api.call(ep.claimAppDownload, input, { idempotencyKey: key })
/** A reward the platform issued, waiting in the reward centre. */
export const claimIssued = (input: EndpointInput<typeof ep.claimIssued>, key: string) =>
  api.call(ep.claimIssued, input, { idempotencyKey: key })
export const claimPromoCode = (input: EndpointInput<typeof ep.claimPromoCode>, key: string) =>
  api.call(ep.claimPromoCode, input, { idempotencyKey: key })
export const signUpPromotion = (input: EndpointInput<typeof ep.signUp>, key: string) =>
  api.call(ep.signUp, input, { idempotencyKey: key })
/** The apply form: a remark of at most 140 characters and up to 3 png or jpg images. */
export const applyPromotion = (input: EndpointInput<typeof ep.apply>, key: string) =>
  api.call(ep.apply, input, { idempotencyKey: key })

function useClaimCall<I>(
  call: (input: I, key: string) => Promise<Claimed>,
  mutationConfig?: MutationConfig<I, Claimed>,
) {
  return useIdempotentMutation({ call, invalidate: invalidateAfterClaim, mutationConfig })
}

export const useClaimPromotion = (c?: MutationConfig<EndpointInput<typeof ep.claim>, Claimed>) =>
  useClaimCall(claimPromotion, c)
export const useClaimAppDownload = (c?: MutationConfig<EndpointInput<typeof ep.claimAppDownload>, Claimed>) =>
  useClaimCall(claimAppDownload, c)
export const useClaimIssued = (c?: MutationConfig<EndpointInput<typeof ep.claimIssued>, Claimed>) =>
  useClaimCall(claimIssued, c)
export const useClaimPromoCode = (c?: MutationConfig<EndpointInput<typeof ep.claimPromoCode>, Claimed>) =>
  useClaimCall(claimPromoCode, c)
export const useSignUpPromotion = (c?: MutationConfig<EndpointInput<typeof ep.signUp>, Claimed>) =>
  useClaimCall(signUpPromotion, c)
export const useApplyPromotion = (c?: MutationConfig<EndpointInput<typeof ep.apply>, Claimed>) =>
  useClaimCall(applyPromotion, c)
