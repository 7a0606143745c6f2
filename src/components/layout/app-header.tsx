import type { ReactNode } from 'react'

export interface AppHeaderProps {
  brand: ReactNode
  /** Balance and deposit, or log in and register, then the menu button: the end of the one row. */
  actions: ReactNode
  /** The game nav; shown on wide screens only (phones have the tab bar). */
  nav?: ReactNode
  member: boolean
}

/**
 * The header frame: one row of at most 56 px (brand, then the account's actions and the
 * menu), then on wide screens the nav.
 */
export function AppHeader({ brand, actions, nav, member }: AppHeaderProps) {
  return (
    <header className="app-header" data-member={member ? '' : undefined}>
      <div className="header-top">
        {brand}
        <div className="header-actions">{actions}</div>
      </div>
      {nav}
    </header>
  )
}
