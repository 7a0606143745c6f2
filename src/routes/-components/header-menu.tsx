/**
 * The header's menu: one button at the end of the header opening a side sheet (a real
 * dialog: focus moves in and stays, Escape or the close button closes it and focus goes
 * back to the button). A member finds the member centre, money and records, the agent
 * centre (agents) and log out there; everyone finds the language and the theme, app
 * download and help.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRef, useState, type ReactNode } from 'react'
import { icons } from '#contract/first-screen'
import type { Locale } from '#contract/locales'
import { LanguageSwitcher } from '../../components/layout/language-switcher'
import { ThemeSwitcher } from '../../components/layout/theme-switcher'
import { Avatar } from '../../components/ui/avatar'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { Modal } from '../../components/ui/modal'
import { useLogout } from '../../features/auth/use-logout'
import { openProtected } from '../../lib/guards'
import type { MemberCentrePage } from '../../lib/modal-store'
import { isAgentType, useSession } from '../../lib/session'
import './header-menu.css'

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={icons.menu} />
    </svg>
  )
}

export function HeaderMenu({ languages }: { languages: readonly Locale[] }) {
  const { t } = useLingui()
  const s = useSession()
  const logout = useLogout()
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const member = s.token !== null
  const label = member ? t`Account menu` : t`Menu`
  const nickname = s.member?.nickname
  // The name a wide screen shows beside the avatar is part of the button's name too.
  const buttonLabel = member && nickname ? `${label}, ${nickname}` : label
  const close = () => setOpen(false)

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
      <button
        ref={button}
        type="button"
        className={member ? 'header-menu-button header-menu-member' : 'header-menu-button'}
        aria-label={buttonLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {member ? (
          <>
            <Avatar src={s.member?.avatar} size={32} />
            {nickname ? (
              <span className="header-menu-name" aria-hidden="true">
                {nickname}
              </span>
            ) : null}
          </>
        ) : (
          <MenuIcon />
        )}
      </button>
      <Modal open={open} onClose={close} title={label} closeLabel={t`Close`} size="small" placement="side">
        {member ? (
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
