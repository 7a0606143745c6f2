/**
 * The header as every layout shows it: brand, visitor actions, language and theme, and
 * the game nav (optional, and collapsible on the lottery pages).
 */
import { useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { AppHeader } from '../../components/layout/app-header'
import { LanguageSwitcher } from '../../components/layout/language-switcher'
import { ThemeSwitcher } from '../../components/layout/theme-switcher'
import { pickCdn } from '../../utils/cdn'
import { brandQueryOptions } from '../../lib/brand-query'
import { statusQueryOptions } from '../../lib/status-query'
import { vendorsQueryOptions } from '../../features/games/api/get-vendors'
import { GameNav } from '../../features/games/components/game-nav'
import { AccountArea } from '../../features/auth/components/account-area'
import { openProtected } from '../../lib/guards'
import { useSession } from '../../lib/session'
import { lazyMoney } from './money-lazy'

// Only a member has an inbox: visitors never load its code.
const InboxButton = lazy(() =>
  import('../../features/notices/components/inbox-button').then((m) => ({ default: m.InboxButton })),
)

// Only a session (member or trial account) has a balance, so visitors never load it.
const HeaderBalance = lazyMoney(() =>
  import('../../features/money/components/header-balance').then((m) => m.HeaderBalance),
)

export function SiteHeader({ nav = 'shown' }: { nav?: 'shown' | 'toggle' | 'none' }) {
  const { t } = useLingui()
  const { data: brand } = useSuspenseQuery(brandQueryOptions())
  const status = useQuery(statusQueryOptions())
  const vendors = useQuery(vendorsQueryOptions())
  const [navOpen, setNavOpen] = useState(nav !== 'none')
  const imageHost = pickCdn(status.data?.info.imageCDNs ?? [])
  const lanes = vendors.data?.data.lanes ?? []
  const { token } = useSession()

  return (
    <AppHeader
      brand={
        <Link to="/index" className="brand">
          <img src={brand.logoUrl} alt="" width={32} height={32} />
          <span>{brand.brandName}</span>
        </Link>
      }
      tools={
        <>
          <LanguageSwitcher available={brand.languages} />
          <ThemeSwitcher />
        </>
      }
      money={
        <>
          {token ? (
            <Suspense fallback={null}>
              <HeaderBalance />
            </Suspense>
          ) : null}
          <button
            type="button"
            className="button button-light"
            onClick={() => openProtected('memberCentre', { page: 'depositv2' })}
          >
            {t`Deposit`}
          </button>
          <button
            type="button"
            className="button button-light"
            onClick={() => openProtected('memberCentre', { page: 'withdraw' })}
          >
            {t`Withdrawal`}
          </button>
        </>
      }
      actions={
        <>
          {token ? (
            <Suspense fallback={null}>
              <InboxButton />
            </Suspense>
          ) : null}
          <AccountArea />
        </>
      }
      nav={
        nav === 'none' ? undefined : (
          <>
            {nav === 'toggle' ? (
              <button
                type="button"
                className="nav-toggle"
                aria-expanded={navOpen}
                onClick={() => setNavOpen((o) => !o)}
              >
                {navOpen ? t`Hide menu` : t`Show menu`}
              </button>
            ) : null}
            {navOpen ? <GameNav lanes={lanes} imageHost={imageHost} /> : null}
          </>
        )
      }
    />
  )
}
