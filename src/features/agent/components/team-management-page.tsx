/**
 * Team management: the agent's downline a page at a time, searchable by account across the
 * whole team. An agent with members of their own opens their downline, with the way back
 * up as a breadcrumb (the server's path); the member shown is in the URL (`agentOf`), so a
 * reload keeps it and Back goes up a level. Any active member can be sent money (a dialog
 * that Back closes). A phone shows cards, a wider screen a table.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { DownlineMember } from '#contract/agent'
import { showMoney, type Currency } from '#contract/money'
import { EmptyState } from '../../../components/ui/empty-state'
import { phoneQuery, useMediaQuery } from '../../../hooks/use-media-query'
import { setAgentCentreOf, useBackLayer, useModals } from '../../../lib/modal-store'
import { useCurrency } from '../agent-money'
import { downlineQueryOptions } from '../api/get-downline'
import { AgentStyles } from './agent-styles'
import { AccountSearch, DownlinePager, MemberTypeLabel, StatusLabel, useLastLogin } from './downline-parts'
import { QueryView } from './query-view'
import { RebateRatesDialog } from './rebate-rates-dialog'
import { TransferDialog } from './transfer-dialog'

const pageSize = 20

interface RowActions {
  onOpen: (m: DownlineMember) => void
  onTransfer: (m: DownlineMember) => void
  /** Its rebate rates: only the direct upline (level 1) sets them. */
  onRates: (m: DownlineMember) => void
}

function Actions({ m, onOpen, onTransfer, onRates }: { m: DownlineMember } & RowActions) {
  const { t } = useLingui()
  const account = m.account
  const count = m.downlineCount
  return (
    <div className="agent-row-actions">
      {m.downlineCount > 0 ? (
        <button
          type="button"
          className="button"
          onClick={() => onOpen(m)}
          aria-label={t`Open the downline of ${account}`}
        >
          <Trans>Downline ({count})</Trans>
        </button>
      ) : null}
      {m.level === 1 ? (
        <button
          type="button"
          className="button"
          onClick={() => onRates(m)}
          aria-label={t`Rebate rates of ${account}`}
        >
          <Trans>Rates</Trans>
        </button>
      ) : null}
      {m.status === 'active' ? (
        <button
          type="button"
          className="button button-primary"
          onClick={() => onTransfer(m)}
          aria-label={t`Transfer to ${account}`}
        >
          <Trans>Transfer</Trans>
        </button>
      ) : null}
    </div>
  )
}

