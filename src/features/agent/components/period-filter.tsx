/**
 * The period every team report is read for: today, yesterday, this week, this month, or
 * two chosen days. The chips and the date fields, the query part they make, and the note
 * of the days the server read.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { TeamPeriod } from '#contract/agent'
import { TextField } from '../../../components/ui/text-field'
import { calendarDay, zoneOffsetLabel } from '../../../lib/date-format'
import { useBrandZone } from '../../../lib/use-brand-dates'
import { dayString, todayIn } from '../../../lib/zone-days'

export interface PeriodQuery {
  period: TeamPeriod
  from?: string
  to?: string
}

export interface PeriodState {
  period: TeamPeriod
  from: string
  to: string
  setPeriod: (p: TeamPeriod) => void
  setFrom: (day: string) => void
  setTo: (day: string) => void
  /** The period as the report's query: from and to only for a chosen range. */
  query: PeriodQuery
  /** False while a chosen range lacks a day: nothing is asked then. */
  ready: boolean
}

/** The chosen period, today first; `onChange` runs on every change (to go back to page 1). */
export function usePeriod(onChange?: () => void): PeriodState {
  const [period, setPeriod] = useState<TeamPeriod>('today')
  // The date fields start at the brand's today: the server reads the days on its clock.
  const zone = useBrandZone()
  const [from, setFrom] = useState(() => dayString(todayIn(zone)))
  const [to, setTo] = useState(() => dayString(todayIn(zone)))
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v)
      onChange?.()
    }
  return {
    period,
    from,
    to,
    setPeriod: changed(setPeriod),
    setFrom: changed(setFrom),
    setTo: changed(setTo),
    query: period === 'range' ? { period, from, to } : { period },
    ready: period !== 'range' || (from !== '' && to !== ''),
  }
}

/** The period chips, and the two date fields when the range is chosen. */
export function PeriodFilter({ state }: { state: PeriodState }) {
  const { t } = useLingui()
  const { period, from, to } = state
  const periods: { value: TeamPeriod; label: string }[] = [
    { value: 'today', label: t`Today` },
    { value: 'yesterday', label: t`Yesterday` },
    { value: 'thisWeek', label: t`This week` },
    { value: 'thisMonth', label: t`This month` },
    { value: 'range', label: t`Choose dates` },
  ]
  return (
    <>
      <div className="agent-chips" role="group" aria-label={t`Period`}>
        {periods.map((p) => (
          <button
            key={p.value}
            type="button"
            className="agent-chip"
            aria-pressed={period === p.value}
            onClick={() => state.setPeriod(p.value)}
          >
            {p.label}
          </button>
        ))}
      </div>
      {period === 'range' ? (
        <div className="agent-range">
          <TextField
            label={t`From`}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => state.setFrom(e.target.value)}
          />
          <TextField
            label={t`To`}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => state.setTo(e.target.value)}
          />
        </div>
      ) : null}
    </>
  )
}

/** Said instead of the report while a chosen range lacks a day. */
export function RangeIncomplete() {
  return (
    <p className="muted">
      <Trans>Choose a first and a last day.</Trans>
    </p>
  )
}

/**
 * The days the server read the period as, in the brand's time zone: calendar days in the
 * language's one date form (never moved by the phone's zone), the zone named by its offset.
 */
export function PeriodNote({
  from: fromDay,
  to: toDay,
  timeZone: zoneName,
}: {
  from: string
  to: string
  timeZone: string
}) {
  const { i18n } = useLingui()
  const from = calendarDay(i18n.locale, fromDay)
  const to = calendarDay(i18n.locale, toDay)
  const timeZone = zoneOffsetLabel(zoneName)
  return (
    <p className="muted agent-period-note">
      <Trans>
        From {from} to {to} ({timeZone})
      </Trans>
    </p>
  )
}

/** A class for an amount by its sign: a gain, a loss, or none for zero. */
export function signTone(money: string): string | undefined {
  if (money.startsWith('-')) return 'agent-loss'
  return money.replace(/[0.,]/g, '') ? 'agent-gain' : undefined
}
