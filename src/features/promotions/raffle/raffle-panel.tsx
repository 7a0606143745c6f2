/**
 * A raffle on its promotion's page (decision 028). A member sees this week's draw: the ticket
 * price in valid bets, the prizes by rank, Join (or "You’re in"), their tickets against all
 * tickets and entrants, the draw's countdown and its date on the brand's clock, and the
 * commitment fixed before the week began; then the last draw's winners, with a check run in
 * the browser (the seed against the commitment, the winners drawn again from the seed and the
 * entries). A visitor or a trial account sees how it works and is asked to register or log in.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { showMoney, type Currency } from '#contract/money'
import type { RaffleStatus } from '#contract/raffle'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { brandDateTime, calendarDay } from '../../../lib/date-format'
import { errorText } from '../../../lib/error-messages'
import { FeatureStyles } from '../../../lib/feature-styles'
import { openModal } from '../../../lib/modal-store'
import { showToast } from '../../../lib/toast-store'
import { promotionsRootKey } from '../api/promotion-keys'
import { useLeftText, useNowSecond } from '../components/countdown'
import { useBrandCurrency } from '../components/use-brand-currency'
import type { Viewer } from '../components/use-viewer'
import { raffleStatusQueryOptions, useJoinRaffle } from './api'
import css from './raffle.css?inline'
import { canCheck, checkDraw, drawChecked } from './verify'

type Current = NonNullable<RaffleStatus['current']>
type Drawn = NonNullable<RaffleStatus['last']>

/** A moment on `timeZone`'s clock (the brand's), its offset named: "Jun 12, 2026, 12:30 AM (GMT+7)". */
function useZoneDate(timeZone: string): (at: number) => string {
  const { i18n } = useLingui()
  return (at) => brandDateTime(i18n.locale, at, timeZone)
}

/** A period's first day (YYYY-MM-DD, a wall date) as the language writes a day. */
function useWallDay(): (day: string) => string {
  const { i18n } = useLingui()
  return (day) => calendarDay(i18n.locale, day)
}

function RankBadge({ rank }: { rank: number }) {
  const { t } = useLingui()
  return (
    <span className={`raffle-rank raffle-rank-${Math.min(rank, 4)}`}>
      <span aria-hidden="true">{rank}</span>
      <span className="visually-hidden">{t`Rank ${rank}`}</span>
    </span>
  )
}

function DrawCountdown({ drawAt }: { drawAt: number }) {
  const queryClient = useQueryClient()
  const now = useNowSecond()
  const over = now !== null && now * 1000 >= drawAt
  const left = useLeftText(now === null ? 0 : drawAt - now * 1000)
  useEffect(() => {
    // The week has rolled over: read the raffle again.
    if (over) void queryClient.invalidateQueries({ queryKey: promotionsRootKey })
  }, [over, queryClient])
  if (now === null) return null
  return (
    <p className="raffle-countdown">{over ? <Trans>Drawing now</Trans> : <Trans>Draw in {left}</Trans>}</p>
  )
}

function Prizes({ status, currency }: { status: RaffleStatus; currency: Currency }) {
  return (
    <section className="raffle-block" aria-labelledby="raffle-prizes">
      <h2 id="raffle-prizes">
        <Trans>Prizes</Trans>
      </h2>
      <ol className="raffle-prizes">
        {status.prizes.map((x) => (
          <li key={x.rank}>
            <RankBadge rank={x.rank} />
            <strong className="raffle-amount">{showMoney(x.amount, currency)}</strong>
            {x.count > 1 ? <PrizeCount count={x.count} /> : null}
          </li>
        ))}
      </ol>
    </section>
  )
}

function PrizeCount({ count }: { count: number }) {
  return (
    <span className="raffle-count">
      <Trans>× {count} winners</Trans>
    </span>
  )
}

function Hash({ label, value }: { label: string; value: string }) {
  return (
    <div className="raffle-hash">
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
      </dd>
    </div>
  )
}

