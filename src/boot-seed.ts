/**
 * The boot data put into the query cache under the keys the features' queries use: the
 * server does it before it renders (src/entry-server.tsx) and the browser with the same
 * block before it hydrates (src/main.tsx), so both render from the same data.
 */
import type { QueryClient } from '@tanstack/react-query'
import { gameListInfiniteOptions } from './features/games/api/get-game-list'
import { hotGamesQueryOptions, winnersQueryOptions } from './features/games/api/get-home-rows'
import { vendorsQueryOptions } from './features/games/api/get-vendors'
import { announcementsQueryOptions } from './features/notify/api/get-announcements'
import { seedBootData, type BootData } from './lib/boot-data'

export function seedAppData(queryClient: QueryClient, boot: BootData, servedAt?: number): void {
  seedBootData(
    queryClient,
    boot,
    {
      announcements: (l) => announcementsQueryOptions(l).queryKey,
      winners: winnersQueryOptions().queryKey,
      vendors: vendorsQueryOptions().queryKey,
      hotGames: hotGamesQueryOptions().queryKey,
      gameList: (filter) => gameListInfiniteOptions(filter).queryKey,
    },
    servedAt,
  )
}
