import { createFileRoute } from '@tanstack/react-router'
import { GamesRoute } from '../-components/games-route'
import { vendorsQueryOptions } from '../../features/games/api/get-vendors'
import { parseVendorParam } from '../../features/games/game-types'

export const Route = createFileRoute('/_main/rng')({
  loader: ({ context }) => context.queryClient.ensureQueryData(vendorsQueryOptions()),
  validateSearch: (s: Record<string, unknown>) => ({ page: parseVendorParam(s.page) }),
  component: function Games() {
    return <GamesRoute types={['RNG']} page={Route.useSearch().page} />
  },
})
