/**
 * Team overview: the team's figures for a period (today, yesterday, this week, this month,
 * or two chosen days), the direct downline and the whole team apart. A phone shows them as
 * two cards, a wider screen as one table with a column each.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { TeamFigures } from '#contract/agent'
import { showMoney, type Currency } from '#contract/money'
import { phoneQuery, useMediaQuery } from '../../../hooks/use-media-query'
import { useCurrency } from '../agent-money'
import { teamOverviewQueryOptions, type TeamOverviewQuery } from '../api/get-team-overview'
import { AgentStyles } from './agent-styles'
import { InviteCard } from './invite-card'
import { PeriodFilter, PeriodNote, RangeIncomplete, signTone, usePeriod } from './period-filter'
import { QueryView } from './query-view'

const figureKeys = [
  'members',
  'newMembers',
  'activeMembers',
  'firstDeposits',
  'deposits',
  'withdrawals',
  'validBets',
  'bonuses',
  'profitLoss',
] as const satisfies readonly (keyof TeamFigures)[]
type FigureKey = (typeof figureKeys)[number]

function FigureLabel({ figure }: { figure: FigureKey }): ReactNode {
  switch (figure) {
    case 'members':
      return <Trans>Members</Trans>
    case 'newMembers':
      return <Trans>New members</Trans>
    case 'activeMembers':
      return <Trans>Active members</Trans>
    case 'firstDeposits':
      return <Trans>First deposits</Trans>
    case 'deposits':
      return <Trans>Deposits</Trans>
    case 'withdrawals':
      return <Trans>Withdrawals</Trans>
    case 'validBets':
      return <Trans>Valid bets</Trans>
    case 'bonuses':
      return <Trans>Bonuses</Trans>
    case 'profitLoss':
      return <Trans>Profit and loss</Trans>
  }
}

function figureText(f: TeamFigures, key: FigureKey, c: Currency): string {
  const v = f[key]
  return typeof v === 'number' ? String(v) : showMoney(v, c)
}

/** Profit and loss is coloured by its sign; the others are plain. */
function tone(f: TeamFigures, key: FigureKey): string | undefined {
  if (key !== 'profitLoss') return undefined
  return signTone(f.profitLoss)
}

export function TeamOverviewPage() {
  const { t } = useLingui()
  const currency = useCurrency()
  const phone = useMediaQuery(phoneQuery)
  const period = usePeriod()
  const query: TeamOverviewQuery = period.query
  const overview = useQuery({ ...teamOverviewQueryOptions(query), enabled: period.ready })
  const parts = [
    { key: 'direct', title: t`Direct downline` },
    { key: 'team', title: t`Whole team` },
  ] as const

  return (
    <div className="agent-page">
      <AgentStyles />
      <InviteCard compact />
      <PeriodFilter state={period} />
      {!period.ready ? (
        <RangeIncomplete />
      ) : (
        <QueryView query={overview} lines={6}>
          {(data) => (
            <div aria-busy={overview.isFetching}>
              <PeriodNote from={data.from} to={data.to} timeZone={data.timeZone} />
              {phone ? (
                <div className="agent-figure-cards">
                  {parts.map((part) => (
                    <section key={part.key} className="agent-card" aria-label={part.title}>
                      <h4>{part.title}</h4>
                      <dl className="agent-facts">
                        {figureKeys.map((k) => (
                          <div key={k}>
                            <dt>
                              <FigureLabel figure={k} />
                            </dt>
                            <dd className={tone(data[part.key], k)}>
                              {figureText(data[part.key], k, currency)}
                            </dd>
                          </div>
                        ))}
                      </dl>
                    </section>
                  ))}
                </div>
              ) : (
                <table className="agent-table agent-figures">
                  <thead>
                    <tr>
                      <th scope="col">
                        <Trans>Figure</Trans>
                      </th>
                      {parts.map((part) => (
                        <th key={part.key} scope="col" className="agent-num">
                          {part.title}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {figureKeys.map((k) => (
                      <tr key={k}>
                        <th scope="row">
                          <FigureLabel figure={k} />
                        </th>
                        {parts.map((part) => (
                          <td
                            key={part.key}
                            className={['agent-num', tone(data[part.key], k)].filter(Boolean).join(' ')}
                          >
                            {figureText(data[part.key], k, currency)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          )}
        </QueryView>
      )}
    </div>
  )
}
