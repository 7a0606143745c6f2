/**
 * One games page for every game type: vendor tabs (each pushes ?page=<vendor>) over the
 * chosen vendor's lobby. The game lists arrive with the game lobbies; until then the
 * lobby says so.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { GameType, VendorLane } from '#contract/games'
import { EmptyState } from '../../../components/ui/empty-state'
import { cdnUrl } from '../../../utils/cdn'
import { gameTypeRoute } from '../game-types'
import { GameTypeLabel } from './game-type-label'
import './games-page.css'

export interface GamesPageProps {
  types: readonly GameType[]
  lanes: readonly VendorLane[]
  page: string | undefined
  imageHost: string
}

export function GamesPage({ types, lanes, page, imageHost }: GamesPageProps) {
  const { t } = useLingui()
  const cards = lanes.filter((l) => types.includes(l.gameType)).flatMap((l) => l.cards)
  const selected = cards.find((c) => c.vassalage === page) ?? cards[0]
  const mainType = types[0] ?? 'RNG'
  return (
    <main className="page">
      <h1>
        <GameTypeLabel type={mainType} />
      </h1>
      {cards.length === 0 ? (
        <EmptyState title={<Trans>No game providers are available here yet.</Trans>} />
      ) : (
        <>
          <nav aria-label={t`Game providers`} className="vendor-tabs">
            {cards.map((c) => (
              <Link
                key={c.vassalage}
                to={gameTypeRoute[mainType]}
                search={{ page: c.vassalage }}
                className="vendor-tab"
                aria-current={c.vassalage === selected?.vassalage ? 'page' : undefined}
              >
                <img src={cdnUrl(imageHost, c.logo)} alt="" width={48} height={24} />
                <span>{c.displayName}</span>
              </Link>
            ))}
          </nav>
          {selected ? (
            <section className="card" aria-labelledby="vendor-title">
              <h2 id="vendor-title">{selected.displayName}</h2>
              {selected.maintenance ? (
                <EmptyState
                  title={<Trans>This provider is under maintenance. Please try another one.</Trans>}
                />
              ) : (
                <EmptyState title={<Trans>This provider's games are not listed here yet.</Trans>} />
              )}
            </section>
          ) : null}
        </>
      )}
    </main>
  )
}
