/** What the team management and red envelope pages both show of a downline member. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useMemo, type FormEvent } from 'react'
import type { DownlineMember } from '#contract/agent'
import { Pagination } from '../../../components/ui/pagination'
import { isAgentType } from '../../../lib/session'
import { useBrandDateTime } from '../../../lib/use-brand-dates'

export function MemberTypeLabel({ type }: { type: number }) {
  return isAgentType(type) ? <Trans>Agent</Trans> : <Trans>Member</Trans>
}

export function StatusLabel({ status }: { status: DownlineMember['status'] }) {
  return status === 'active' ? <Trans>Active</Trans> : <Trans>Disabled</Trans>
}

/** Epoch ms as the language's date-and-time form on the brand's clock; null is "never". */
export function useLastLogin(): (ms: number | null) => string {
  const { t } = useLingui()
  const dateTime = useBrandDateTime()
  return useMemo(() => (ms: number | null) => (ms === null ? t`Never` : dateTime(ms)), [dateTime, t])
}

/** A list's page links, named for the list (the downline, a report). */
export function AgentPager({
  page,
  total,
  pageSize,
  onChange,
  label,
}: {
  page: number
  total: number
  pageSize: number
  onChange: (page: number) => void
  label: string
}) {
  const { t } = useLingui()
  return (
    <Pagination
      page={page}
      pageCount={Math.ceil(total / pageSize)}
      onChange={onChange}
      labels={{
        nav: label,
        previous: t`Previous page`,
        next: t`Next page`,
        page: (n) => t`Page ${n}`,
      }}
    />
  )
}

/** The downline's page links. */
export function DownlinePager(props: {
  page: number
  total: number
  pageSize: number
  onChange: (page: number) => void
}) {
  const { t } = useLingui()
  return <AgentPager {...props} label={t`Downline pages`} />
}

/** Searches the whole team by account name; an empty search shows the downline again. */
export function AccountSearch({
  value,
  onChange,
  onSearch,
  label,
}: {
  value: string
  onChange: (v: string) => void
  onSearch: (account: string) => void
  label: string
}) {
  const { t } = useLingui()
  const id = useId()
  function submit(e: FormEvent) {
    e.preventDefault()
    onSearch(value.trim())
  }
  return (
    <form className="agent-search" role="search" onSubmit={submit} aria-label={label}>
      <label className="visually-hidden" htmlFor={id}>
        {t`Account`}
      </label>
      <input
        id={id}
        type="search"
        autoCapitalize="none"
        spellCheck={false}
        autoComplete="off"
        placeholder={t`Search by account`}
        value={value}
        maxLength={64}
        onChange={(e) => onChange(e.target.value)}
      />
      <button type="submit" className="button">
        <Trans>Search</Trans>
      </button>
    </form>
  )
}
