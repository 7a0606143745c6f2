import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { Game } from '#contract/games'
import { isRealMember, useSession } from '../../../lib/session'
import { showToast } from '../../../lib/toast-store'
import { useAddFavorite } from '../api/add-favorite'
import { favoriteIdsQueryOptions } from '../api/get-favorites'
import { useRemoveFavorite } from '../api/remove-favorite'
import { realMemberOrPrompt } from '../member-gate'

/** The hearts: the member's favourite codes, and adding or removing one (the home rows too). */
export function useFavorites() {
  const { i18n } = useLingui()
  const s = useSession()
  const { token } = s
  const ids = useQuery({ ...favoriteIdsQueryOptions(), enabled: isRealMember(s) })
  // The error texts load with the first refusal: the home rows' hearts do not carry them.
  const onError = (err: Error) =>
    void import('../../../lib/error-messages').then((m) => showToast(m.errorText(i18n, err), 'error'))
  const add = useAddFavorite({ mutationConfig: { onError } })
  const remove = useRemoveFavorite({ mutationConfig: { onError } })
  const favorite = new Set(token ? (ids.data?.gameIds ?? []) : [])
  const busy = (gameId: string) =>
    (add.isPending && add.variables.gameId === gameId) ||
    (remove.isPending && remove.variables.gameId === gameId)
  // One function for the life of the row, so a memoized tile is not redrawn by a new one:
  // a mutation's mutate is the same function for the life of the component.
  const { mutate: addFavorite } = add
  const { mutate: removeFavorite } = remove
  const toggle = useCallback(
    (game: Game, on: boolean) => {
      if (!realMemberOrPrompt()) return
      if (on) addFavorite({ gameId: game.gameId })
      else removeFavorite({ gameId: game.gameId })
    },
    [addFavorite, removeFavorite],
  )
  return { favorite, busy, toggle }
}
