/**
 * The header's menu: one button at the end of the header opening a side sheet (a real
 * dialog: focus moves in and stays, Escape or the close button closes it and focus goes
 * back to the button). A member finds the member centre, money and records, the agent
 * centre (agents) and log out there; everyone finds the language and the theme, app
 * download and help. The sheet's code loads when the menu is first opened (or pointed at).
 */
import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useRef, useState } from 'react'
import { icons } from '#contract/first-screen'
import type { Locale } from '#contract/locales'
import { Avatar } from '../../components/ui/avatar'
import { useSession } from '../../lib/session'
import './header-menu.css'

const loadSheet = () => import('./header-menu-sheet')
const HeaderMenuSheet = lazy(() => loadSheet().then((m) => ({ default: m.HeaderMenuSheet })))

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
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  // The sheet stays mounted once opened, so closing it runs the dialog's own clean-up.
  const [used, setUsed] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const member = s.token !== null
  const label = member ? t`Account menu` : t`Menu`
  const nickname = s.member?.nickname
  // The name a wide screen shows beside the avatar is part of the button's name too.
  const buttonLabel = member && nickname ? `${label}, ${nickname}` : label

  return (
    <>
      <button
        ref={button}
        type="button"
        className={member ? 'header-menu-button header-menu-member' : 'header-menu-button'}
        aria-label={buttonLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
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
      {used ? (
        <Suspense fallback={null}>
          <HeaderMenuSheet
            languages={languages}
            label={label}
            open={open}
            close={() => setOpen(false)}
            confirming={confirming}
            setConfirming={setConfirming}
          />
        </Suspense>
      ) : null}
    </>
  )
}
