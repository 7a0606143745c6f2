/**
 * Team betting: the bets of the agent's whole team over a period, narrowed by game type,
 * vendor or one member (chosen from a row), with the totals of all the bets that match. A
 * phone shows each bet as a card, a wider screen a table.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { TeamBet } from '#contract/agent'
import { gameTypes, type GameType } from '#contract/games'
import { showMoney, type Currency } from '#contract/money'
import { EmptyState } from '../../../components/ui/empty-state'
import { SelectField } from '../../../components/ui/select-field'
import { phoneQuery, useMediaQuery } from '../../../hooks/use-media-query'
import { gameTypeNames } from '../../../lib/game-type-names'
import { useCurrency } from '../agent-money'
import { teamBetsQueryOptions } from '../api/get-team-reports'
import { AgentStyles } from './agent-styles'
import { PeriodFilter, PeriodNote, RangeIncomplete, usePeriod } from './period-filter'
import { QueryView } from './query-view'
import {
  AccountPick,
  BetStatusLabel,
  MemberFilterNote,
  MemberSearch,
  memberQuery,
  ReportPager,
  ReportSearch,
  ReportTotals,
  Signed,
  reportPageSize,
  useDateTime,
  type MemberFilter,
} from './report-parts'

interface RowProps {
  list: TeamBet[]
  currency: Currency
  onPick: ((bet: TeamBet) => void) | undefined
}

function useGameName(): (bet: TeamBet) => string {
  const { i18n } = useLingui()
  return (bet) => [i18n._(gameTypeNames[bet.productType]), bet.vendorName, bet.gameName].join(' · ')
}

function BetCards({ list, currency, onPick }: RowProps) {
  const time = useDateTime()
  const game = useGameName()
  return (
    <ul className="agent-cards">
      {list.map((b) => (
        <li key={b.id} className="agent-card">
          <div className="agent-card-head">
            <AccountPick account={b.account} onPick={onPick && (() => onPick(b))} />
            <span className="agent-badge" data-status={b.status}>
              <BetStatusLabel status={b.status} />
            </span>
          </div>
          <span className="agent-card-sub">{game(b)}</span>
          <dl className="agent-facts">
            <div>
              <dt>
                <Trans>Bet amount</Trans>
              </dt>
              <dd>{showMoney(b.betAmount, currency)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Valid bet</Trans>
              </dt>
              <dd>{showMoney(b.validBet, currency)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Win/loss</Trans>
              </dt>
              <dd>
                <Signed money={b.winLoss} currency={currency} />
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Bet time</Trans>
              </dt>
              <dd>{time(b.betTime)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Bet number</Trans>
              </dt>
              <dd>{b.betNo}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  )
}

function BetTable({ list, currency, onPick }: RowProps) {
  const time = useDateTime()
  const game = useGameName()
  return (
    <div className="agent-table-wrap">
      <table className="agent-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Account</Trans>
            </th>
            <th scope="col">
              <Trans>Game</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Bet amount</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Valid bet</Trans>
            </th>
            <th scope="col" className="agent-num">
              <Trans>Win/loss</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col">
              <Trans>Bet time</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((b) => (
            <tr key={b.id}>
              <th scope="row">
                <AccountPick account={b.account} onPick={onPick && (() => onPick(b))} />
              </th>
              <td>
                {game(b)}
                <span className="agent-card-sub">{b.betNo}</span>
              </td>
              <td className="agent-num">{showMoney(b.betAmount, currency)}</td>
              <td className="agent-num">{showMoney(b.validBet, currency)}</td>
              <td className="agent-num">
                <Signed money={b.winLoss} currency={currency} />
              </td>
              <td data-status={b.status}>
                <BetStatusLabel status={b.status} />
              </td>
              <td>{time(b.betTime)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function TeamBetsPage() {
  const { t, i18n } = useLingui()
  const currency = useCurrency()
  const phone = useMediaQuery(phoneQuery)
  const [pageNo, setPageNo] = useState(1)
  const period = usePeriod(() => setPageNo(1))
  const [productType, setProductType] = useState<GameType | ''>('')
  const [vendorName, setVendorName] = useState('')
  const [member, setMember] = useState<MemberFilter | null>(null)
  const bets = useQuery({
    ...teamBetsQueryOptions({
      ...period.query,
      pageNo,
      pageSize: reportPageSize,
      ...memberQuery(member),
      productType: productType === '' ? undefined : productType,
      vendorName: vendorName === '' ? undefined : vendorName,
    }),
    enabled: period.ready,
  })
  const pick = (b: TeamBet) => {
    setMember({ id: b.memberId, account: b.account })
    setPageNo(1)
  }

  return (
    <div className="agent-page">
      <AgentStyles />
      <PeriodFilter state={period} />
      <div className="agent-filters">
        <SelectField
          label={t`Game type`}
          value={productType}
          options={[
            { value: '', label: t`All game types` },
            ...gameTypes.map((g) => ({ value: g, label: i18n._(gameTypeNames[g]) })),
          ]}
          onChange={(e) => {
            setProductType(gameTypes.find((g) => g === e.target.value) ?? '')
            setPageNo(1)
          }}
        />
        <ReportSearch
          label={t`Vendor`}
          placeholder={t`Search by vendor`}
          onSearch={(v) => {
            setVendorName(v)
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
        <QueryView query={bets} lines={6}>
          {(data) => (
            <div className="agent-page" aria-busy={bets.isFetching}>
              <PeriodNote from={data.from} to={data.to} timeZone={data.timeZone} />
              <ReportTotals
                label={t`Totals`}
                items={[
                  { label: t`Bet amount`, value: showMoney(data.totals.betAmount, currency) },
                  { label: t`Valid bet`, value: showMoney(data.totals.validBet, currency) },
                  {
                    label: t`Win/loss`,
                    value: <Signed money={data.totals.winLoss} currency={currency} />,
                  },
                ]}
              />
              {data.list.length === 0 ? (
                <EmptyState title={<Trans>No bets in this period.</Trans>} />
              ) : phone ? (
                <BetCards list={data.list} currency={currency} onPick={member ? undefined : pick} />
              ) : (
                <BetTable list={data.list} currency={currency} onPick={member ? undefined : pick} />
              )}
              <ReportPager page={pageNo} total={data.total} onChange={setPageNo} />
            </div>
          )}
        </QueryView>
      )}
    </div>
  )
}
