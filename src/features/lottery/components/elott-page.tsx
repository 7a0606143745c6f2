/**
 * /elott: the e-lottery games (prize mode ELOTT) as cards, each with its open issue's
 * countdown and its last result; a card opens the game's betting page.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import type { LotteryGame } from '#contract/lottery'
import { Skeleton } from '../../../components/ui/skeleton'
import { useOnline } from '../../../lib/network'
import { gameMenusQueryOptions, nearQueryOptions } from '../api/lottery-queries'
import { serverNowAt, openIssue, useSecondClock } from '../clock'
import { DrawCard } from '../home/draw-card'
import { IssueCountdown } from '../home/draw-parts'
import { LotteryStyles } from './lottery-styles'

/** `winners`: the winners board, which the route brings. */
export function ElottGames({ winners }: { winners?: ReactNode }) {
  const { t } = useLingui()
  const menus = useQuery(gameMenusQueryOptions('ELOTT'))
  const games = menus.data?.menus.flatMap((m) => m.games) ?? []
  return (
    <section className="elott" aria-labelledby="elott-title">
      <LotteryStyles />
      <h1 id="elott-title" className="lott-title">
        <Trans>E-lottery</Trans>
      </h1>
      {winners}
      {menus.isPending ? (
        <Skeleton lines={4} label={t`Loading lottery games…`} />
      ) : games.length === 0 ? (
        <p className="lott-empty">
          <Trans>No e-lottery draws are open right now.</Trans>
        </p>
      ) : (
        <ul className="elott-grid">
          {games.map((g) => (
            <li key={g.lottoGameCode}>
              <NearCard game={g} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** A card on its own game's countdown (the next issue follows at the close). */
function NearCard({ game }: { game: LotteryGame }) {
  const online = useOnline()
  const near = useQuery({ ...nearQueryOptions(game.lottoGameCode), enabled: online })
  const queryClient = useQueryClient()
  const now = useSecondClock()
  const serverNow = near.data ? serverNowAt(now, near.data.serverTime, near.dataUpdatedAt) : null
  const { issue, rolled } =
    near.data && serverNow !== null
      ? openIssue(near.data.current, near.data.next, serverNow)
      : { issue: null, rolled: false }
  const stale = near.data !== undefined && (rolled || issue === null)
  useEffect(() => {
    if (!stale) return
    const id = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: ['lottery', 'near', game.lottoGameCode] }),
      3_000,
    )
    return () => clearTimeout(id)
  }, [stale, queryClient, game.lottoGameCode, near.dataUpdatedAt])
  return (
    <DrawCard game={game} last={near.data?.last ?? null}>
      <IssueCountdown issue={issue} serverNow={serverNow} size="small" />
    </DrawCard>
  )
}
