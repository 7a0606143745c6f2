import type { ReactNode } from 'react'

export interface AppHeaderProps {
  brand: ReactNode
  actions: ReactNode
  /** Balance and the deposit and withdrawal shortcuts: a row of their own on a phone. */
  money?: ReactNode
  tools: ReactNode
  /** The main nav; absent on pages without one. */
  nav?: ReactNode
}

/** The header frame: brand, account actions, language and theme, then the nav. */
export function AppHeader({ brand, actions, money, tools, nav }: AppHeaderProps) {
  return (
    <header className="app-header">
      <div className="header-top">
        {brand}
        <div className="header-tools">{tools}</div>
        {money ? <div className="header-money">{money}</div> : null}
        <div className="header-actions">{actions}</div>
      </div>
      {nav}
    </header>
  )
}
