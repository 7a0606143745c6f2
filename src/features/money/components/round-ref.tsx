/**
 * A bet's round as a player reads it: a short reference ("#3F2A9C1B", the round number's
 * first eight letters and digits) where the vendor gave a long one (a UUID), the full number
 * one tap away: the short one is a button that shows it, with a button to copy it.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { copyText } from '../../../lib/clipboard'
import { showToast } from '../../../lib/toast-store'

/** Up to this many characters, a round number is shown whole. */
const shortEnough = 12

/** The short reference: the first eight letters and digits, upper case. */
export function shortRoundRef(roundNo: string): string {
  if (roundNo.length <= shortEnough) return roundNo
  return roundNo
    .replace(/[^0-9a-z]/gi, '')
    .slice(0, 8)
    .toUpperCase()
}

export function RoundRef({ roundNo }: { roundNo: string }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const fullId = useId()
  const short = shortRoundRef(roundNo)
  if (short === roundNo) return <span className="round-ref">{roundNo}</span>
  return (
    <span className="round-ref">
      <button
        type="button"
        className="round-ref-short"
        aria-expanded={open}
        aria-controls={fullId}
        aria-label={t`Round ${short}: show the full round number`}
        onClick={() => setOpen((o) => !o)}
      >
        #{short}
      </button>
      {open ? (
        <span id={fullId} className="round-ref-full">
          <code>{roundNo}</code>
          <button
            type="button"
            className="round-ref-copy"
            onClick={() =>
              void copyText(roundNo).then((ok) =>
                showToast(
                  ok ? t`Round number copied.` : t`Could not copy. Press and hold to copy it yourself.`,
                  ok ? 'success' : 'error',
                ),
              )
            }
          >
            <Trans>Copy</Trans>
          </button>
        </span>
      ) : null}
    </span>
  )
}
