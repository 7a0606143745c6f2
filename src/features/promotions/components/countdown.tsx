/**
 * A countdown to when a promotion's state changes by the clock ("Ends in 2d 4h", "Next claim
 * in 03:12:09"), with the moment itself on the brand's clock (the answer's time zone) as the
 * time's title, whatever zone the phone is in. Each one ticks on its own, so a second passing
 * redraws a few words, never the list; at zero the promotions are read again for their new
 * states.
 */
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import type { Promotion } from '#contract/promotions'
import { brandDateTime } from '../../../lib/date-format'
import { promotionsRootKey } from '../api/promotion-keys'

const day = 86_400_000

/** The time left as "2d 4h" from a day up, else "03:12:09". */
export function useLeftText(ms: number): string {
  const { t } = useLingui()
  const left = Math.max(0, ms)
  if (left >= day) {
    const d = Math.floor(left / day)
    const h = Math.floor((left % day) / 3_600_000)
    return t`${d}d ${h}h`
  }
  const s = Math.floor(left / 1000)
  const pad = (n: number) => n.toString().padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}

function Left({ ms, kind }: { ms: number; kind: 'starts' | 'ends' | 'next' }) {
  const { t } = useLingui()
  const left = useLeftText(ms)
  if (kind === 'starts') return <>{t`Starts in ${left}`}</>
  if (kind === 'next') return <>{t`Next claim in ${left}`}</>
  return <>{t`Ends in ${left}`}</>
}

/** What the countdown counts to, by the state it ends. */
export function countdownKind(p: Promotion): 'starts' | 'ends' | 'next' {
  if (p.state === 'comingSoon') return 'starts'
  // Nothing to claim this period: the next one may pay.
  if (p.state === 'closed' && p.reason === 'nothingToClaim') return 'next'
  if (p.frequency !== 'once' && ['claimed', 'inProgress', 'rejected', 'applying'].includes(p.state))
    return 'next'
  return 'ends'
}

/**
 * One clock for every countdown on the page, read to the second: one timer however many
 * cards count down. Null on the server and while hydrating, so both draw the same page.
 */
let second = 0
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined
function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (!timer) {
    timer = setInterval(() => {
      second = Math.floor(Date.now() / 1000)
      for (const l of listeners) l()
    }, 1000)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      clearInterval(timer)
      timer = undefined
    }
  }
}
function nowSecond(): number {
  // Read fresh when nothing ticks yet (the first render after hydration).
  if (!timer) second = Math.floor(Date.now() / 1000)
  return second
}

/** The page's clock in seconds, shared by every countdown (null on the server and while hydrating). */
export function useNowSecond(): number | null {
  return useSyncExternalStore(subscribe, nowSecond, () => null)
}

export function Countdown({ promotion, timeZone }: { promotion: Promotion; timeZone?: string | undefined }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const to = promotion.changesAt
  const now = useNowSecond()
  const over = to !== null && now !== null && now * 1000 >= to
  useEffect(() => {
    // At zero the state changes on the server: read the promotions again.
    if (over) void queryClient.invalidateQueries({ queryKey: promotionsRootKey })
  }, [over, queryClient])
  if (to === null || now === null) return null
  return (
    <p className="promotion-countdown">
      <time dateTime={new Date(to).toISOString()} title={brandDateTime(i18n.locale, to, timeZone)}>
        <Left ms={to - now * 1000} kind={countdownKind(promotion)} />
      </time>
    </p>
  )
}
