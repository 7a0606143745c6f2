/**
 * The missions hub (member centre page missionLeaderboard, decision 030 section 7): the
 * 7-day sign-in strip with Check in, the newbie tasks, the rescue task, the milestones and
 * the week's leaderboard. A check-in or a claim confirms inline and refreshes the summary,
 * so the badge on the menu entry and on the tab bar's Me drops.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Mission, MissionReward, SignIn } from '#contract/missions'
import { showMoney, type Currency } from '#contract/money'
import { FormError } from '../../../../components/ui/form-error'
import { Skeleton } from '../../../../components/ui/skeleton'
import { brandQueryOptions } from '../../../../lib/brand-query'
import { errorText } from '../../../../lib/error-messages'
import {
  leaderboardQueryOptions,
  milestonesQueryOptions,
  missionSummaryQueryOptions,
  useClaimMission,
} from '../api/missions'
import { MissionStyles } from './mission-styles'

function useCurrency(): Currency {
  const { data } = useSuspenseQuery(brandQueryOptions())
  return { symbol: data.currencySymbol, decimals: data.currencyDecimals }
}

function useRewardText(): (r: MissionReward) => string {
  const { t } = useLingui()
  const currency = useCurrency()
  return (r) => {
    if (r.kind !== 'points') return showMoney(r.amount, currency)
    const points = r.amount
    return t`${points} points`
  }
}

/** Whether the page runs from the home screen (the newbie task appInstalled pays only there). */
function standalone(): boolean {
  if (typeof window === 'undefined') return false
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

export function MissionHub() {
  const { t, i18n } = useLingui()
  const summary = useQuery(missionSummaryQueryOptions(i18n.locale))
  const [done, setDone] = useState<string | null>(null)
  if (!summary.data) {
    return summary.isError ? (
      <FormError text={t`The missions could not be loaded. Please try again.`} />
    ) : (
      <Skeleton lines={5} label={t`Loading`} />
    )
  }
  const { list, signIn } = summary.data
  const newbie = list.filter((m) => m.kind === 'newbie' && m.state !== 'closed')
  const rescue = list.filter((m) => m.kind === 'rescue')
  return (
    <div className="missions">
      <MissionStyles />
      {done ? (
        <p className="missions-done" role="status">
          {done}
        </p>
      ) : null}
      {signIn ? <SignInStrip signIn={signIn} onDone={setDone} /> : null}
      {newbie.length > 0 ? (
        <section aria-labelledby="missions-newbie">
          <h4 id="missions-newbie">
            <Trans>Newbie tasks</Trans>
          </h4>
          <ul className="mission-cards">
            {newbie.map((m) => (
              <MissionCard key={m.id} mission={m} onDone={setDone} />
            ))}
          </ul>
        </section>
      ) : null}
      {rescue.length > 0 ? (
        <section aria-labelledby="missions-rescue">
          <h4 id="missions-rescue">
            <Trans>Rescue</Trans>
          </h4>
          <ul className="mission-cards">
            {rescue.map((m) => (
              <MissionCard key={m.id} mission={m} onDone={setDone} />
            ))}
          </ul>
        </section>
      ) : null}
      <Milestones onDone={setDone} />
      <LeaderboardTable />
    </div>
  )
}

function SignInStrip({ signIn, onDone }: { signIn: SignIn; onDone: (text: string) => void }) {
  const { t, i18n } = useLingui()
  const rewardText = useRewardText()
  const check = useClaimMission({
    onSuccess: (r) => {
      const day = r.claim.streakDay ?? 1
      const reward = rewardText(r.claim.reward)
      onDone(t`Checked in: day ${day}, ${reward} added.`)
    },
  })
  const today = signIn.today
  const next = today === 7 ? 1 : today + 1
  return (
    <section aria-labelledby="missions-sign-in" className="sign-in">
      <h4 id="missions-sign-in">
        <Trans>7-day sign-in</Trans>
      </h4>
      <ol className="sign-in-days">
        {signIn.days.map((d) => {
          const day = d.day
          const state = d.checkedIn ? 'done' : d.day === today ? 'today' : 'later'
          return (
            <li key={d.day} className={`sign-in-day sign-in-day-${state}`} aria-current={state === 'today'}>
              <span className="sign-in-day-name">{t`Day ${day}`}</span>
              <span className="sign-in-day-reward">+{d.reward.amount}</span>
              {d.checkedIn ? (
                <span className="sign-in-day-mark" aria-label={t`Checked in`}>
                  ✓
                </span>
              ) : null}
            </li>
          )
        })}
      </ol>
      {signIn.checkedInToday ? (
        <p className="sign-in-note">
          <Trans>Checked in today. Come back tomorrow for day {next}.</Trans>
        </p>
      ) : (
        <button
          type="button"
          className="button button-primary sign-in-button"
          disabled={check.isPending}
          onClick={() => check.mutate({ missionId: signIn.missionId })}
        >
          <Trans>Check in</Trans>
        </button>
      )}
      {check.error ? <p className="mission-error">{errorText(i18n, check.error)}</p> : null}
    </section>
  )
}

function MissionCard({ mission: m, onDone }: { mission: Mission; onDone: (text: string) => void }) {
  const { t, i18n } = useLingui()
  const rewardText = useRewardText()
  const claim = useClaimMission({
    onSuccess: (r) => {
      const reward = rewardText(r.claim.reward)
      onDone(t`${reward} added.`)
    },
  })
  const title = m.title
  const needsApp = m.goal === 'appInstalled' && m.state === 'inProgress'
  const canClaim = m.state === 'claim' || (needsApp && standalone())
  return (
    <li className="mission-card">
      <div className="mission-card-text">
        <span className="mission-title">{m.title}</span>
        <span className="mission-reward">{rewardText(m.reward)}</span>
      </div>
      {canClaim ? (
        <button
          type="button"
          className="button button-primary"
          disabled={claim.isPending}
          aria-label={t`Claim ${title}`}
          onClick={() => claim.mutate({ missionId: m.id, ...(needsApp ? { installed: true } : {}) })}
        >
          <Trans>Claim</Trans>
        </button>
      ) : (
        <span className={`mission-state mission-state-${m.state}`}>
          {m.state === 'claimed' ? (
            <Trans>Claimed</Trans>
          ) : m.state === 'closed' ? (
            <Trans>Nothing to claim today</Trans>
          ) : needsApp ? (
            <Trans>Add the app to your home screen to claim</Trans>
          ) : (
            <Trans>Not done yet</Trans>
          )}
        </span>
      )}
      {claim.error ? <p className="mission-error">{errorText(i18n, claim.error)}</p> : null}
    </li>
  )
}

function Milestones({ onDone }: { onDone: (text: string) => void }) {
  const { t, i18n } = useLingui()
  const currency = useCurrency()
  const rewardText = useRewardText()
  const list = useQuery(milestonesQueryOptions(i18n.locale))
  const claim = useClaimMission({
    onSuccess: (r) => {
      const reward = rewardText(r.claim.reward)
      onDone(t`${reward} added.`)
    },
  })
  if (!list.data || list.data.list.length === 0) return null
  return (
    <section aria-labelledby="missions-milestones">
      <h4 id="missions-milestones">
        <Trans>Milestones</Trans>
      </h4>
      {list.data.list.map((x) => {
        const bets = showMoney(x.validBets, currency)
        return (
          <div key={x.missionId} className="milestone">
            <p className="milestone-head">
              <span className="mission-title">{x.title}</span>
              <span className="milestone-bets">{t`Valid bets: ${bets}`}</span>
            </p>
            <ul className="mission-cards">
              {x.tiers.map((tier) => {
                const target = showMoney(tier.turnover, currency)
                return (
                  <li key={tier.step} className="mission-card">
                    <div className="mission-card-text">
                      <span className="mission-title">{t`Bet ${target}`}</span>
                      <span className="mission-reward">{rewardText(tier.reward)}</span>
                    </div>
                    {tier.state === 'claim' ? (
                      <button
                        type="button"
                        className="button button-primary"
                        disabled={claim.isPending}
                        aria-label={t`Claim ${target}`}
                        onClick={() => claim.mutate({ missionId: x.missionId, step: tier.step })}
                      >
                        <Trans>Claim</Trans>
                      </button>
                    ) : (
                      <span className={`mission-state mission-state-${tier.state}`}>
                        {tier.state === 'claimed' ? <Trans>Claimed</Trans> : <Trans>Not done yet</Trans>}
                      </span>
                    )}
                  </li>
                )
              })}
            </ul>
          </div>
        )
      })}
      {claim.error ? <p className="mission-error">{errorText(i18n, claim.error)}</p> : null}
    </section>
  )
}

function LeaderboardTable() {
  const board = useQuery(leaderboardQueryOptions())
  if (!board.data) return null
  const me = board.data.me
  const rank = me.rank
  const score = me.score
  return (
    <section aria-labelledby="missions-board">
      <h4 id="missions-board">
        <Trans>This week’s leaderboard</Trans>
      </h4>
      {board.data.list.length === 0 ? (
        <p className="sign-in-note">
          <Trans>No one has scored this week yet.</Trans>
        </p>
      ) : (
        <table className="mission-board">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Rank</Trans>
              </th>
              <th scope="col">
                <Trans>Account</Trans>
              </th>
              <th scope="col">
                <Trans>Score</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {board.data.list.map((r) => (
              <tr key={r.rank}>
                <td>{r.rank}</td>
                <td>{r.account}</td>
                <td>{r.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="sign-in-note">
        {rank === null ? (
          <Trans>You have no score this week yet.</Trans>
        ) : (
          <Trans>
            Your rank: {rank}, score {score}
          </Trans>
        )}
      </p>
    </section>
  )
}
