import type { ReactNode } from 'react'

/** The figures of a range, as label and amount pairs. */
export function Totals({ rows }: { rows: [ReactNode, string][] }) {
  return (
    <dl className="money-facts">
      {rows.map(([label, value], i) => (
        <div key={i} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
