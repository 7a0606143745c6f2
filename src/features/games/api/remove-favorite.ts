import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { gameEndpoints } from '#contract/games'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateFavorites, memberGamesKey } from './game-keys'

export type RemoveFavoriteInput = EndpointInput<typeof gameEndpoints.removeFavorite>

/** Removes a game from the member's favourites; answers the favourite codes. */
export const removeFavorite = (input: RemoveFavoriteInput) => api.call(gameEndpoints.removeFavorite, input)

export function useRemoveFavorite({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<RemoveFavoriteInput, Awaited<ReturnType<typeof removeFavorite>>>
} = {}) {
  const queryClient = useQueryClient()
  const { onSuccess, ...rest } = mutationConfig ?? {}
  return useMutation({
    ...rest,
    mutationFn: removeFavorite,
    onSuccess: async (...args) => {
      // The answer is the new set of codes: the hearts flip at once, the list refreshes.
      queryClient.setQueryData(memberGamesKey('favoriteIds'), args[0])
      await onSuccess?.(...args)
      await invalidateFavorites(queryClient)
    },
  })
}
