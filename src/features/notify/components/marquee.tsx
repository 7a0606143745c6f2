import { useLingui } from '@lingui/react/macro'
import type { Notice } from '#contract/content'
import './marquee.css'

/** The scrolling notice line (type PL); a click opens the notice popup. */
export function Marquee({ notices, onOpen }: { notices: readonly Notice[]; onOpen: () => void }) {
  const { t } = useLingui()
  // Without notices the line keeps its place, so nothing below it jumps when they arrive.
  if (notices.length === 0) return <div className="marquee marquee-empty" aria-hidden="true" />
  const text = notices.map((n) => n.content.replace(/<[^>]*>/g, '')).join('   •   ')
  return (
    <button type="button" className="marquee" onClick={onOpen} aria-label={t`Announcements: ${text}`}>
      <svg className="marquee-icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path
          fill="currentColor"
          d="M3 10v4a1 1 0 0 0 1 1h2l5 4V5L6 9H4a1 1 0 0 0-1 1zm13.5 2A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z"
        />
      </svg>
      <span className="marquee-track" aria-hidden="true">
        <span className="marquee-text">{text}</span>
      </span>
    </button>
  )
}
