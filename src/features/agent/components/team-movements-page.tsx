/**
 * Account details: every money movement of the agent's team over a period (deposits,
 * withdrawals, transfers, bets, payouts…), narrowed by movement type or one member (chosen
 * from a row). A phone shows each movement as a card, a wider screen a table.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { TeamMovement } from '#contract/agent'
import { showMoney, type Currency } from '#contract/money'
import { movementTypes, type MovementType } from '#contract/records'
import { EmptyState } from '../../../components/ui/empty-state'
import { SelectField } from '../../../components/ui/select-field'
import { phoneQuery, useMediaQuery } from '../../../hooks/use-media-query'
import { movementLabels } from '../../../lib/movement-labels'
import { useBrandDates } from '../../../lib/use-brand-dates'
import { useCurrency } from '../agent-money'
import { teamMovementsQueryOptions } from '../api/get-team-reports'
import { AgentStyles } from './agent-styles'
import { PeriodFilter, PeriodNote, RangeIncomplete, signTone, usePeriod } from './period-filter'
import { QueryView } from './query-view'
import {
  AccountPick,
  MemberFilterNote,
  MemberSearch,
  memberQuery,
  ReportPager,
  reportPageSize,
  useDateTime,
  type MemberFilter,
} from './report-parts'

interface RowProps {
  list: TeamMovement[]
  currency: Currency
  onPick: ((m: TeamMovement) => void) | undefined
}

/** A signed amount with its plus: money into the member's wallet. */
function Amount({ money, currency }: { money: string; currency: Currency }) {
  return (
    <span className={signTone(money)}>
      {money.startsWith('-') ? '' : '+'}
      {showMoney(money, currency)}
    </span>
  )
}

function MovementCards({ list, currency, onPick }: RowProps) {
  const { i18n } = useLingui()
  const time = useDateTime()
  const { note } = useBrandDates()
  return (
    <ul className="agent-cards">
      {list.map((m) => (
        <li key={m.id} className="agent-card">
          <div className="agent-card-head">
            <AccountPick account={m.account} onPick={onPick && (() => onPick(m))} />
            <span className="agent-badge">{i18n._(movementLabels[m.type])}</span>
          </div>
          <dl className="agent-facts">
            <div>
              <dt>
                <Trans>Amount</Trans>
              </dt>
              <dd>
                <Amount money={m.amount} currency={currency} />
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Balance after</Trans>
              </dt>
              <dd>{showMoney(m.balanceAfter, currency)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Time</Trans>
              </dt>
              <dd>{time(m.time)}</dd>
            </div>
            {m.memo ? (
              <div>
                <dt>
                  <Trans>Note</Trans>
                </dt>
                <dd>{note(m.memo)}</dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  )
}

function MovementTable({ list, currency, onPick }: RowProps) {
  const { i18n } = useLingui()
  const time = useDateTime()
  const { note } = useBrandDates()
  return (
    <div className="agent-table-wrap">
      <table className="agent-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Account</Trans>
            </th>
            <th scope="col">
              <Trans>Time</Trans>
            </th>
            <th scope="col">
              <Trans>Type</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Amount</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Balance after</Trans>
            </th>
            <th scope="col">
              <Trans>Note</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((m) => (
            <tr key={m.id}>
              <th scope="row">
                <AccountPick account={m.account} onPick={onPick && (() => onPick(m))} />
              </th>
              <td>{time(m.time)}</td>
              <td>{i18n._(movementLabels[m.type])}</td>
              <td className="agent-num">
                <Amount money={m.amount} currency={currency} />
              </td>
              <td className="agent-num">{showMoney(m.balanceAfter, currency)}</td>
              <td>{m.memo ? note(m.memo) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function TeamMovementsPage() {
  const { t, i18n } = useLingui()
  const currency = useCurrency()
  const phone = useMediaQuery(phoneQuery)
  const [pageNo, setPageNo] = useState(1)
  const period = usePeriod(() => setPageNo(1))
  const [type, setType] = useState<MovementType | ''>('')
  const [member, setMember] = useState<MemberFilter | null>(null)
  const movements = useQuery({
    ...teamMovementsQueryOptions({
      ...period.query,
      pageNo,
      pageSize: reportPageSize,
      ...memberQuery(member),
      type: type === '' ? undefined : type,
    }),
    enabled: period.ready,
  })
  const pick = (m: TeamMovement) => {
    setMember({ id: m.memberId, account: m.account })
    setPageNo(1)
  }

  return (
    <div className="agent-page">
      <AgentStyles />
      <PeriodFilter state={period} />
      <div className="agent-filters">
        <SelectField
          label={t`Type`}
          value={type}
          options={[
            { value: '', label: t`All types` },
            ...movementTypes.map((m) => ({ value: m, label: i18n._(movementLabels[m]) })),
          ]}
          onChange={(e) => {
            setType(movementTypes.find((m) => m === e.target.value) ?? '')
            setPageNo(1)
          }}
        />
        <MemberSearch
          onSearch={(m) => {
            setMember(m)
            setPageNo(1)
          }}
        />
      </div>
      {member ? (
        <MemberFilterNote
          member={member}
          onClear={() => {
            setMember(null)
            setPageNo(1)
          }}
        />
      ) : null}
      {!period.ready ? (
        <RangeIncomplete />
      ) : (
        <QueryView query={movements} lines={6}>
          {(data) => (
            <div className="agent-page" aria-busy={movements.isFetching}>
              <PeriodNote from={data.from} to={data.to} timeZone={data.timeZone} />
              {data.list.length === 0 ? (
                <EmptyState title={<Trans>No records in this period.</Trans>} />
              ) : phone ? (
                <MovementCards list={data.list} currency={currency} onPick={member ? undefined : pick} />
              ) : (
                <MovementTable list={data.list} currency={currency} onPick={member ? undefined : pick} />
              )}
              <ReportPager page={pageNo} total={data.total} onChange={setPageNo} />
            </div>
          )}
        </QueryView>
      )}
    </div>
  )
}
