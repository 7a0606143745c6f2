/**
 * A sports or esports vendor's featured fixtures (GCSGAME_getGameMatchV2) above its games:
 * league, kick-off, teams and odds; tapping one starts the vendor's game on that fixture
 * (matchId and leagueId in the launch).
 */
import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Game, Match } from '#contract/games'
import { useOnline } from '../../../lib/network'
import { useBrandDateTimeFormat } from '../../../lib/use-brand-dates'
import { matchesQueryOptions } from '../api/get-matches'
import { useLaunchGame } from '../launch/use-launch-game'
import { useOfflineHint } from './game-tile'

/** Fixtures shown above the games (the soonest): the games stay within reach on a phone. */
const maxShown = 4

export function FeaturedMatches({
  gameType,
  vassalage,
  game,
}: {
  gameType: Match['gameType']
  vassalage: string
  /** The vendor's game a fixture opens in; undefined while its games load. */
  game: Game | undefined
}) {
  const launch = useLaunchGame()
  const online = useOnline()
  const { hint, hintId } = useOfflineHint()
  const matches = useQuery(matchesQueryOptions(gameType))
  const when = useBrandDateTimeFormat()
  const list = (matches.data?.list.filter((m) => m.vassalage === vassalage) ?? []).slice(0, maxShown)
  if (list.length === 0) return null
  return (
    <section className="matches" aria-labelledby="matches-title">
      <h3 id="matches-title" className="matches-title">
        <Trans>Featured fixtures</Trans>
      </h3>
      {hint}
      <ul className="match-list">
        {list.map((m) => {
          const teams = `${m.homeTeam} – ${m.awayTeam}`
          return (
            <li key={m.matchId}>
              <button
                type="button"
                className="match"
                disabled={!game || !online}
                aria-describedby={online ? undefined : hintId}
                onClick={() => game && launch(game, { matchId: m.matchId, leagueId: m.leagueId })}
              >
                <span className="match-meta">
                  {m.sport} · {m.leagueName} ·{' '}
                  <time dateTime={new Date(m.startTime).toISOString()}>{when.format(m.startTime)}</time>
                </span>
                <span className="match-teams">{teams}</span>
                <span className="match-odds" aria-hidden="true">
                  <span>{m.odds.home}</span>
                  {m.odds.draw === null ? null : <span>{m.odds.draw}</span>}
                  <span>{m.odds.away}</span>
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
