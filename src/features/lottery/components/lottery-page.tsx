/**
 * /lottery: prize-mode tabs, the games of the mode, and the chosen game's draw (the open
 * issue with a countdown on the server's clock, the last result), its bet slip, the
 * member's bets and the recent results with their verification.
 *
 * Search: gameCode (unknown → the mode's first game), prizeMode, playType (the bet type
 * the slip opens on). The games lobby's lottery tiles open the page this way.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, type ReactNode } from 'react'
import { prizeModes, type LotteryGame, type PrizeMode } from '#contract/lottery'
import { Skeleton } from '../../../components/ui/skeleton'
import { useOnline } from '../../../lib/network'
import { useSession } from '../../../lib/session'
import {
  gameMenusQueryOptions,
  gameSettingQueryOptions,
  nearQueryOptions,
  openedQueryOptions,
  refreshAfterDraw,
} from '../api/lottery-queries'
import { serverNowAt, openIssue, useSecondClock } from '../clock'
import { IssueCountdown, ResultBalls } from '../home/draw-parts'
import { prizeModeNames } from '../labels'
import { useCurrency, usePageTitle } from '../use-brand'
import { BetSlip } from './bet-slip'
import { LotteryStyles } from './lottery-styles'
import { MyBets } from './my-bets'
import { ResultsList } from './results'

export interface LotterySearch {
  gameCode?: string | undefined
  prizeMode?: PrizeMode | undefined
  playType?: string | undefined
}

/** `winners`: the winners board, which the route brings (it is the games feature's ticker). */
export function LotteryPage({ search, winners }: { search: LotterySearch; winners?: ReactNode }) {
  const { t, i18n } = useLingui()
  usePageTitle(t`Lottery`)
  const navigate = useNavigate()
  const menus = useQuery(gameMenusQueryOptions())
  const games = menus.data?.menus.flatMap((m) => m.games) ?? []
  const byCode = games.find((g) => g.lottoGameCode === search.gameCode)
  const mode: PrizeMode =
    search.prizeMode ??
    byCode?.prizeMode ??
    prizeModes.find((m) => games.some((g) => g.prizeMode === m)) ??
    'LOTT'
  const modeGames = games.filter((g) => g.prizeMode === mode)
  const game = byCode && byCode.prizeMode === mode ? byCode : modeGames[0]

  const go = (next: LotterySearch) =>
    void navigate({ to: '/lottery', search: { ...next, playType: undefined } })

  return (
    <main className="page lott-page">
      <LotteryStyles />
      <h1 className="lott-title">
        <Trans>Lottery</Trans>
      </h1>
      {winners}
      <div className="lott-modes" role="group" aria-label={t`Prize mode`}>
        {prizeModes.map((m) => (
          <button
            key={m}
            type="button"
            className="lott-mode"
            aria-pressed={m === mode}
            onClick={() => go({ prizeMode: m })}
          >
            {i18n._(prizeModeNames[m])}
          </button>
        ))}
      </div>
      {menus.isPending ? (
        <Skeleton lines={4} label={t`Loading lottery games…`} />
      ) : menus.isError && !menus.data ? (
        <p className="lott-empty" role="alert">
          <Trans>The lottery games cannot be loaded right now. Please try again.</Trans>
        </p>
      ) : modeGames.length === 0 || !game ? (
        <p className="lott-empty">
          <Trans>No draws are open in this mode right now.</Trans>
        </p>
      ) : (
        <>
          <div className="lott-games" role="group" aria-label={t`Games`}>
            {modeGames.map((g) => (
              <button
                key={g.lottoGameCode}
                type="button"
                className="lott-game"
                aria-pressed={g.lottoGameCode === game.lottoGameCode}
                onClick={() => go({ prizeMode: mode, gameCode: g.lottoGameCode })}
              >
                <img src={g.iconUrl} alt="" width="28" height="28" loading="lazy" />
                <span>{g.name}</span>
              </button>
            ))}
          </div>
          <GamePanel
            key={game.lottoGameCode}
            game={game}
            playType={
              game.lottoGameCode === search.gameCode || !search.gameCode ? search.playType : undefined
            }
          />
        </>
      )}
    </main>
  )
}

