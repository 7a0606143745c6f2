import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import type { GameType } from '#contract/games'
import { vendorsQueryOptions } from '../../features/games/api/get-vendors'
import { GamesPage } from '../../features/games/components/games-page'
import { statusQueryOptions } from '../../lib/status-query'
import { pickCdn } from '../../utils/cdn'

export function GamesRoute({ types, page }: { types: GameType[]; page: string | undefined }) {
  const { data } = useSuspenseQuery(vendorsQueryOptions())
  const status = useQuery(statusQueryOptions())
  return (
    <GamesPage
      types={types}
      lanes={data.data.lanes}
      page={page}
      imageHost={pickCdn(status.data?.info.imageCDNs ?? [])}
    />
  )
}
