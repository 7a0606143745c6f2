import { useEffect, useRef, type ReactNode } from 'react'
import './centre-layout.css'

export interface CentreLayoutProps<P extends string> {
  menuLabel: string
  pages: readonly P[]
  current: P
  onSelect: (page: P) => void
  label: (page: P) => ReactNode
  children: ReactNode
}

/** The member and agent centres: a menu of pages and the chosen page beside it. */
export function CentreLayout<P extends string>({
  menuLabel,
  pages,
  current,
  onSelect,
  label,
  children,
}: CentreLayoutProps<P>) {
  const menu = useRef<HTMLElement>(null)
  // On a phone the menu scrolls sideways: keep the current page's entry in view.
  useEffect(() => {
    const item = menu.current?.querySelector<HTMLElement>('[aria-current="page"]')
    if (typeof item?.scrollIntoView === 'function')
      item.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [current])
  return (
    <div className="centre-layout">
      <nav aria-label={menuLabel} className="centre-menu" ref={menu}>
        <ul>
          {pages.map((p) => (
            <li key={p}>
              <button
                type="button"
                aria-current={p === current ? 'page' : undefined}
                onClick={() => onSelect(p)}
              >
                {label(p)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="centre-panel" aria-live="polite">
        <h3>{label(current)}</h3>
        {children}
      </section>
    </div>
  )
}
