/**
 * The missions hub (member centre page missionLeaderboard, decision 030 section 7): the
 * 7-day sign-in strip with Check in, the newbie tasks, the rescue task, the milestones and
 * the week's leaderboard. A check-in or a claim confirms inline and refreshes the summary,
 * so the badge on the menu entry and on the tab bar's Me drops. The sign-in, the newbie
 * tasks and the rescue each open their own page (task-pages.tsx) with the rules and progress.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { showMoney } from '#contract/money'
import { FormError } from '../../../../components/ui/form-error'
import { Skeleton } from '../../../../components/ui/skeleton'
import { errorText } from '../../../../lib/error-messages'
import type { CentrePageProps } from '../../../../lib/popup-registry'
import {
  leaderboardQueryOptions,
  milestonesQueryOptions,
  missionSummaryQueryOptions,
  useClaimMission,
} from '../api/missions'
import { DoneNote, MissionCard, MoreButton, SignInStrip, useCurrency, useRewardText } from './mission-parts'
import { MissionStyles } from './mission-styles'

export function MissionHub({ open }: CentrePageProps) {
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
      <DoneNote text={done} />
      {signIn ? (
        <SignInStrip
          signIn={signIn}
          onDone={setDone}
          more={<MoreButton name={t`7-day sign-in`} onClick={() => open('signInTask')} />}
        />
      ) : null}
      {newbie.length > 0 ? (
        <section aria-labelledby="missions-newbie">
          <div className="mission-section-head">
            <h4 id="missions-newbie">
              <Trans>Newbie tasks</Trans>
            </h4>
            <MoreButton name={t`Newbie tasks`} onClick={() => open('newbieTask')} />
          </div>
          <ul className="mission-cards">
            {newbie.map((m) => (
              <MissionCard key={m.id} mission={m} onDone={setDone} />
            ))}
          </ul>
        </section>
      ) : null}
      {rescue.length > 0 ? (
        <section aria-labelledby="missions-rescue">
          <div className="mission-section-head">
            <h4 id="missions-rescue">
              <Trans>Rescue</Trans>
            </h4>
            <MoreButton name={t`Rescue`} onClick={() => open('rescueTask')} />
          </div>
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
