/**
 * A contract kind's payment history (the dividend record, daily wages, hourly and real-time
 * salary pages): what was paid to me, or to my direct downline agents on the contracts I pay,
 * a page at a time with the sum of every payment. Each payment shows its period in the
 * phone's local time and what it was counted from: the team's measure, the rate of the tier
 * reached, what the agent's own contract gives, what its downline's take, and what was paid.
 * A phone shows each payment as a card, a wider screen a table.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { contractPaymentScopes, type ContractKind, type ContractPayment } from '#contract/contracts'
import { showMoney, type Currency } from '#contract/money'
import { EmptyState } from '../../../components/ui/empty-state'
import { phoneQuery, useMediaQuery } from '../../../hooks/use-media-query'
import { datePartFormat, zoneOffsetLabel } from '../../../lib/date-format'
import { useCurrency } from '../agent-money'
import { contractPaymentsQueryOptions } from '../api/get-contract-payments'
import { percent } from './contract-rates'
import { AgentPager } from './downline-parts'
import { QueryView } from './query-view'
import { ReportTotals } from './report-parts'

const pageSize = 20

type Scope = (typeof contractPaymentScopes)[number]

/** A payment's period on the brand's clock: a day, a run of days, or an hour or window within a day (its zone named). */
function usePeriodText(timeZone: string): (p: ContractPayment) => string {
  const { i18n } = useLingui()
  return useMemo(() => {
    const day = datePartFormat(i18n.locale, 'day', timeZone)
    const time = datePartFormat(i18n.locale, 'time', timeZone)
    return (p: ContractPayment) => {
      switch (p.unit) {
        case 'day':
          return day.format(p.periodStart)
        case 'hour':
        case 'window':
          return `${day.format(p.periodStart)}, ${time.format(p.periodStart)} – ${time.format(p.periodEnd)} (${zoneOffsetLabel(timeZone, p.periodStart)})`
        default:
          return `${day.format(p.periodStart)} – ${day.format(p.periodEnd - 1)}`
      }
    }
  }, [i18n.locale, timeZone])
}

/** What the kind measures the team by. */
function MeasureLabel({ kind }: { kind: ContractKind }) {
  switch (kind) {
    case 'dividend':
      return <Trans>Team loss</Trans>
    case 'realTimeSalary':
      return <Trans>Team stakes</Trans>
    default:
      return <Trans>Team valid bets</Trans>
  }
}

interface ListProps {
  kind: ContractKind
  list: ContractPayment[]
  currency: Currency
  /** The downline's payments name the agent paid. */
  withAccount: boolean
  /** The brand's time zone: the periods are its days and hours. */
  timeZone: string
}

const isZero = (money: string) => !/[1-9]/.test(money)

