/** What the team betting, user loss and account details reports share. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { showMoney, type Currency } from '#contract/money'
import type { BetStatus } from '#contract/records'
import { useBrandDateTime } from '../../../lib/use-brand-dates'
import { AgentPager } from './downline-parts'
import { signTone } from './period-filter'

export const reportPageSize = 20

/** Epoch ms as the language's one date-and-time form, on the brand's clock, its zone named. */
export function useDateTime(): (ms: number) => string {
  return useBrandDateTime()
}

/** An amount coloured by its sign (a member's win green, a loss red). */
export function Signed({ money, currency }: { money: string; currency: Currency }) {
  return <span className={signTone(money)}>{showMoney(money, currency)}</span>
}

export function BetStatusLabel({ status }: { status: BetStatus }) {
  switch (status) {
    case 'UNSETTLED':
      return <Trans>Unsettled</Trans>
    case 'SETTLED':
      return <Trans>Settled</Trans>
    case 'CANCELLED':
      return <Trans>Cancelled</Trans>
  }
}

/** A report's page links. */
export function ReportPager(props: { page: number; total: number; onChange: (page: number) => void }) {
  const { t } = useLingui()
  return <AgentPager {...props} pageSize={reportPageSize} label={t`Report pages`} />
}

/** A report's totals: a row of label and amount pairs above its list. */
export function ReportTotals({
  label,
  items,
}: {
  label: string
  items: { label: string; value: ReactNode }[]
}) {
  return (
    <section className="agent-card agent-totals" aria-label={label}>
      <dl className="agent-facts">
        {items.map((item) => (
          <div key={item.label}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** A search box of its own that searches on submit; an empty search clears the filter. */
export function ReportSearch({
  label,
  placeholder,
  onSearch,
}: {
  label: string
  placeholder: string
  onSearch: (text: string) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const [value, setValue] = useState('')
  function submit(e: FormEvent) {
    e.preventDefault()
    onSearch(value.trim())
  }
  return (
    <form className="agent-search" role="search" onSubmit={submit} aria-label={label}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        autoCapitalize="none"
        spellCheck={false}
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        maxLength={64}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="button">
        {t`Search`}
      </button>
    </form>
  )
}

/**
 * The one member a report is narrowed to, with the way back to the whole team: chosen from a
 * row (its id) or typed (an account the server looks for in the team).
 */
export interface MemberFilter {
  id?: number
  account: string
}

/** What a report asks for a member filter: the id when it was chosen, else the typed account. */
export function memberQuery(member: MemberFilter | null): { memberId?: number; account?: string } {
  if (!member) return {}
  return member.id !== undefined ? { memberId: member.id } : { account: member.account }
}

/** The field that narrows a report to one member of the team by typing their account. */
export function MemberSearch({ onSearch }: { onSearch: (member: MemberFilter | null) => void }) {
  const { t } = useLingui()
  return (
    <ReportSearch
      label={t`Member`}
      placeholder={t`Search by account`}
      onSearch={(text) => onSearch(text === '' ? null : { account: text })}
    />
  )
}

export function MemberFilterNote({ member, onClear }: { member: MemberFilter; onClear: () => void }) {
  const account = member.account
  return (
    <p className="agent-search-note">
      <span>
        <Trans>Only {account}</Trans>
      </span>
      <button type="button" className="agent-link" onClick={onClear}>
        <Trans>Show the whole team</Trans>
      </button>
    </p>
  )
}

/** An account in a report's row: choosing it narrows the report to that member. */
export function AccountPick({ account, onPick }: { account: string; onPick: (() => void) | undefined }) {
  const { t } = useLingui()
  if (!onPick) return <span className="agent-account">{account}</span>
  return (
    <button
      type="button"
      className="agent-link agent-account"
      onClick={onPick}
      aria-label={t`Show only ${account}`}
    >
      {account}
    </button>
  )
}