function MemberCards({
  list,
  currency,
  ...actions
}: { list: DownlineMember[]; currency: Currency } & RowActions) {
  const lastLogin = useLastLogin()
  return (
    <ul className="agent-cards">
      {list.map((m) => (
        <li key={m.id} className="agent-card">
          <div className="agent-card-head">
            <strong className="agent-account">{m.account}</strong>
            <span className="agent-badge" data-type={m.type === 0 ? 'member' : 'agent'}>
              <MemberTypeLabel type={m.type} />
            </span>
          </div>
          <dl className="agent-facts">
            <div>
              <dt>
                <Trans>Balance</Trans>
              </dt>
              <dd className="agent-num">{showMoney(m.balance, currency)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Level</Trans>
              </dt>
              <dd>{m.level}</dd>
            </div>
            <div>
              <dt>
                <Trans>Last login</Trans>
              </dt>
              <dd>{lastLogin(m.lastLoginAt)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Status</Trans>
              </dt>
              <dd data-status={m.status}>
                <StatusLabel status={m.status} />
              </dd>
            </div>
          </dl>
          <Actions m={m} {...actions} />
        </li>
      ))}
    </ul>
  )
}

function MemberTable({
  list,
  currency,
  ...actions
}: { list: DownlineMember[]; currency: Currency } & RowActions) {
  const lastLogin = useLastLogin()
  return (
    <div className="agent-table-wrap">
      <table className="agent-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Account</Trans>
            </th>
            <th scope="col">
              <Trans>Level</Trans>
            </th>
            <th scope="col">
              <Trans>Type</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Balance</Trans>
            </th>
            <th scope="col">
              <Trans>Last login</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((m) => (
            <tr key={m.id}>
              <th scope="row" className="agent-account">
                {m.account}
                {m.nickname && m.nickname !== m.account ? (
                  <span className="muted"> ({m.nickname})</span>
                ) : null}
              </th>
              <td>{m.level}</td>
              <td>
                <MemberTypeLabel type={m.type} />
              </td>
              <td className="agent-num">{showMoney(m.balance, currency)}</td>
              <td>{lastLogin(m.lastLoginAt)}</td>
              <td data-status={m.status}>
                <StatusLabel status={m.status} />
              </td>
              <td>
                <Actions m={m} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function TeamManagementPage() {
  const { t } = useLingui()
  const currency = useCurrency()
  const phone = useMediaQuery(phoneQuery)
  const [typed, setTyped] = useState('')
  const [account, setAccount] = useState('')
  const parentId = useModals().agentOf
  // The page of the list shown, for the member it was chosen for (another one starts on 1).
  const [paged, setPaged] = useState<{ of: number | undefined; page: number }>({ of: parentId, page: 1 })
  const pageNo = paged.of === parentId ? paged.page : 1
  const setPageNo = (page: number) => setPaged({ of: parentId, page })
  const [transferTo, setTransferTo] = useState<DownlineMember | null>(null)
  const transferLayer = useBackLayer('agentTransfer')
  const [ratesOf, setRatesOf] = useState<DownlineMember | null>(null)
  const downline = useQuery(
    downlineQueryOptions({ pageNo, pageSize, parentId, account: account === '' ? undefined : account }),
  )
  const actions: RowActions = {
    onOpen: (m) => {
      setAccount('')
      setTyped('')
      setAgentCentreOf(m.id)
    },
    onTransfer: (m) => {
      setTransferTo(m)
      transferLayer.show()
    },
    onRates: setRatesOf,
  }
  const goUp = (id: number | undefined) => setAgentCentreOf(id)

  return (
    <div className="agent-page">
      <AgentStyles />
      <AccountSearch
        label={t`Search the team`}
        value={typed}
        onChange={setTyped}
        onSearch={(a) => {
          setAccount(a)
          setPageNo(1)
        }}
      />
      <QueryView query={downline} lines={6}>
        {(data) => (
          <div className="agent-page" aria-busy={downline.isFetching}>
            {account !== '' ? (
              <p className="agent-search-note">
                <span>
                  <Trans>Accounts matching “{account}” in your whole team</Trans>
                </span>
                <button
                  type="button"
                  className="agent-link"
                  onClick={() => {
                    setAccount('')
                    setTyped('')
                    setPageNo(1)
                  }}
                >
                  <Trans>Clear search</Trans>
                </button>
              </p>
            ) : (
              <nav aria-label={t`Where you are in the team`}>
                <ol className="agent-crumbs">
                  {data.path.map((step, i) => {
                    const last = i === data.path.length - 1
                    const label = i === 0 ? t`My team` : step.account
                    return (
                      <li key={step.id}>
                        {last ? (
                          <span aria-current="location">{label}</span>
                        ) : (
                          <button
                            type="button"
                            className="agent-link"
                            onClick={() => goUp(i === 0 ? undefined : step.id)}
                          >
                            {label}
                          </button>
                        )}
                      </li>
                    )
                  })}
                </ol>
              </nav>
            )}
            {data.list.length === 0 ? (
              <EmptyState
                title={
                  account !== '' ? (
                    <Trans>No account in your team matches.</Trans>
                  ) : (
                    <Trans>No members here yet.</Trans>
                  )
                }
              />
            ) : phone ? (
              <MemberCards list={data.list} currency={currency} {...actions} />
            ) : (
              <MemberTable list={data.list} currency={currency} {...actions} />
            )}
            <DownlinePager page={pageNo} total={data.total} pageSize={pageSize} onChange={setPageNo} />
          </div>
        )}
      </QueryView>
      {transferTo && transferLayer.open ? (
        <TransferDialog member={transferTo} onClose={transferLayer.hide} />
      ) : null}
      {ratesOf ? <RebateRatesDialog member={ratesOf} onClose={() => setRatesOf(null)} /> : null}
    </div>
  )
}
