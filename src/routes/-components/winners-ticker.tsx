/**
 * The winners ticker: the latest big wins from the winners board (play.winnerBoard), each
 * as masked name, payout, game and multiplier (no sentence, so it reads the same in every
 * language and the server's first screen draws it the same way), one line running sideways
 * (still, and scrollable by hand, for a player who asked for reduced motion; held while the
 * pointer or focus is on it). No wins, no ticker.
 */
import { useLingui } from '@lingui/react/macro'
import { icons } from '#contract/first-screen'
import type { Currency } from '#contract/money'
import { showMoney } from '#contract/money'
import type { Winner } from '#contract/play'

function Wins({ list, currency }: { list: readonly Winner[]; currency: Currency }) {
  return (
    <>
      {list.map((w) => (
        <li key={`${w.username}-${w.gameId}-${w.time}`} className="winner">
          <span className="winner-name">{w.username}</span>{' '}
          <strong className="winner-payout">{showMoney(w.payout, currency)}</strong>{' '}
          <span className="winner-game">{w.gameName}</span>{' '}
          <span className="winner-multiplier">×{w.multiplier}</span>
        </li>
      ))}
    </>
  )
}

export function WinnersTicker({ list, currency }: { list: readonly Winner[]; currency: Currency }) {
  const { t } = useLingui()
  if (list.length === 0) return null
  return (
    <section className="winners-ticker" aria-label={t`Big wins`}>
      <svg className="winners-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d={icons.trophy} />
      </svg>
      {/* Focusable so a keyboard can hold the run and scroll it, as a scrolling region must be
          (axe's scrollable-region-focusable); the section around it names it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is focusable */}
      <div className="winners-window" tabIndex={0}>
        <div className="winners-run">
          <ul className="winners-list">
            <Wins list={list} currency={currency} />
          </ul>
          {/* The second copy makes the run seamless; it is read once. */}
          <ul className="winners-list winners-copy" aria-hidden="true">
            <Wins list={list} currency={currency} />
          </ul>
        </div>
      </div>
    </section>
  )
}