function GamePanel({ game, playType }: { game: LotteryGame; playType: string | undefined }) {
  const { t } = useLingui()
  const code = game.lottoGameCode
  const queryClient = useQueryClient()
  const online = useOnline()
  const currency = useCurrency()
  const s = useSession()
  // The countdown is never stored (its clock would be wrong): offline it waits, and the page
  // shows the stored menus and results without it.
  const near = useQuery({ ...nearQueryOptions(code), enabled: online })
  const setting = useQuery(gameSettingQueryOptions(code))
  const results = useQuery(openedQueryOptions(code))
  const now = useSecondClock()
  const serverNow = near.data ? serverNowAt(now, near.data.serverTime, near.dataUpdatedAt) : null
  const { issue, rolled } =
    near.data && serverNow !== null
      ? openIssue(near.data.current, near.data.next, serverNow)
      : { issue: null, rolled: false }

  // A new issue opened (the last one closed): its result and the bets' outcome follow
  // shortly after the draw, so the countdown, results and bets are asked for again.
  const seen = useRef<string | undefined>(undefined)
  const numero = issue?.numero
  useEffect(() => {
    if (numero === undefined) return
    if (seen.current === undefined) {
      seen.current = numero
      return
    }
    if (seen.current === numero) return
    seen.current = numero
    const timers = [2_500, 8_000].map((ms) => setTimeout(() => void refreshAfterDraw(queryClient, code), ms))
    return () => timers.forEach(clearTimeout)
  }, [numero, queryClient, code])

  // Nothing open (between a close and the next issue): ask again every few seconds.
  const waiting = near.data !== undefined && issue === null
  useEffect(() => {
    if (!waiting || !online) return
    const id = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: ['lottery', 'near', code] }),
      3_000,
    )
    return () => clearInterval(id)
  }, [waiting, online, queryClient, code])

  const last = near.data?.last ?? results.data?.list[0] ?? null
  return (
    <div className="lott-layout">
      <div className="lott-col-main">
        <section className="lott-draw card" aria-labelledby="draw-title">
          <div className="lott-draw-head">
            <img src={game.iconUrl} alt="" width="44" height="44" />
            <div>
              <h2 id="draw-title" className="lott-draw-name">
                {game.name}
              </h2>
              <span className="lott-draw-group">{game.labelName}</span>
            </div>
          </div>
          {!near.data && !online ? (
            <p className="lott-countdown lott-countdown-big">
              <Trans>The countdown needs an internet connection.</Trans>
            </p>
          ) : near.isPending ? (
            <p className="lott-countdown lott-countdown-big" role="status">
              <Trans>Loading the draw…</Trans>
            </p>
          ) : near.isError && !near.data ? (
            <p className="lott-countdown lott-countdown-big">
              <Trans>The draw times cannot be loaded right now.</Trans>
            </p>
          ) : (
            <IssueCountdown issue={issue} serverNow={serverNow} announce />
          )}
          <div className="lott-last">
            <span className="lott-last-label">
              {last ? <Trans>Last result · {last.numero}</Trans> : <Trans>Last result</Trans>}
            </span>
            {last ? <ResultBalls main={last.main} /> : <span className="lott-empty">—</span>}
          </div>
          {rolled ? (
            <p className="visually-hidden">
              <Trans>The previous issue closed.</Trans>
            </p>
          ) : null}
        </section>
        {setting.data ? (
          <BetSlip
            setting={setting.data}
            issue={issue}
            currency={currency}
            online={online}
            playType={playType}
            onMoved={() => void queryClient.invalidateQueries({ queryKey: ['lottery', 'near', code] })}
          />
        ) : setting.isError ? (
          <p className="lott-empty card">
            <Trans>Betting on this game is not available right now.</Trans>
          </p>
        ) : (
          // As tall as a slip, so the results column below does not jump when it arrives.
          <div className="card lott-slip-placeholder">
            <Skeleton lines={6} label={t`Loading the bet slip…`} />
          </div>
        )}
      </div>
      <div className="lott-col-side">
        {s.token !== null && s.member !== null ? (
          <section className="card lott-side-card" aria-labelledby="mybets-title">
            <h2 id="mybets-title" className="lott-section-title">
              <Trans>My bets</Trans>
            </h2>
            <MyBets
              lottoGameCode={code}
              currency={currency}
              online={online}
              timeZone={game.schedule.timeZone}
            />
          </section>
        ) : null}
        <section className="card lott-side-card" aria-labelledby="results-title">
          <h2 id="results-title" className="lott-section-title">
            <Trans>Recent results</Trans>
          </h2>
          {results.data ? (
            <ResultsList results={results.data.list} timeZone={game.schedule.timeZone} />
          ) : results.isError ? (
            <p className="lott-empty">
              <Trans>Results cannot be shown right now.</Trans>
            </p>
          ) : (
            <Skeleton lines={5} label={t`Loading results…`} />
          )}
        </section>
      </div>
    </div>
  )
}
