/**
 * User loss: each member's profit and loss over a period (how the member did, not the
 * house), biggest losses first, searchable by account, with the totals of all who match. A
 * phone shows each member as a card, a wider screen a table.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { MemberProfitLoss } from '#contract/agent'
import { showMoney, type Currency } from '#contract/money'
import { EmptyState } from '../../../components/ui/empty-state'
import { phoneQuery, useMediaQuery } from '../../../hooks/use-media-query'
import { useCurrency } from '../agent-money'
import { teamProfitLossQueryOptions } from '../api/get-team-reports'
import { AgentStyles } from './agent-styles'
import { PeriodFilter, PeriodNote, RangeIncomplete, usePeriod } from './period-filter'
import { QueryView } from './query-view'
import { ReportPager, ReportSearch, ReportTotals, Signed, reportPageSize } from './report-parts'

interface RowProps {
  list: MemberProfitLoss[]
  currency: Currency
}

function ProfitLossCards({ list, currency }: RowProps) {
  return (
    <ul className="agent-cards">
      {list.map((m) => {
        const level = m.level
        return (
          <li key={m.memberId} className="agent-card">
            <div className="agent-card-head">
              <strong className="agent-account">{m.account}</strong>
              <span className="agent-badge">
                <Trans>Level {level}</Trans>
              </span>
            </div>
            <dl className="agent-facts">
              <div>
                <dt>
                  <Trans>Profit and loss</Trans>
                </dt>
                <dd>
                  <Signed money={m.profitLoss} currency={currency} />
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Bets</Trans>
                </dt>
                <dd>{m.betCount}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Valid bets</Trans>
                </dt>
                <dd>{showMoney(m.validBets, currency)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Deposits</Trans>
                </dt>
                <dd>{showMoney(m.deposits, currency)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Withdrawals</Trans>
                </dt>
                <dd>{showMoney(m.withdrawals, currency)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Bonuses</Trans>
                </dt>
                <dd>{showMoney(m.bonuses, currency)}</dd>
              </div>
            </dl>
          </li>
        )
      })}
    </ul>
  )
}

function ProfitLossTable({ list, currency }: RowProps) {
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
            <th scope="col" className="agent-num">
              <Trans>Bets</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Valid bets</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Profit and loss</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Deposits</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Withdrawals</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Bonuses</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((m) => (
            <tr key={m.memberId}>
              <th scope="row" className="agent-account">
                {m.account}
              </th>
              <td>{m.level}</td>
              <td className="agent-num">{m.betCount}</td>
              <td className="agent-num">{showMoney(m.validBets, currency)}</td>
              <td className="agent-num">
                <Signed money={m.profitLoss} currency={currency} />
              </td>
              <td className="agent-num">{showMoney(m.deposits, currency)}</td>
              <td className="agent-num">{showMoney(m.withdrawals, currency)}</td>
              <td className="agent-num">{showMoney(m.bonuses, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function TeamProfitLossPage() {
  const { t } = useLingui()
  const currency = useCurrency()
  const phone = useMediaQuery(phoneQuery)
  const [pageNo, setPageNo] = useState(1)
  const period = usePeriod(() => setPageNo(1))
  const [account, setAccount] = useState('')
  const report = useQuery({
    ...teamProfitLossQueryOptions({
      ...period.query,
      pageNo,
      pageSize: reportPageSize,
      account: account === '' ? undefined : account,
    }),
    enabled: period.ready,
  })

  return (
    <div className="agent-page">
      <AgentStyles />
      <PeriodFilter state={period} />
      <ReportSearch
        label={t`Search the team`}
        placeholder={t`Search by account`}
        onSearch={(a) => {
          setAccount(a)
          setPageNo(1)
        }}
      />
      {!period.ready ? (
        <RangeIncomplete />
      ) : (
        <QueryView query={report} lines={6}>
          {(data) => (
            <div className="agent-page" aria-busy={report.isFetching}>
              <PeriodNote from={data.from} to={data.to} timeZone={data.timeZone} />
              <ReportTotals
                label={t`Totals`}
                items={[
                  { label: t`Valid bets`, value: showMoney(data.totals.validBets, currency) },
                  {
                    label: t`Profit and loss`,
                    value: <Signed money={data.totals.profitLoss} currency={currency} />,
                  },
                ]}
              />
              {data.list.length === 0 ? (
                <EmptyState
                  title={
                    account !== '' ? (
                      <Trans>No account in your team matches.</Trans>
                    ) : (
                      <Trans>No member played in this period.</Trans>
                    )
                  }
                />
              ) : phone ? (
                <ProfitLossCards list={data.list} currency={currency} />
              ) : (
                <ProfitLossTable list={data.list} currency={currency} />
              )}
              <ReportPager page={pageNo} total={data.total} onChange={setPageNo} />
            </div>
          )}
        </QueryView>
      )}
    </div>
  )
}
