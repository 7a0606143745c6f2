/**
 * A running game's menu on a phone, where the game fills the screen (game-frame.css): a small
 * handle in the top-left corner, a real button, opens a bottom sheet with the game's name,
 * the balance (the route hands it in: games do not import money), free play marked as play
 * money with a way to play for real, and Exit game. Escape, the close button and the phone's
 * Back close the sheet (a history entry of its own at the same address); Back with the sheet
 * closed leaves the game as before. Wide screens keep the header and the game's bar instead,
 * and CSS hides the handle there.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Modal } from '../../../components/ui/modal'
import { useBackLayer } from '../../../lib/modal-store'

export interface GameMenuProps {
  name: string
  trial: boolean
  /** A trial account's game, played with its play money. */
  playMoney: boolean
  /** The member's balance with its refresh button; null for a visitor playing free. */
  balance: ReactNode
  exit: (fromLayer: boolean) => void
  playForReal: () => void
}

export function GameMenu({ name, trial, playMoney, balance, exit, playForReal }: GameMenuProps) {
  const { t } = useLingui()
  const layer = useBackLayer('gameMenu')
  return (
    <>
      <button
        type="button"
        className="game-handle"
        aria-label={t`Game menu`}
        aria-haspopup="dialog"
        aria-expanded={layer.open}
        onClick={layer.show}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
      </button>
      <Modal
        open={layer.open}
        onClose={layer.hide}
        title={name}
        closeLabel={t`Close`}
        size="small"
        placement="bottom"
      >
        <div className="game-menu">
          {balance ? <div className="game-menu-balance">{balance}</div> : null}
          {trial ? (
            <div className="game-menu-trial">
              <p>
                <span className="play-tag">
                  <Trans>Free play</Trans>
                </span>{' '}
                <Trans>Play money: these rounds do not touch your balance.</Trans>
              </p>
              <button type="button" className="button button-primary" onClick={playForReal}>
                <Trans>Play for real</Trans>
              </button>
            </div>
          ) : playMoney ? (
            <div className="game-menu-trial">
              <p>
                <span className="play-tag">
                  <Trans>Play money</Trans>
                </span>{' '}
                <Trans>These rounds use your play money, not real money.</Trans>
              </p>
              <button type="button" className="button button-primary" onClick={playForReal}>
                <Trans>Register to play for real</Trans>
              </button>
            </div>
          ) : null}
          <button
            type="button"
            className="button game-menu-exit"
            data-autofocus
            onClick={() => exit(layer.open)}
          >
            <Trans>Exit game</Trans>
          </button>
        </div>
      </Modal>
    </>
  )
}
