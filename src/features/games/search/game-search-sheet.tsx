/**
 * The header search's sheet: a search field (typing settles for a moment before the search
 * is sent), then the games of every vendor and type whose name holds the words, as the
 * lobby's tiles (a tap launches the game as a lobby tile does): skeleton tiles while they
 * load, "No games match" when none does. Words too long or holding control characters are
 * refused here with a message, before any request. Escape, the close button and Back close it.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { maxGameSearchLength } from '#contract/games'
import { printable } from '#contract/text'
import { Modal } from '../../../components/ui/modal'
import { ApiError } from '../../../lib/api-client'
import { gameSearchInfiniteOptions } from '../api/get-game-list'
import { GameGrid } from '../components/game-grid'
import { searchDelayMs, useDebounced } from '../use-debounced'
import '../components/games-page.css'

/** The words of the last search in this tab: Back from a game launched here finds them again. */
const wordsKey = 'gameSearchWords'

function readWords(): string {
  try {
    return (sessionStorage.getItem(wordsKey) ?? '').slice(0, 200)
  } catch {
    return ''
  }
}

function keepWords(words: string): void {
  try {
    sessionStorage.setItem(wordsKey, words)
  } catch {
    // Storage refused: the search starts empty next time.
  }
}

export interface GameSearchSheetProps {
  open: boolean
  close: () => void
  imageHost: string
}

export function GameSearchSheet({ open, close, imageHost }: GameSearchSheetProps) {
  const { t } = useLingui()
  return (
    <Modal
      open={open}
      onClose={close}
      title={t`Search games`}
      closeLabel={t`Close`}
      size="large"
      placement="bottom"
    >
      <SearchBody imageHost={imageHost} close={close} />
    </Modal>
  )
}

function SearchBody({ imageHost, close }: { imageHost: string; close: () => void }) {
  const { t } = useLingui()
  const [typed, setTyped] = useState(readWords)
  const fieldId = useId()
  const errorId = useId()
  const onGame = useLocation({ select: (l) => l.pathname === '/game' })
  const words = typed.trim()
  const problem =
    words.length > maxGameSearchLength
      ? t`Search with at most ${maxGameSearchLength} characters.`
      : printable.test(words)
        ? null
        : t`This search cannot be used. Try other words.`
  const term = useDebounced(problem ? '' : words, searchDelayMs)
  const query = useInfiniteQuery({ ...gameSearchInfiniteOptions(term), enabled: term !== '' })

  return (
    <div
      className="game-search"
      // A game started from here on /game replaces the one playing, with no new page: the
      // search closes itself (elsewhere the launch leaves the page, and the search with it).
      onClickCapture={(e) => {
        if (onGame && e.target instanceof Element && e.target.closest('.game-tile-play')) close()
      }}
    >
      <label htmlFor={fieldId} className="visually-hidden">
        {t`Game name`}
      </label>
      <input
        id={fieldId}
        type="search"
        className="lobby-search game-search-field"
        placeholder={t`Part of a game's name`}
        value={typed}
        autoComplete="off"
        enterKeyHint="search"
        data-autofocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => {
          keepWords(e.target.value)
          setTyped(e.target.value)
        }}
      />
      {problem ? (
        <p id={errorId} role="alert" className="form-error">
          {problem}
        </p>
      ) : term === '' ? (
        <p className="game-search-hint">
          <Trans>Type part of a game's name to search every provider.</Trans>
        </p>
      ) : (
        <GameGrid
          query={query}
          imageHost={imageHost}
          label={t`Games matching “${term}”`}
          refusal={(err) =>
            err instanceof ApiError && err.errorCode === 'validation_failed'
              ? t`This search cannot be used. Try other words.`
              : undefined
          }
          empty={<Trans>No games match “{term}”.</Trans>}
        />
      )}
    </div>
  )
}
