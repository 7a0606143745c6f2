/**
 * The parts of the missions pages shared by the hub (mission-hub.tsx) and the task pages
 * (task-pages.tsx): the 7-day sign-in strip with Check in, a mission's card with its state
 * and its Claim, and the reward's text. A check-in or a claim refreshes the summary, so the
 * badges drop.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useEffect, useRef, type ReactNode } from 'react'
import type { Mission, MissionReward, SignIn } from '#contract/missions'
import { showMoney, type Currency } from '#contract/money'
import { brandQueryOptions } from '../../../../lib/brand-query'
import { errorText } from '../../../../lib/error-messages'
import { useClaimMission } from '../api/missions'

export function useCurrency(): Currency {
  const { data } = useSuspenseQuery(brandQueryOptions())
  return { symbol: data.currencySymbol, decimals: data.currencyDecimals }
}

export function useRewardText(): (r: MissionReward) => string {
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

export function SignInStrip({
  signIn,
  onDone,
  more,
  head,
}: {
  signIn: SignIn
  onDone: (text: string) => void
  /** Beside the heading: the hub's way to the sign-in's own page. */
  more?: ReactNode
  /** In place of the heading, on the sign-in's own page (whose title says it already). */
  head?: ReactNode
}) {
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
    <section
      aria-labelledby={head ? undefined : 'missions-sign-in'}
      aria-label={head ? t`7-day sign-in` : undefined}
      className="sign-in"
    >
      {head ?? (
        <div className="mission-section-head">
          <h4 id="missions-sign-in">
            <Trans>7-day sign-in</Trans>
          </h4>
          {more}
        </div>
      )}
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

export function MissionCard({
  mission: m,
  onDone,
  showProgress = false,
}: {
  mission: Mission
  onDone: (text: string) => void
  /** The steps done against the target, as a bar (the task pages; the hub keeps it short). */
  showProgress?: boolean
}) {
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
        {/* A reward of 0 (the rescue on a day without a loss) says nothing a player can use. */}
        {Number(m.reward.amount) > 0 ? <span className="mission-reward">{rewardText(m.reward)}</span> : null}
        {showProgress && m.progress ? (
          <MissionProgress title={title} done={m.progress.done} target={m.progress.target} />
        ) : null}
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

/** Steps done against the target ("1 of 1"), as a bar with the figures in words. */
function MissionProgress({ title, done, target }: { title: string; done: string; target: string }) {
  const { t } = useLingui()
  const max = Number(target)
  const value = Math.min(Number(done), max)
  return (
    <span className="mission-progress">
      <progress max={max > 0 ? max : 1} value={max > 0 ? value : 0} aria-label={t`Progress: ${title}`} />
      <span>{t`${done} of ${target} done`}</span>
    </span>
  )
}

/** The hub's way to a mission's own page: its rules, progress and state. */
export function MoreButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useLingui()
  return (
    <button
      type="button"
      className="mission-more"
      aria-label={t`Rules and progress: ${name}`}
      onClick={onClick}
    >
      <Trans>Rules and progress</Trans>
      <span aria-hidden="true"> ›</span>
    </button>
  )
}

/**
 * What a check-in or a claim added. The button pressed is gone with the state it changed, so
 * focus moves here: it stays in the member centre and the news is read out.
 */
export function DoneNote({ text }: { text: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (text) ref.current?.focus()
  }, [text])
  if (!text) return null
  return (
    <p ref={ref} tabIndex={-1} className="missions-done" role="status">
      {text}
    </p>
  )
}
