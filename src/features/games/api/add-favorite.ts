import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { gameEndpoints } from '#contract/games'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateFavorites, memberGamesKey } from './game-keys'

export type AddFavoriteInput = EndpointInput<typeof gameEndpoints.addFavorite>

/** Adds a game to the member's favourites; answers the favourite codes. */
export const addFavorite = (input: AddFavoriteInput) => api.call(gameEndpoints.addFavorite, input)

export function useAddFavorite({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<AddFavoriteInput, Awaited<ReturnType<typeof addFavorite>>>
} = {}) {
  const queryClient = useQueryClient()
  const { onSuccess, ...rest } = mutationConfig ?? {}
  return useMutation({
    ...rest,
    mutationFn: addFavorite,
    onSuccess: async (...args) => {
      // The answer is the new set of codes: the hearts flip at once, the list refreshes.
      queryClient.setQueryData(memberGamesKey('favoriteIds'), args[0])
      await onSuccess?.(...args)
      await invalidateFavorites(queryClient)
    },
  })
}
