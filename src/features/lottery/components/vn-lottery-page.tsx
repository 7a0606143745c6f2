/**
 * /vnlottery: the Vietnamese regional draws. Region tabs (the VN menu's gameGroupCode and
 * labelName), each game's latest results in the Vietnamese table (ĐB, G1…G8) and a way to
 * bet on it (/lottery?gameCode=…); a member also sees the games they played lately.
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import type { LotteryGame, LotterySchedule } from '#contract/lottery'
import { Skeleton } from '../../../components/ui/skeleton'
import { brandTimeOfDay } from '../../../lib/date-format'
import { useOnline } from '../../../lib/network'
import { isRealMember, useSession } from '../../../lib/session'
import { vnMenuQueryOptions, vnOpenedQueryOptions, vnRecentQueryOptions } from '../api/lottery-queries'
import { usePageTitle } from '../use-brand'
import { LotteryStyles } from './lottery-styles'
import { formatDrawTime, VnResultTable } from './results'

export function scheduleText(s: LotterySchedule, i18n: I18n): string {
  if (s.type === 'daily') {
    // The brand's clock, named, as the results' times below are.
    const time = brandTimeOfDay(i18n.locale, s.time, s.timeZone)
    return i18n._(msg`Draws daily at ${time}`)
  }
  const minutes = Math.round(s.seconds / 60)
  const seconds = s.seconds
  return minutes >= 1 ? i18n._(msg`Draws every ${minutes} min`) : i18n._(msg`Draws every ${seconds} s`)
}

/** `winners`: the winners board, which the route brings. */
export function VnLotteryPage({ winners }: { winners?: ReactNode }) {
  const { t, i18n } = useLingui()
  usePageTitle(t`Vietnamese lottery`)
  const menu = useQuery(vnMenuQueryOptions())
  const opened = useQuery(vnOpenedQueryOptions())
  const s = useSession()
  const online = useOnline()
  const recent = useQuery({ ...vnRecentQueryOptions(), enabled: isRealMember(s) && online })
  const regions = menu.data?.gameMenus ?? []
  const [chosen, setChosen] = useState<string | null>(null)
  const region = regions.find((r) => r.gameGroupCode === chosen) ?? regions[0]

  return (
    <main className="page lott-page">
      <LotteryStyles />
      <h1 className="lott-title">
        <Trans>Vietnamese lottery</Trans>
      </h1>
      {winners}
      {menu.isPending ? (
        <Skeleton lines={6} label={t`Loading lottery games…`} />
      ) : !region ? (
        <p className="lott-empty">
          <Trans>No lottery draws are open right now.</Trans>
        </p>
      ) : (
        <>
          <div className="lott-modes" role="group" aria-label={t`Region`}>
            {regions.map((r) => (
              <button
                key={r.gameGroupCode}
                type="button"
                className="lott-mode"
                aria-pressed={r.gameGroupCode === region.gameGroupCode}
                onClick={() => setChosen(r.gameGroupCode)}
              >
                {r.labelName}
              </button>
            ))}
          </div>
          {isRealMember(s) && recent.data?.list.length ? (
            <section className="lott-recent" aria-labelledby="vn-recent">
              <h2 id="vn-recent" className="lott-section-title">
                <Trans>Played lately</Trans>
              </h2>
              <div className="lott-games">
                {recent.data.list.map((g) => (
                  <GameLink key={g.lottoGameCode} game={g} />
                ))}
              </div>
            </section>
          ) : null}
          <div className="vn-grid">
            {region.games.map((g) => {
              const result = opened.data?.list.find((r) => r.lottoGameCode === g.lottoGameCode)
              return (
                <section
                  key={g.lottoGameCode}
                  className="card vn-card"
                  aria-labelledby={`vn-${g.lottoGameCode}`}
                >
                  <div className="vn-card-head">
                    <img src={g.iconUrl} alt="" width="36" height="36" loading="lazy" />
                    <div>
                      <h2 id={`vn-${g.lottoGameCode}`} className="lott-draw-name">
                        {g.name}
                      </h2>
                      <span className="lott-draw-group">{scheduleText(g.schedule, i18n)}</span>
                    </div>
                    <Link
                      to="/lottery"
                      search={{ gameCode: g.lottoGameCode }}
                      className="button button-primary vn-bet"
                      aria-label={t`Bet on ${g.name}`}
                    >
                      <Trans>Bet</Trans>
                    </Link>
                  </div>
                  {result ? (
                    <>
                      <p className="vn-issue">
                        <Trans>
                          Issue {result.numero} ·{' '}
                          {formatDrawTime(result.drawnAt ?? result.closeAt, i18n.locale, g.schedule.timeZone)}
                        </Trans>
                      </p>
                      {result.prizes.length ? (
                        <VnResultTable result={result} />
                      ) : (
                        <p className="lott-empty">
                          <Trans>Not drawn yet</Trans>
                        </p>
                      )}
                    </>
                  ) : opened.isPending ? (
                    <Skeleton lines={5} label={t`Loading results…`} />
                  ) : (
                    <p className="lott-empty">
                      <Trans>No results yet.</Trans>
                    </p>
                  )}
                </section>
              )
            })}
          </div>
        </>
      )}
    </main>
  )
}

function GameLink({ game }: { game: LotteryGame }) {
  return (
    <Link to="/lottery" search={{ gameCode: game.lottoGameCode }} className="lott-game">
      <img src={game.iconUrl} alt="" width="28" height="28" loading="lazy" />
      <span>{game.name}</span>
    </Link>
  )
}