function ThisWeek({
  status,
  current,
  currency,
}: {
  status: RaffleStatus
  current: Current
  currency: Currency
}) {
  const { t, i18n } = useLingui()
  const zoneDate = useZoneDate(status.timeZone)
  const [problem, setProblem] = useState<string | null>(null)
  const join = useJoinRaffle({
    onSuccess: () => {
      setProblem(null)
      showToast(t`You’re in this week’s draw.`, 'success')
    },
    onError: (err) => setProblem(errorText(i18n, err)),
  })
  const price = showMoney(status.ticketValidBets, currency)
  const when = zoneDate(current.drawAt)
  return (
    <section className="raffle-block raffle-now" aria-labelledby="raffle-now">
      <div className="raffle-now-head">
        <h2 id="raffle-now">
          <Trans>This week’s draw</Trans>
        </h2>
        <DrawCountdown drawAt={current.drawAt} />
        <p className="raffle-when">
          <Trans>The draw: {when}</Trans>
        </p>
      </div>
      <dl className="raffle-stats">
        <div>
          <dt>
            <Trans>My tickets</Trans>
          </dt>
          <dd>{current.tickets.toLocaleString(i18n.locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans>All tickets</Trans>
          </dt>
          <dd>{current.totalTickets.toLocaleString(i18n.locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Entrants</Trans>
          </dt>
          <dd>{current.entrants.toLocaleString(i18n.locale)}</dd>
        </div>
      </dl>
      <p className="raffle-price">
        <Trans>One ticket for every {price} of valid bets this week.</Trans>
      </p>
      <div className="raffle-join">
        {current.joined ? (
          <p className="raffle-in" role="status">
            <span aria-hidden="true">✓</span> <Trans>You’re in</Trans>
          </p>
        ) : (
          <button
            type="button"
            className="button button-primary raffle-join-button"
            disabled={join.isPending}
            onClick={() => join.mutate({ promotionId: status.promotionId })}
          >
            {join.isPending ? <Trans>Joining…</Trans> : <Trans>Join the draw</Trans>}
          </button>
        )}
        <p className="raffle-hint">
          {current.joined ? (
            <Trans>Keep playing: your valid bets this week add tickets until the draw.</Trans>
          ) : (
            <Trans>Join free: your valid bets of the whole week count, even those before you join.</Trans>
          )}
        </p>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <dl className="raffle-hashes">
        <Hash
          label={t`Commitment (SHA-256 of the seed, fixed before the week began)`}
          value={current.commitment}
        />
      </dl>
    </section>
  )
}

function Verify({ status, last }: { status: RaffleStatus; last: Drawn }) {
  const { t } = useLingui()
  const total = last.totalTickets
  const message = `${status.promotionId}:${last.period}:0`
  const possible = canCheck()
  const check = useQuery({
    queryKey: ['raffle-check', status.promotionId, last.period, last.seed, last.commitment],
    queryFn: () => checkDraw(status.promotionId, status.prizes, last),
    enabled: possible,
    staleTime: Infinity,
  })
  const c = check.data
  const line = (ok: boolean, text: ReactNode) => (
    <li className={ok ? 'raffle-ok' : 'raffle-bad'}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {text}
    </li>
  )
  return (
    <div className="raffle-verify" aria-live="polite">
      <h3>
        <Trans>Check the draw</Trans>
      </h3>
      {!possible ? (
        <p className="raffle-hint">
          <Trans>This page cannot run the check here: open it over https to check the draw.</Trans>
        </p>
      ) : check.isError ? (
        <p className="raffle-verdict raffle-bad">
          <Trans>The check could not run.</Trans>
        </p>
      ) : !c ? (
        <p className="raffle-hint">
          <Trans>Checking in your browser…</Trans>
        </p>
      ) : (
        <>
          <p className={`raffle-verdict ${drawChecked(c) ? 'raffle-ok' : 'raffle-bad'}`}>
            {drawChecked(c) ? (
              <Trans>Verified ✓</Trans>
            ) : (
              <Trans>Mismatch: this draw does not check out</Trans>
            )}
          </p>
          <ul className="raffle-checks">
            {line(
              c.commitment,
              <Trans>SHA-256 of the seed equals the commitment shown before the week began.</Trans>,
            )}
            {line(c.tickets, <Trans>The tickets are numbered from 1 to {total}, each held once.</Trans>)}
            {line(
              c.winners,
              <Trans>
                The winners drawn again in your browser from the seed and the tickets are those above.
              </Trans>,
            )}
          </ul>
        </>
      )}
      <details className="raffle-details">
        <summary>
          <Trans>Seed, commitment and how it works</Trans>
        </summary>
        <dl className="raffle-hashes">
          <Hash label={t`Seed (published with the result)`} value={last.seed} />
          <Hash label={t`Commitment (shown before the week began)`} value={last.commitment} />
        </dl>
        <p className="raffle-hint">
          <Trans>
            Each ticket is drawn from HMAC-SHA-256 keyed by the seed over “{message}”, then “…:1” and so on,
            read 4 bytes at a time; a member wins once. The seed was fixed before the week began: its SHA-256,
            the commitment, was shown from the first day.
          </Trans>
        </p>
      </details>
    </div>
  )
}

function LastDraw({ status, last, currency }: { status: RaffleStatus; last: Drawn; currency: Currency }) {
  const wallDay = useWallDay()
  const zoneDate = useZoneDate(status.timeZone)
  const week = wallDay(last.period)
  const when = zoneDate(last.drawnAt)
  const total = last.totalTickets
  const mine = last.entries.find((e) => e.mine)
  const first = mine?.firstTicket ?? 0
  const end = first + (mine?.tickets ?? 1) - 1
  return (
    <section className="raffle-block" aria-labelledby="raffle-last">
      <h2 id="raffle-last">
        <Trans>Last draw: week of {week}</Trans>
      </h2>
      <p className="raffle-when">
        <Trans>
          Drawn {when} from {total} tickets
        </Trans>
      </p>
      {mine ? (
        <p className="raffle-hint">
          {mine.tickets === 1 ? (
            <Trans>Your ticket: #{first}</Trans>
          ) : (
            <Trans>
              Your tickets: #{first} to #{end}
            </Trans>
          )}
        </p>
      ) : null}
      {last.winners.length === 0 ? (
        <p className="raffle-hint">
          <Trans>No one held a ticket: no prize was drawn.</Trans>
        </p>
      ) : (
        <table className="raffle-winners">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Rank</Trans>
              </th>
              <th scope="col">
                <Trans>Player</Trans>
              </th>
              <th scope="col">
                <Trans>Ticket</Trans>
              </th>
              <th scope="col" className="raffle-num">
                <Trans>Prize</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {last.winners.map((w) => (
              <tr key={`${w.rank}-${w.ticket}`} className={w.mine ? 'raffle-mine' : undefined}>
                <td>
                  <RankBadge rank={w.rank} />
                </td>
                <td>
                  <span className="raffle-account">{w.account}</span>
                  {w.mine ? (
                    <span className="raffle-you">
                      <Trans>You</Trans>
                    </span>
                  ) : null}
                </td>
                <td className="raffle-ticket">#{w.ticket}</td>
                <td className="raffle-num">
                  <strong>{showMoney(w.amount, currency)}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Verify status={status} last={last} />
    </section>
  )
}

function MemberRaffle({ promotionId }: { promotionId: number }) {
  const { t } = useLingui()
  const currency = useBrandCurrency()
  const status = useQuery(raffleStatusQueryOptions(promotionId))
  const s = status.data
  if (!s) {
    return status.isError ? (
      <EmptyState title={<Trans>The raffle could not be loaded.</Trans>}>
        <button type="button" className="button" onClick={() => void status.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </EmptyState>
    ) : (
      <div className="raffle-loading">
        <Skeleton lines={5} label={t`Loading the raffle`} />
      </div>
    )
  }
  return (
    <>
      {s.current ? (
        <ThisWeek status={s} current={s.current} currency={currency} />
      ) : (
        <p className="raffle-block raffle-hint">
          <Trans>No draw is open now.</Trans>
        </p>
      )}
      <Prizes status={s} currency={currency} />
      {s.last ? <LastDraw status={s} last={s.last} currency={currency} /> : null}
    </>
  )
}

/** For a visitor or a trial account: what the raffle is, and the way in. */
function VisitorRaffle({ viewer }: { viewer: Exclude<Viewer, 'member'> }) {
  return (
    <section className="raffle-block raffle-now" aria-labelledby="raffle-now">
      <h2 id="raffle-now">
        <Trans>Weekly draw</Trans>
      </h2>
      <ol className="raffle-steps">
        <li>
          <Trans>Join the draw for free.</Trans>
        </li>
        <li>
          <Trans>Your valid bets of the week earn tickets.</Trans>
        </li>
        <li>
          <Trans>After the week, winners are drawn from a seed fixed in advance: anyone can check it.</Trans>
        </li>
      </ol>
      <div className="raffle-join">
        <button
          type="button"
          className="button button-primary raffle-join-button"
          onClick={() => openModal(viewer === 'guest' ? 'needRealAccount' : 'register')}
        >
          <Trans>Register to join</Trans>
        </button>
        {viewer === 'visitor' ? (
          <button type="button" className="button raffle-login" onClick={() => openModal('login')}>
            <Trans>Log in</Trans>
          </button>
        ) : null}
      </div>
    </section>
  )
}

export function RafflePanel({ promotionId, viewer }: { promotionId: number; viewer: Viewer }) {
  return (
    <div className="raffle">
      <FeatureStyles name="raffle" css={css} />
      {viewer === 'member' ? <MemberRaffle promotionId={promotionId} /> : <VisitorRaffle viewer={viewer} />}
    </div>
  )
}
