import type { ReactNode } from 'react'

/** What a screen shows when it has nothing yet: a plain sentence and, maybe, a way on. */
export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-title">{title}</p>
      {children}
    </div>
  )
}
