/**
 * A Copy button for one detail of a transfer (the bank, the account, the reference): the
 * value goes to the clipboard and the button says "Copied" for a moment; a screen reader
 * hears "<label> copied" from a polite status line. Where the clipboard is refused, the
 * button says so and the value stays on screen to copy by hand.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'

type State = 'idle' | 'copied' | 'failed'

async function writeClipboard(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text)
    return
  }
  throw new Error('no clipboard')
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui()
  const [state, setState] = useState<State>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  async function copy() {
    clearTimeout(timer.current)
    try {
      await writeClipboard(value)
      setState('copied')
    } catch {
      setState('failed')
    }
    timer.current = setTimeout(() => setState('idle'), 2500)
  }

  return (
    <>
      {/* Its name is what it shows and what it copies ("Copy Account number", then "Copied
          Account number"): the words on screen always begin the name a reader hears. */}
      <button
        type="button"
        className="copy-button"
        data-state={state}
        aria-label={state === 'copied' ? t`Copied ${label}` : t`Copy ${label}`}
        onClick={() => void copy()}
      >
        {state === 'copied' ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
      </button>
      <span role="status" className="visually-hidden">
        {state === 'copied'
          ? t`${label} copied`
          : state === 'failed'
            ? t`Could not copy. Select the text to copy it.`
            : ''}
      </span>
    </>
  )
}
