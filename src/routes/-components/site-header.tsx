/**
 * The header as every layout shows it, one row on a phone: the brand; for a member the
 * search across every provider's games (an icon on a phone); for a member the balance (a tap
 * refreshes it), Deposit and the inbox (a trial account: its play balance and "Register to
 * play for real"), for a visitor Log in and Register; then the menu
 * (language, theme, the account's pages). Wide screens add the game nav.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { AppHeader } from '../../components/layout/app-header'
import { vendorsQueryOptions } from '../../features/games/api/get-vendors'
import { GameNav } from '../../features/games/components/game-nav'
import { HeaderSearch } from '../../features/games/search/header-search'
import { brandQueryOptions } from '../../lib/brand-query'
import { openProtected } from '../../lib/guards'
import { openModal } from '../../lib/modal-store'
import { isGuestType, useSession } from '../../lib/session'
import { statusQueryOptions } from '../../lib/status-query'
import { useLogout } from '../../lib/use-logout'
import { pickCdn } from '../../utils/cdn'
import { HeaderMenu } from './header-menu'
import { lazyMoney } from './money-lazy'

// Only a member has an inbox: visitors never load its code.
const InboxButton = lazy(() =>
  import('../../features/notify/components/inbox-button').then((m) => ({ default: m.InboxButton })),
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
  const { token, member, resuming } = useSession()
  const guest = token !== null && isGuestType(member?.type)
  const logout = useLogout()

  return (
    <AppHeader
      member={token !== null}
      brand={
        // Named in full even where a narrow screen shows the short name.
        <Link to="/index" className="brand" aria-label={brand.brandName}>
          <img src={brand.logoUrl} alt="" width={32} height={32} />
          <span className="brand-full">{brand.brandName}</span>
          <span className="brand-short">{brand.shortName}</span>
        </Link>
      }
      actions={
        <>
          <HeaderSearch imageHost={imageHost} />
          {token ? (
            <>
              {/* The balance's box is held while its code loads, so nothing beside it moves. */}
              <Suspense fallback={<span className="header-balance" aria-hidden="true" />}>
                <HeaderBalance />
              </Suspense>
              {guest ? (
                // A trial account plays with play money: its door is registration, not a refusal.
                // Its name says the whole offer; the narrow header shows its first word.
                <button
                  type="button"
                  className="button button-accent header-deposit"
                  aria-label={t`Register to play for real`}
                  onClick={() => void logout({ thenRegister: true })}
                >
                  {t`Register`}
                </button>
              ) : (
                <button
                  type="button"
                  className="button button-accent header-deposit"
                  onClick={() => openProtected('memberCentre', { page: 'depositv2' })}
                >
                  {t`Deposit`}
                </button>
              )}
              <Suspense fallback={null}>
                <InboxButton />
              </Suspense>
            </>
          ) : resuming ? (
            // A remembered device is signing this tab in: no Log in to tap meanwhile.
            <span className="header-resuming" role="status" aria-label={t`Signing in…`} />
          ) : (
            <>
              <button type="button" className="button button-light" onClick={() => openModal('login')}>
                <Trans>Log in</Trans>
              </button>
              <button type="button" className="button button-accent" onClick={() => openModal('register')}>
                <Trans>Register</Trans>
              </button>
            </>
          )}
          <HeaderMenu languages={brand.languages} />
        </>
      }
      nav={
        nav === 'none' ? undefined : (
          <div className="header-nav">
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
          </div>
        )
      }
    />
  )
}
