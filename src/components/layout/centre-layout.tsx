import { useEffect, useRef, type ReactNode } from 'react'
import { CentreLayoutStyles } from './centre-layout-styles'

export interface CentreLayoutProps<P extends string> {
  menuLabel: string
  pages: readonly P[]
  /** The page shown; none shows the menu alone (a phone's list of pages). */
  current: P | undefined
  /** The menu entry marked as the current one when it is not `current` (a sub-page's hub). */
  marked?: P
  onSelect: (page: P) => void
  label: (page: P) => ReactNode
  /** After a page's label in the menu only (a count), not in the page's heading. */
  badge?: (page: P) => ReactNode
  /**
   * The control that leaves the page: on a phone for the menu list; `up` (a sub-page's way
   * back to its hub) shows on a desktop too.
   */
  back?: { label: string; onBack: () => void; up?: boolean }
  /** Above the menu, and hidden with it on a phone while a page shows (the member's card). */
  menuHeader?: ReactNode
  children: ReactNode
}

/**
 * The member and agent centres. On a desktop the menu sits beside the chosen page; on a
 * phone the menu is a list that fills the width, and a chosen page replaces it, with a
 * back control to the list.
 */
export function CentreLayout<P extends string>({
  menuLabel,
  pages,
  current,
  marked,
  onSelect,
  label,
  badge,
  back,
  menuHeader,
  children,
}: CentreLayoutProps<P>) {
  const heading = useRef<HTMLHeadingElement>(null)
  const menu = useRef<HTMLElement>(null)
  const previous = useRef(current)
  // On a phone the menu and the page take turns: focus follows to what is now shown.
  useEffect(() => {
    const was = previous.current
    previous.current = current
    if (was === current) return
    if (!back) {
      // On a desktop the menu stays, and may be scrolled down to the entry chosen: the new
      // page's top comes into view. A control inside the page that moved to another page (a
      // sub-page's way back) is gone with it: focus goes to the new page's heading.
      if (current !== undefined) heading.current?.scrollIntoView?.({ block: 'nearest' })
      const active = document.activeElement
      if (current !== undefined && (active === null || active === document.body || !active.isConnected)) {
        heading.current?.focus()
      }
      return
    }
    if (current !== undefined) heading.current?.focus()
    else menu.current?.querySelector<HTMLElement>(`[data-page="${was ?? ''}"]`)?.focus()
  }, [current, back])
  return (
    <div className="centre-layout" data-view={current === undefined ? 'menu' : 'page'}>
      <CentreLayoutStyles />
      <div className="centre-side">
        {menuHeader}
        <nav aria-label={menuLabel} className="centre-menu" ref={menu}>
          <ul>
            {pages.map((p) => (
              <li key={p}>
                <button
                  type="button"
                  data-page={p}
                  aria-current={p === (marked ?? current) ? 'page' : undefined}
                  onClick={() => onSelect(p)}
                >
                  <span>
                    {label(p)}
                    {badge?.(p)}
                  </span>
                  <span aria-hidden="true" className="centre-chevron">
                    ›
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {current !== undefined ? (
        <section className="centre-panel" aria-live="polite">
          {back ? (
            <button
              type="button"
              className={back.up ? 'centre-back centre-back-up' : 'centre-back'}
              onClick={back.onBack}
            >
              <span aria-hidden="true">‹</span> {back.label}
            </button>
          ) : null}
          <h3 ref={heading} tabIndex={-1}>
            {label(current)}
          </h3>
          {children}
        </section>
      ) : null}
    </div>
  )
}
