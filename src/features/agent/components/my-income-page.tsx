/**
 * My income: the agent's own earnings for a period. The salaries and dividends its contracts
 * paid (contract-income.tsx), and beside them the rebate difference: per game type, the
 * team's valid bets and what the agent's rate above its downline's comes to, with the total.
 * That one is an estimate at today's rates: the rebate job pays it, this page pays nothing.
 * A phone shows each game type as a card, a wider screen a table.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { rebateRatePercent, type IncomeLine } from '#contract/agent'
import { showMoney, type Currency } from '#contract/money'
import { EmptyState } from '../../../components/ui/empty-state'
import { phoneQuery, useMediaQuery } from '../../../hooks/use-media-query'
import { gameTypeNames } from '../../../lib/game-type-names'
import { useCurrency } from '../agent-money'
import { incomeQueryOptions } from '../api/get-income'
import { AgentStyles } from './agent-styles'
import { ContractIncome } from './contract-income'
import { PeriodFilter, PeriodNote, RangeIncomplete, usePeriod } from './period-filter'
import { QueryView } from './query-view'
import { ReportTotals } from './report-parts'

interface RowProps {
  lines: IncomeLine[]
  currency: Currency
}

function IncomeCards({ lines, currency }: RowProps) {
  const { i18n } = useLingui()
  return (
    <ul className="agent-cards">
      {lines.map((l) => (
        <li key={l.productType} className="agent-card">
          <div className="agent-card-head">
            <strong>{i18n._(gameTypeNames[l.productType])}</strong>
            <span className="agent-badge">{rebateRatePercent(l.rate)}%</span>
          </div>
          <dl className="agent-facts">
            <div>
              <dt>
                <Trans>Team valid bets</Trans>
              </dt>
              <dd className="agent-num">{showMoney(l.validBets, currency)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Estimated rebate difference</Trans>
              </dt>
              <dd className="agent-num">{showMoney(l.income, currency)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  )
}

function IncomeTable({ lines, currency }: RowProps) {
  const { i18n } = useLingui()
  return (
    <div className="agent-table-wrap">
      <table className="agent-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Game type</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Your rate</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Team valid bets</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Estimated rebate difference</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.productType}>
              <th scope="row">{i18n._(gameTypeNames[l.productType])}</th>
              <td className="agent-num">{rebateRatePercent(l.rate)}%</td>
              <td className="agent-num">{showMoney(l.validBets, currency)}</td>
              <td className="agent-num">{showMoney(l.income, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function MyIncomePage() {
  const { t } = useLingui()
  const currency = useCurrency()
  const phone = useMediaQuery(phoneQuery)
  const period = usePeriod()
  const report = useQuery({ ...incomeQueryOptions(period.query), enabled: period.ready })

  return (
    <div className="agent-page">
      <AgentStyles />
      <PeriodFilter state={period} />
      {!period.ready ? (
        <RangeIncomplete />
      ) : (
        <QueryView query={report} lines={5}>
          {(data) => (
            <div className="agent-page" aria-busy={report.isFetching}>
              <PeriodNote from={data.from} to={data.to} timeZone={data.timeZone} />
              <ReportTotals
                label={t`Totals`}
                items={[
                  { label: t`Team valid bets`, value: showMoney(data.totals.validBets, currency) },
                  {
                    label: t`Estimated rebate difference`,
                    value: showMoney(data.totals.income, currency),
                  },
                  { label: t`Salaries and dividends paid`, value: showMoney(data.contracts.total, currency) },
                ]}
              />
              <ContractIncome lines={data.contracts.lines} total={data.contracts.total} currency={currency} />
              <h4>
                <Trans>Rebate difference</Trans>
              </h4>
              <p className="agent-estimate">
                <Trans>
                  Estimated, not paid: what your rebate rate above your downline’s comes to on your team’s
                  valid bets, at today’s rates, rounded down. Nothing is credited from this page.
                </Trans>
              </p>
              {data.lines.length === 0 ? (
                <EmptyState title={<Trans>No rebate difference in this period.</Trans>} />
              ) : phone ? (
                <IncomeCards lines={data.lines} currency={currency} />
              ) : (
                <IncomeTable lines={data.lines} currency={currency} />
              )}
            </div>
          )}
        </QueryView>
      )}
    </div>
  )
}
