import { createFileRoute } from '@tanstack/react-router'
import { Suspense } from 'react'
import { lazyMoney } from '../-components/money-lazy'
import { GameFramePage } from '../../features/games/launch/game-frame-page'
import { useSession } from '../../lib/session'

// The phone's game menu shows the balance the header shows (a tap refreshes it).
const MenuBalance = lazyMoney(() =>
  import('../../features/money/components/header-balance').then((m) => m.HeaderBalance),
)

/** Hosts a launched game in a sandboxed iframe; with no game launched it says so. */
export const Route = createFileRoute('/_bar/game')({
  component: GamePage,
})

function GamePage() {
  const { token } = useSession()
  return (
    <GameFramePage
      balance={
        token ? (
          <Suspense fallback={<span className="header-balance" aria-hidden="true" />}>
            <MenuBalance />
          </Suspense>
        ) : null
      }
    />
  )
}
