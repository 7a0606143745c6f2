/**
 * The header menu's side sheet and its log-out question (src/routes/-components/header-menu.tsx
 * owns the button and the open state). Loaded when the menu is first opened: the first
 * screen only needs the button.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Locale } from '#contract/locales'
import { LanguageSwitcher } from '../../components/layout/language-switcher'
import { ThemeSwitcher } from '../../components/layout/theme-switcher'
import { Avatar } from '../../components/ui/avatar'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { Modal } from '../../components/ui/modal'
import { openProtected } from '../../lib/guards'
import type { MemberCentrePage } from '../../lib/modal-store'
import { isAgentType, isGuestType, useSession } from '../../lib/session'
import { useLogout } from '../../lib/use-logout'

export interface HeaderMenuSheetProps {
  languages: readonly Locale[]
  /** The sheet's title: "Account menu" for a member, "Menu" for a visitor. */
  label: string
  open: boolean
  close: () => void
  confirming: boolean
  setConfirming: (v: boolean) => void
}

export function HeaderMenuSheet({
  languages,
  label,
  open,
  close,
  confirming,
  setConfirming,
}: HeaderMenuSheetProps) {
  const { t } = useLingui()
  const s = useSession()
  const logout = useLogout()
  const member = s.token !== null
  const guest = member && isGuestType(s.member?.type)

  const centre = (page?: MemberCentrePage) => () => {
    close()
    openProtected('memberCentre', page ? { page } : {})
  }
  const item = (key: string, text: ReactNode, onClick: () => void) => (
    <li key={key}>
      <button type="button" className="menu-item" onClick={onClick}>
        {text}
      </button>
    </li>
  )

  return (
    <>
      <Modal open={open} onClose={close} title={label} closeLabel={t`Close`} size="small" placement="side">
        {guest ? (
          <ul className="menu-list">
            {item('register', <Trans>Register to play for real</Trans>, () => {
              close()
              void logout({ thenRegister: true })
            })}
          </ul>
        ) : member ? (
          <>
            <button type="button" className="menu-member" onClick={centre()}>
              <Avatar src={s.member?.avatar} size={44} />
              <span className="menu-member-text">
                <strong className="menu-member-name">{s.member?.nickname ?? '…'}</strong>
                <span className="muted">
                  <Trans>Member centre</Trans>
                </span>
              </span>
            </button>
            <ul className="menu-list">
              {item('deposit', <Trans>Deposit</Trans>, centre('depositv2'))}
              {item('withdraw', <Trans>Withdrawal</Trans>, centre('withdraw'))}
              {item('record', <Trans>Account record</Trans>, centre('transactionHistory'))}
              {item('bets', <Trans>Betting record</Trans>, centre('personalHistoryCopy'))}
              {isAgentType(s.member?.type)
                ? item('agent', <Trans>Agent centre</Trans>, () => {
                    close()
                    openProtected('agentCentre')
                  })
                : null}
            </ul>
          </>
        ) : null}
        <div className="menu-settings">
          <LanguageSwitcher available={languages} labelled />
          <ThemeSwitcher labelled />
        </div>
        <ul className="menu-list">
          <li>
            <Link to="/promotions" className="menu-item" onClick={close}>
              <Trans>Promotions</Trans>
            </Link>
          </li>
          <li>
            <Link to="/down" className="menu-item" onClick={close}>
              <Trans>App download</Trans>
            </Link>
          </li>
          <li>
            <Link to="/helpmc" className="menu-item" onClick={close}>
              <Trans>Help centre</Trans>
            </Link>
          </li>
          {member
            ? item('logout', <Trans>Log out</Trans>, () => {
                close()
                setConfirming(true)
              })
            : null}
        </ul>
      </Modal>
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
