/**
 * The header's account corner: log in and register for visitors; for a member their
 * avatar and name (opening the member centre) and a menu with the account and betting
 * records, the agent centre for agents, and log out behind a confirmation. The menu is a
 * disclosure: Escape or a click elsewhere closes it and focus goes back to its button.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Avatar } from '../../../components/ui/avatar'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { openProtected } from '../../../lib/guards'
import { openModal } from '../../../lib/modal-store'
import { isAgentType, useSession } from '../../../lib/session'
import { useLogout } from '../use-logout'
import './account-area.css'

export function AccountArea() {
  const { t } = useLingui()
  const s = useSession()
  const logout = useLogout()
  const [confirming, setConfirming] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const menuRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!menuOpen) return
    const onPointer = (e: PointerEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setMenuOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setMenuOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [menuOpen])

  if (!s.token) {
    return (
      <>
        <button type="button" className="button button-light" onClick={() => openModal('login')}>
          <Trans>Log in</Trans>
        </button>
        <button type="button" className="button button-accent" onClick={() => openModal('register')}>
          <Trans>Register</Trans>
        </button>
      </>
    )
  }

  const item = (label: ReactNode, action: () => void) => (
    <li>
      <button
        type="button"
        className="button"
        onClick={() => {
          setMenuOpen(false)
          action()
        }}
      >
        {label}
      </button>
    </li>
  )

  return (
    <>
      <button
        type="button"
        className="button button-light account-button"
        onClick={() => openProtected('memberCentre')}
      >
        <Avatar src={s.member?.avatar} />
        <span className="account-name">{s.member?.nickname ?? '…'}</span>
        <span className="visually-hidden">
          <Trans>Member centre</Trans>
        </span>
      </button>
      <div className="account-menu" ref={menuRef}>
        <button
          ref={toggleRef}
          type="button"
          className="button button-light"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={t`Account menu`}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        {menuOpen ? (
          <ul id={menuId} className="account-menu-list" aria-label={t`Account menu`}>
            {item(<Trans>Member centre</Trans>, () => openProtected('memberCentre'))}
            {item(<Trans>Account record</Trans>, () =>
              openProtected('memberCentre', { page: 'transactionHistory' }),
            )}
            {item(<Trans>Betting record</Trans>, () =>
              openProtected('memberCentre', { page: 'personalHistoryCopy' }),
            )}
            {isAgentType(s.member?.type)
              ? item(<Trans>Agent centre</Trans>, () => openProtected('agentCentre'))
              : null}
            {item(<Trans>Log out</Trans>, () => {
              // The menu closes: the confirmation returns focus to the menu's button.
              toggleRef.current?.focus()
              setConfirming(true)
            })}
          </ul>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t`Log out`}
        confirmLabel={t`Log out`}
        cancelLabel={t`Cancel`}
        closeLabel={t`Close`}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          void logout()
        }}
      >
        <p>
          <Trans>Do you want to log out?</Trans>
        </p>
      </ConfirmDialog>
    </>
  )
}
