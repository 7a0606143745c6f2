/**
 * The home page's lottery row: the popular draws with their countdowns and latest
 * results (one request, lottery.popular); a card opens the game. When a draw closes the
 * row asks again for the next issue.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { ScrollArrows } from '../../../components/scroll-row/scroll-arrows'
import { popularQueryOptions } from '../api/lottery-queries'
import { DrawCard } from './draw-card'
import { LiveCountdown } from './live-countdown'
import './home-lottery-row.css'

/** How long after a close the row asks again: the draw job needs a moment to publish. */
const afterCloseMs = 2_500

export function HomeLotteryRow() {
  const { t } = useLingui()
  const popular = useQuery(popularQueryOptions())
  const queryClient = useQueryClient()
  const data = popular.data
  const receivedAt = popular.dataUpdatedAt
  const row = useRef<HTMLUListElement>(null)
  // One timer to the soonest close (not a check each second): the row is drawn again only
  // when new data arrives, and each countdown ticks by itself.
  useEffect(() => {
    if (!data) return
    const closes = data.list.flatMap((d) => (d.current ? [d.current.closeAt] : []))
    if (closes.length === 0) return
    const serverNow = data.serverTime + (Date.now() - receivedAt)
    const wait = Math.max(0, Math.min(...closes) - serverNow) + afterCloseMs
    const id = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: ['lottery', 'popular'] }),
      wait,
    )
    return () => clearTimeout(id)
  }, [data, receivedAt, queryClient])

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
        <div className="scroll-row">
          <ul ref={row} className="draw-row">
            {data.list.map((d) => (
              <li key={d.game.lottoGameCode}>
                <DrawCard game={d.game} last={d.last}>
                  <LiveCountdown issue={d.current} serverTime={data.serverTime} receivedAt={receivedAt} />
                </DrawCard>
              </li>
            ))}
          </ul>
          <ScrollArrows row={row} items={data.list} />
        </div>
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
