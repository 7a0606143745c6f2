import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'

/** The side bar: customer service, app download and promotions. */
export function SideBar({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  return (
    <aside className="side-bar" aria-label={t`Quick links`}>
      {children}
    </aside>
  )
}
