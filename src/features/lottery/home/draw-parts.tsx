/**
 * The small pieces every lottery screen draws: a result as balls, and an issue's countdown.
 * Kept apart from the lobby so the home page's row carries only these.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import type { Issue } from '#contract/lottery'
import { formatRemaining } from '../clock'
import './draw-parts.css'

/** A result's digits as balls; the whole number is read once by a screen reader. */
export function ResultBalls({ main, size = 'normal' }: { main: string | null; size?: 'small' | 'normal' }) {
  const { t } = useLingui()
  if (main === null) {
    return (
      <span className="lott-balls lott-balls-pending">
        <Trans>Not drawn yet</Trans>
      </span>
    )
  }
  return (
    <span className={`lott-balls lott-balls-${size}`} role="img" aria-label={t`Result ${main}`}>
      {[...main].map((d, i) => (
        <span key={i} className="lott-ball" aria-hidden="true">
          {d}
        </span>
      ))}
    </span>
  )
}

/**
 * The time left on an issue. The figures are a timer a screen reader does not read out
 * each second; the live region says only that a new issue opened.
 */
export function IssueCountdown({
  issue,
  serverNow,
  size = 'big',
  announce = false,
}: {
  issue: Issue | null
  serverNow: number | null
  size?: 'big' | 'small'
  announce?: boolean
}) {
  const { t } = useLingui()
  const [said, setSaid] = useState('')
  const first = useRef(issue?.numero)
  const numero = issue?.numero
  useEffect(() => {
    if (!announce || numero === undefined || numero === first.current) return
    first.current = numero
    setSaid(t`Betting is open on issue ${numero}.`)
  }, [announce, numero, t])

  const remaining = issue && serverNow !== null ? issue.closeAt - serverNow : null
  return (
    <div className={`lott-countdown lott-countdown-${size}`}>
      {issue ? (
        <>
          <span className="lott-countdown-issue">
            <Trans>Issue {issue.numero}</Trans>
          </span>
          <span className="lott-countdown-label">
            <Trans>Closes in</Trans>
          </span>
          <span
            role="timer"
            aria-live="off"
            className={remaining !== null && remaining <= 10_000 ? 'lott-time lott-time-ending' : 'lott-time'}
          >
            {remaining === null ? '--:--' : formatRemaining(remaining)}
          </span>
        </>
      ) : (
        // The countdown's three lines keep their places (blank around "Drawing…"), so the
        // card's name and result balls stay put at each close, in every language's fonts.
        <>
          <span className="lott-countdown-issue lott-countdown-blank" aria-hidden="true">
            {'\u00a0'}
          </span>
          <span className="lott-countdown-label">
            <Trans>Drawing…</Trans>
          </span>
          <span className="lott-time lott-countdown-blank" aria-hidden="true">
            --:--
          </span>
        </>
      )}
      {announce ? (
        <span className="visually-hidden" aria-live="polite">
          {said}
        </span>
      ) : null}
    </div>
  )
}