function PaymentCards({ kind, list, currency, withAccount, timeZone }: ListProps) {
  const periodText = usePeriodText(timeZone)
  const money = (m: string) => showMoney(m, currency)
  return (
    <ul className="agent-cards">
      {list.map((p) => (
        <li key={p.id} className="agent-card">
          <div className="agent-card-head">
            <strong>{periodText(p)}</strong>
            <span className="agent-badge agent-num">{money(p.amount)}</span>
          </div>
          <dl className="agent-facts">
            {withAccount ? (
              <div>
                <dt>
                  <Trans>Agent</Trans>
                </dt>
                <dd className="agent-account">{p.agentAccount}</dd>
              </div>
            ) : null}
            <div>
              <dt>
                <MeasureLabel kind={kind} />
              </dt>
              <dd className="agent-num">{money(p.measure)}</dd>
            </div>
            {kind === 'dividend' ? (
              <div>
                <dt>
                  <Trans>Active members</Trans>
                </dt>
                <dd>{p.activeMembers}</dd>
              </div>
            ) : null}
            {p.rate !== null ? (
              <div>
                <dt>
                  <Trans>Rate</Trans>
                </dt>
                <dd>{percent(p.rate)}</dd>
              </div>
            ) : null}
            {p.wonStakes !== null ? (
              <div>
                <dt>
                  <Trans>Stakes of bets won</Trans>
                </dt>
                <dd className="agent-num">{money(p.wonStakes)}</dd>
              </div>
            ) : null}
            {p.lostStakes !== null ? (
              <div>
                <dt>
                  <Trans>Stakes of bets lost</Trans>
                </dt>
                <dd className="agent-num">{money(p.lostStakes)}</dd>
              </div>
            ) : null}
            <div>
              <dt>
                <Trans>Pay on the whole team</Trans>
              </dt>
              <dd className="agent-num">{money(p.pay)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Downline agents’ pay</Trans>
              </dt>
              <dd className="agent-num">{money(p.downlinePay)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Paid</Trans>
              </dt>
              <dd className="agent-num">
                <strong>{money(p.amount)}</strong>
              </dd>
            </div>
            {isZero(p.shortfall) ? null : (
              <div>
                <dt>
                  <Trans>Shortfall borne by the house</Trans>
                </dt>
                <dd className="agent-num">{money(p.shortfall)}</dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  )
}

function PaymentTable({ kind, list, currency, withAccount, timeZone }: ListProps) {
  const periodText = usePeriodText(timeZone)
  const money = (m: string) => showMoney(m, currency)
  const realTime = kind === 'realTimeSalary'
  const shortfall = list.some((p) => !isZero(p.shortfall))
  return (
    <div className="agent-table-wrap">
      <table className="agent-table agent-payments">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Period</Trans>
            </th>
            {withAccount ? (
              <th scope="col">
                <Trans>Agent</Trans>
              </th>
            ) : null}
            <th scope="col" className="agent-num">
              <MeasureLabel kind={kind} />
            </th>
            {kind === 'dividend' ? (
              <th scope="col" className="agent-num">
                <Trans>Active members</Trans>
              </th>
            ) : null}
            {realTime ? (
              <>
                <th scope="col" className="agent-num">
                  <Trans>Stakes of bets won</Trans>
                </th>
                <th scope="col" className="agent-num">
                  <Trans>Stakes of bets lost</Trans>
                </th>
              </>
            ) : (
              <th scope="col" className="agent-num">
                <Trans>Rate</Trans>
              </th>
            )}
            <th scope="col" className="agent-num">
              <Trans>Pay on the whole team</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Downline agents’ pay</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Paid</Trans>
            </th>
            {shortfall ? (
              <th scope="col" className="agent-num">
                <Trans>Shortfall borne by the house</Trans>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {list.map((p) => (
            <tr key={p.id}>
              <th scope="row">{periodText(p)}</th>
              {withAccount ? <td className="agent-payee">{p.agentAccount}</td> : null}
              <td className="agent-num">{money(p.measure)}</td>
              {kind === 'dividend' ? <td className="agent-num">{p.activeMembers}</td> : null}
              {realTime ? (
                <>
                  <td className="agent-num">{p.wonStakes === null ? '' : money(p.wonStakes)}</td>
                  <td className="agent-num">{p.lostStakes === null ? '' : money(p.lostStakes)}</td>
                </>
              ) : (
                <td className="agent-num">{p.rate === null ? '' : percent(p.rate)}</td>
              )}
              <td className="agent-num">{money(p.pay)}</td>
              <td className="agent-num">{money(p.downlinePay)}</td>
              <td className="agent-num">
                <strong>{money(p.amount)}</strong>
              </td>
              {shortfall ? <td className="agent-num">{money(p.shortfall)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function ContractPayments({ kind }: { kind: ContractKind }) {
  const { t } = useLingui()
  const currency = useCurrency()
  const phone = useMediaQuery(phoneQuery)
  const [scope, setScope] = useState<Scope>('mine')
  const [pageNo, setPageNo] = useState(1)
  const payments = useQuery(contractPaymentsQueryOptions(kind, { scope, pageNo, pageSize }))
  const scopeLabels: Record<Scope, string> = {
    mine: t`My payments`,
    downline: t`My downline’s payments`,
  }

  return (
    <section className="agent-page" aria-label={t`Payment history`}>
      <h4>
        <Trans>Payment history</Trans>
      </h4>
      <div className="agent-chips" role="group" aria-label={t`Whose payments`}>
        {contractPaymentScopes.map((s) => (
          <button
            key={s}
            type="button"
            className="agent-chip"
            aria-pressed={scope === s}
            onClick={() => {
              setScope(s)
              setPageNo(1)
            }}
          >
            {scopeLabels[s]}
          </button>
        ))}
      </div>
      <QueryView query={payments} lines={4}>
        {(data) => (
          <div className="agent-page" aria-busy={payments.isFetching}>
            <ReportTotals
              label={t`Total paid`}
              items={[
                { label: t`Payments`, value: data.payments.total },
                { label: t`Total paid`, value: showMoney(data.sum, currency) },
              ]}
            />
            {data.payments.list.length === 0 ? (
              <EmptyState
                title={
                  scope === 'mine' ? (
                    <Trans>No payments to you yet.</Trans>
                  ) : (
                    <Trans>No payments to your downline agents yet.</Trans>
                  )
                }
              />
            ) : phone ? (
              <PaymentCards
                kind={kind}
                list={data.payments.list}
                currency={currency}
                withAccount={scope === 'downline'}
                timeZone={data.timeZone}
              />
            ) : (
              <PaymentTable
                kind={kind}
                list={data.payments.list}
                currency={currency}
                withAccount={scope === 'downline'}
                timeZone={data.timeZone}
              />
            )}
            <AgentPager
              page={pageNo}
              total={data.payments.total}
              pageSize={pageSize}
              onChange={setPageNo}
              label={t`Payment pages`}
            />
          </div>
        )}
      </QueryView>
    </section>
  )
}
