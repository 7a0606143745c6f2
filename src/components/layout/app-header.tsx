import type { ReactNode } from 'react'

export interface AppHeaderProps {
  brand: ReactNode
  actions: ReactNode
  tools: ReactNode
  /** The main nav; absent on pages without one. */
  nav?: ReactNode
}

/** The header frame: brand, account actions, language and theme, then the nav. */
export function AppHeader({ brand, actions, tools, nav }: AppHeaderProps) {
  return (
    <header className="app-header">
      <div className="header-top">
        {brand}
        <div className="header-tools">{tools}</div>
        <div className="header-actions">{actions}</div>
      </div>
      {nav}
    </header>
  )
}
