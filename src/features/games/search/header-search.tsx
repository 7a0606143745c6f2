/**
 * The header's search across every vendor's games: a button (an icon on a phone, a field's
 * look on a wide screen) opening a sheet whose code loads when it is first opened (or pointed
 * at). The sheet is a history entry of its own at the same address, so the phone's Back
 * closes it; a game launched from it takes its place, and Back from the game finds the search
 * again, with its words.
 */
import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { useBackLayer } from '../../../lib/modal-store'
import './header-search.css'

const loadSheet = () => import('./game-search-sheet')
const GameSearchSheet = lazy(() => loadSheet().then((m) => ({ default: m.GameSearchSheet })))

export function SearchIcon({ size = 22 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z"
      />
    </svg>
  )
}

export function HeaderSearch({ imageHost }: { imageHost: string }) {
  const { t } = useLingui()
  const layer = useBackLayer('gameSearch')
  // Mounted once opened (or when the page opens on the search's own entry, after a reload).
  const [used, setUsed] = useState(false)
  return (
    <>
      <button
        type="button"
        className="header-search-button"
        aria-label={t`Search games`}
        aria-haspopup="dialog"
        aria-expanded={layer.open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true)
          layer.show()
        }}
      >
        <SearchIcon />
        <span className="header-search-text" aria-hidden="true">
          {t`Search games`}
        </span>
      </button>
      {used || layer.open ? (
        <Suspense fallback={null}>
          <GameSearchSheet open={layer.open} close={layer.hide} imageHost={imageHost} />
        </Suspense>
      ) : null}
    </>
  )
}
