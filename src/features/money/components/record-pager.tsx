import { useLingui } from '@lingui/react/macro'
import { Pagination } from '../../../components/ui/pagination'

/** The records' page links. */
export function RecordPager({
  page,
  total,
  pageSize,
  onChange,
}: {
  page: number
  total: number
  pageSize: number
  onChange: (page: number) => void
}) {
  const { t } = useLingui()
  return (
    <Pagination
      page={page}
      pageCount={Math.ceil(total / pageSize)}
      onChange={onChange}
      labels={{
        nav: t`Record pages`,
        previous: t`Previous page`,
        next: t`Next page`,
        page: (n) => t`Page ${n}`,
      }}
    />
  )
}

/** A signed amount's class: money in or money out. */
export function signClass(money: string): string {
  return money.startsWith('-') ? 'money-amount money-out' : 'money-amount money-in'
}
