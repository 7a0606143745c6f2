/**
 * The missions' own pages (member centre pages signInTask, newbieTask and rescueTask, opened
 * from the hub; decision 030 section 7): each shows its mission's rules, the member's
 * progress and state, and its Check in or Claim, with the hub's parts. Back, and the page's
 * control back to the hub, return to the hub; Escape closes the member centre.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { MissionSummary } from '#contract/missions'
import { EmptyState } from '../../../../components/ui/empty-state'
import { QueryState } from '../../../../components/ui/query-state'
import { missionRulesQueryOptions, missionSummaryQueryOptions } from '../api/missions'
import { DoneNote, MissionCard, SignInStrip } from './mission-parts'
import { MissionStyles } from './mission-styles'

/** The summary's three faces, and the note of what a check-in or a claim added. */
function TaskPage({
  children,
}: {
  children: (summary: MissionSummary, onDone: (text: string) => void) => ReactNode
}) {
  const { i18n } = useLingui()
  const summary = useQuery(missionSummaryQueryOptions(i18n.locale))
  const [done, setDone] = useState<string | null>(null)
  return (
    <div className="missions">
      <MissionStyles />
      <DoneNote text={done} />
      <QueryState query={summary} lines={5}>
        {(s) => children(s, setDone)}
      </QueryState>
    </div>
  )
}

/** The mission's rules as the operator wrote them, in the member's language. */
function Rules({ missionId }: { missionId: number }) {
  const { i18n } = useLingui()
  const id = `mission-rules-${missionId}`
  return (
    <section aria-labelledby={id}>
      <h4 id={id}>
        <Trans>Rules</Trans>
      </h4>
      <RulesText missionId={missionId} locale={i18n.locale} />
    </section>
  )
}

/**
 * One task's rules folded under its title: a page of several tasks opens each on demand (its
 * rules are read when opened), so every task's rules are a tap away without a long page.
 */
function FoldedRules({ missionId, title }: { missionId: number; title: string }) {
  const { i18n } = useLingui()
  const [open, setOpen] = useState(false)
  return (
    <details className="mission-rules-fold" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{title}</summary>
      {open ? <RulesText missionId={missionId} locale={i18n.locale} /> : null}
    </details>
  )
}

function RulesText({ missionId, locale }: { missionId: number; locale: string }) {
  const rules = useQuery(missionRulesQueryOptions(missionId, locale))
  return (
    <QueryState query={rules} lines={2}>
      {(r) => <p className="mission-rules">{r.rules}</p>}
    </QueryState>
  )
}

function NotRunning() {
  return <EmptyState title={<Trans>This mission is not running for you now.</Trans>} />
}

export function SignInTaskPage() {
  return (
    <TaskPage>
      {({ signIn }, onDone) => {
        if (!signIn) return <NotRunning />
        const checked = signIn.days.filter((d) => d.checkedIn).length
        const total = signIn.days.length
        return (
          <>
            <SignInStrip
              signIn={signIn}
              onDone={onDone}
              head={
                <p className="sign-in-note">
                  <Trans>
                    Checked in {checked} of {total} days
                  </Trans>
                </p>
              }
            />
            <Rules missionId={signIn.missionId} />
          </>
        )
      }}
    </TaskPage>
  )
}

export function NewbieTaskPage() {
  return (
    <TaskPage>
      {({ list }, onDone) => {
        const tasks = list.filter((m) => m.kind === 'newbie' && m.state !== 'closed')
        if (tasks.length === 0) return <NotRunning />
        const finished = tasks.filter((m) => m.state === 'claim' || m.state === 'claimed').length
        const total = tasks.length
        return (
          <>
            <p className="sign-in-note">
              <Trans>
                {finished} of {total} tasks done
              </Trans>
            </p>
            <ul className="mission-cards">
              {tasks.map((m) => (
                <MissionCard key={m.id} mission={m} onDone={onDone} showProgress />
              ))}
            </ul>
            <section aria-labelledby="newbie-rules">
              <h4 id="newbie-rules">
                <Trans>Rules</Trans>
              </h4>
              {tasks.map((m) => (
                <FoldedRules key={m.id} missionId={m.id} title={m.title} />
              ))}
            </section>
          </>
        )
      }}
    </TaskPage>
  )
}

export function RescueTaskPage() {
  return (
    <TaskPage>
      {({ list }, onDone) => {
        const rescue = list.find((m) => m.kind === 'rescue')
        if (!rescue) return <NotRunning />
        return (
          <>
            <ul className="mission-cards">
              <MissionCard mission={rescue} onDone={onDone} />
            </ul>
            <Rules missionId={rescue.id} />
          </>
        )
      }}
    </TaskPage>
  )
}
