import { Trans } from '@lingui/react/macro'
import type { GameType } from '#contract/games'

export function GameTypeLabel({ type }: { type: GameType }) {
  switch (type) {
    case 'LOTT':
      return <Trans>Lottery</Trans>
    case 'ELOTT':
      return <Trans>E-lottery</Trans>
    case 'LIVE':
      return <Trans>Live casino</Trans>
    case 'SPORTS':
      return <Trans>Sports</Trans>
    case 'ESPORTS':
      return <Trans>Esports</Trans>
    case 'RNG':
      return <Trans>Slots</Trans>
    case 'FISH':
      return <Trans>Fish</Trans>
    case 'PVP':
      return <Trans>Card games</Trans>
    case 'COCKFIGHT':
      return <Trans>Cockfight</Trans>
  }
}
