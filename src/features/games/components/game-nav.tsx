/**
 * The header nav: Home, a menu per game type with its vendors' logos (a wider grid when
 * a menu holds more than 6 vendors), promotions and app download.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation, useSearch } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { cdnUrl } from '#contract/first-screen'
import { gameTypeRoutes, type VendorLane } from '#contract/games'
import { openModal } from '../../../lib/modal-store'
import { lotteryVendorStart } from '../launch/lottery-start'
import { GameTypeLabel } from './game-type-label'
import './game-nav.css'

export const wideMenuThreshold = 6

function Menu({ lane, imageHost, here }: { lane: VendorLane; imageHost: string; here: boolean }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const ref = useRef<HTMLLIElement>(null)
  const wide = lane.cards.length > wideMenuThreshold
  const to = gameTypeRoutes[lane.gameType]

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <li ref={ref} className="nav-item">
      <button
        type="button"
        className="nav-link"
        aria-expanded={open}
        aria-controls={id}
        aria-current={here ? 'page' : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <GameTypeLabel type={lane.gameType} />
      </button>
      {open ? (
        <div id={id} className={wide ? 'nav-menu nav-menu-wide' : 'nav-menu'} data-count={lane.cards.length}>
          <ul>
            {lane.cards.map((v) => {
              const start = lotteryVendorStart({ ...v, gameType: lane.gameType })
              const inner = (
                <>
                  <img src={cdnUrl(imageHost, v.logo)} alt="" width={60} height={30} loading="lazy" />
                  <span>{v.displayName}</span>
                  {v.isHot ? (
                    <span className="badge">
                      <Trans>Hot</Trans>
                    </span>
                  ) : null}
                </>
              )
              return (
                <li key={v.vassalage}>
                  {start?.kind === 'games' ? (
                    <button
                      type="button"
                      className="vendor-link"
                      onClick={() => {
                        setOpen(false)
                        openModal('gamePopup', { vendor: start.vendor })
                      }}
                    >
                      {inner}
                    </button>
                  ) : (
                    <Link
                      {...(start?.link ?? { to, search: { page: v.vassalage } })}
                      className="vendor-link"
                      onClick={() => setOpen(false)}
                    >
                      {inner}
                    </Link>
                  )}
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}
    </li>
  )
}

/**
 * The game type whose lobby is on show: the one with the open vendor tab (`?page=`), else
 * the first game type of the page (the live casino's lobby also lists cockfighting).
 */
export function currentGameType(
  lanes: readonly VendorLane[],
  pathname: string,
  page: unknown,
): VendorLane['gameType'] | undefined {
  const here = lanes.filter((lane) => gameTypeRoutes[lane.gameType] === pathname)
  return (here.find((lane) => lane.cards.some((v) => v.vassalage === page)) ?? here[0])?.gameType
}

export function GameNav({ lanes, imageHost }: { lanes: readonly VendorLane[]; imageHost: string }) {
  const { t } = useLingui()
  const pathname = useLocation({ select: (l) => l.pathname })
  const page = useSearch({ strict: false, select: (s) => ('page' in s ? s.page : undefined) })
  // Marked as the current page, as the links are.
  const current = currentGameType(lanes, pathname, page)
  return (
    <nav className="main-nav" aria-label={t`Main`}>
      <ul className="nav-list">
        <li className="nav-item">
          <Link to="/index" className="nav-link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Home</Trans>
          </Link>
        </li>
        {lanes.map((lane) => (
          <Menu key={lane.gameType} lane={lane} imageHost={imageHost} here={lane.gameType === current} />
        ))}
        <li className="nav-item">
          <Link to="/promotions" className="nav-link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Promotions</Trans>
          </Link>
        </li>
        <li className="nav-item">
          <Link to="/down" className="nav-link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>App download</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  )
}
