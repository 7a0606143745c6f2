/**
 * A small count in a red pill (the inbox's unread messages, the rewards to claim), shown
 * only when there is something: at 0 it draws nothing. Screen readers hear `label` when it
 * is given; a control that names the count in its own label passes none.
 */
import './count-badge.css'

export function CountBadge({
  count,
  label,
  className,
}: {
  count: number
  label?: string
  className?: string
}) {
  if (count <= 0) return null
  return (
    <>
      <span className={className ? `count-badge ${className}` : 'count-badge'} aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      {label ? <span className="visually-hidden">{` (${label})`}</span> : null}
    </>
  )
}
