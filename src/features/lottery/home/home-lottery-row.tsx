/**
 * The home page's lottery row: the popular draws with their countdowns and latest
 * results (one request, lottery.popular); a card opens the game. When a draw closes the
 * row asks again for the next issue.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { popularQueryOptions } from '../api/lottery-queries'
import { serverNowAt, useSecondClock } from '../clock'
import { DrawCard } from './draw-card'
import './home-lottery-row.css'

export function HomeLotteryRow() {
  const { t } = useLingui()
  const popular = useQuery(popularQueryOptions())
  const queryClient = useQueryClient()
  const now = useSecondClock()
  const data = popular.data
  const serverNow = data ? serverNowAt(now, data.serverTime, popular.dataUpdatedAt) : null
  const anyClosed =
    data !== undefined &&
    serverNow !== null &&
    data.list.some((d) => d.current && d.current.closeAt <= serverNow)
  useEffect(() => {
    if (!anyClosed) return
    const id = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: ['lottery', 'popular'] }),
      2_500,
    )
    return () => clearTimeout(id)
  }, [anyClosed, queryClient, popular.dataUpdatedAt])

  if (popular.isError && !data) return null
  if (data && data.list.length === 0) return null
  return (
    <section className="home-row lott-home-row" aria-labelledby="home-lottery">
      <div className="row-head">
        <h2 id="home-lottery" className="row-title">
          <span className="row-flame" aria-hidden="true" />
          <Trans>Lottery draws</Trans>
        </h2>
        <Link to="/lottery" className="row-more">
          <Trans>See all</Trans>
          <span className="visually-hidden"> {t`Lottery draws`}</span>
          <span aria-hidden="true"> ›</span>
        </Link>
      </div>
      {data ? (
        <ul className="draw-row">
          {data.list.map((d) => (
            <li key={d.game.lottoGameCode}>
              <DrawCard
                game={d.game}
                issue={d.current && serverNow !== null && d.current.closeAt > serverNow ? d.current : null}
                last={d.last}
                serverNow={serverNow}
              />
            </li>
          ))}
        </ul>
      ) : (
        <div role="status" aria-busy="true" className="row-status">
          <span className="visually-hidden">{t`Loading lottery draws…`}</span>
          <ul className="draw-row" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="draw-card draw-card-skeleton" />
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
