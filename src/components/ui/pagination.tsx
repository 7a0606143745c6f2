/**
 * Page links with the spec's defaults: a range of 3 pages around the current one and a
 * margin of 1 page at each end, with gaps shown as an ellipsis.
 */
export interface PaginationProps {
  /** 1-based current page. */
  page: number
  pageCount: number
  onChange: (page: number) => void
  pageRange?: number
  marginPages?: number
  labels: { nav: string; previous: string; next: string; page: (n: number) => string }
}

/** The page numbers to show, with null for each gap. */
export function pageItems(
  page: number,
  pageCount: number,
  pageRange = 3,
  marginPages = 1,
): (number | null)[] {
  if (pageCount <= 0) return []
  const keep = new Set<number>()
  for (let i = 1; i <= Math.min(marginPages, pageCount); i++) keep.add(i)
  for (let i = Math.max(1, pageCount - marginPages + 1); i <= pageCount; i++) keep.add(i)
  let start = Math.max(1, page - Math.floor(pageRange / 2))
  const end = Math.min(pageCount, start + pageRange - 1)
  start = Math.max(1, end - pageRange + 1)
  for (let i = start; i <= end; i++) keep.add(i)
  const sorted = [...keep].sort((a, b) => a - b)
  const out: (number | null)[] = []
  let prev = 0
  for (const n of sorted) {
    if (n - prev === 2) out.push(prev + 1)
    else if (n - prev > 2) out.push(null)
    out.push(n)
    prev = n
  }
  return out
}

export function Pagination({
  page,
  pageCount,
  onChange,
  pageRange = 3,
  marginPages = 1,
  labels,
}: PaginationProps) {
  if (pageCount <= 1) return null
  const items = pageItems(page, pageCount, pageRange, marginPages)
  return (
    <nav aria-label={labels.nav} className="pagination">
      <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">{labels.previous}</span>
      </button>
      {items.map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            aria-label={labels.page(n)}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onChange(n)}
          >
            {n}
          </button>
        ),
      )}
      <button type="button" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        <span aria-hidden="true">›</span>
        <span className="visually-hidden">{labels.next}</span>
      </button>
    </nav>
  )
}
