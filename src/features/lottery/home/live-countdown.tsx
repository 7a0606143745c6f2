/**
 * A countdown that keeps its own time: it redraws each second by itself (the shared second
 * ticker), so the list around it is drawn only when its data changes. The issue shows until
 * its close on the server's clock, then "Drawing…" until the next answer.
 */
import type { Issue } from '#contract/lottery'
import { serverNowAt, useSecondClock } from '../clock'
import { IssueCountdown } from './draw-parts'

export function LiveCountdown({
  issue,
  serverTime,
  receivedAt,
}: {
  issue: Issue | null
  /** The answer's serverTime and when it arrived (the query's dataUpdatedAt). */
  serverTime: number
  receivedAt: number
}) {
  const now = useSecondClock()
  const serverNow = serverNowAt(now, serverTime, receivedAt)
  const open = issue && issue.closeAt > serverNow ? issue : null
  return <IssueCountdown issue={open} serverNow={serverNow} size="small" />
}
