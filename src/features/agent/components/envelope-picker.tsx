/**
 * The red envelope's recipients: the agent's downline (or the team's accounts matching a
 * search), a page at a time, each active member with a checkbox. The choice is kept across
 * pages and searches.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { maxEnvelopeRecipients, type DownlineMember } from '#contract/agent'
import { showMoney } from '#contract/money'
import { EmptyState } from '../../../components/ui/empty-state'
import { useCurrency } from '../agent-money'
import { downlineQueryOptions } from '../api/get-downline'
import { AccountSearch, DownlinePager, MemberTypeLabel } from './downline-parts'
import { QueryView } from './query-view'

const pageSize = 10

export interface Recipient {
  id: number
  account: string
}

export function EnvelopePicker({
  chosen,
  onToggle,
}: {
  chosen: readonly Recipient[]
  onToggle: (m: Recipient, on: boolean) => void
}) {
  const { t } = useLingui()
  const currency = useCurrency()
  const [typed, setTyped] = useState('')
  const [account, setAccount] = useState('')
  const [pageNo, setPageNo] = useState(1)
  const downline = useQuery(
    downlineQueryOptions({ pageNo, pageSize, account: account === '' ? undefined : account }),
  )
  const full = chosen.length >= maxEnvelopeRecipients
  const isChosen = (m: DownlineMember) => chosen.some((c) => c.id === m.id)

  return (
    <fieldset className="agent-fieldset">
      <legend>
        <Trans>Choose members</Trans>
      </legend>
      <AccountSearch
        label={t`Search the team`}
        value={typed}
        onChange={setTyped}
        onSearch={(a) => {
          setAccount(a)
          setPageNo(1)
        }}
      />
      <QueryView query={downline} lines={4}>
        {(data) =>
          data.list.length === 0 ? (
            <EmptyState
              title={
                account !== '' ? (
                  <Trans>No account in your team matches.</Trans>
                ) : (
                  <Trans>No members here yet.</Trans>
                )
              }
            />
          ) : (
            <>
              <ul className="agent-pick-list" aria-busy={downline.isFetching}>
                {data.list.map((m) => {
                  const on = isChosen(m)
                  return (
                    <li key={m.id}>
                      <label className="agent-pick">
                        <input
                          type="checkbox"
                          checked={on}
                          disabled={m.status !== 'active' || (full && !on)}
                          onChange={(e) => onToggle({ id: m.id, account: m.account }, e.target.checked)}
                        />
                        <span className="agent-pick-name">
                          <span className="agent-account">{m.account}</span>
                          <span className="muted">
                            <MemberTypeLabel type={m.type} /> · {showMoney(m.balance, currency)}
                          </span>
                        </span>
                      </label>
                    </li>
                  )
                })}
              </ul>
              <DownlinePager page={pageNo} total={data.total} pageSize={pageSize} onChange={setPageNo} />
            </>
          )
        }
      </QueryView>
    </fieldset>
  )
}
