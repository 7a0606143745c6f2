/**
 * My income's salaries and dividends: what each kind of contract paid the agent for the
 * period (money credited, unlike the rebate difference's estimate). A kind shows when the
 * brand offers it or when it paid something in the period.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { IncomeContractLine } from '#contract/agent'
import { contractKindFlags, type ContractKind } from '#contract/contracts'
import { showMoney, type Currency } from '#contract/money'
import { isFlagEnabled } from '#contract/system'
import { statusQueryOptions } from '../../../lib/status-query'

/** A contract kind as My income names what it paid. */
function KindLabel({ kind }: { kind: ContractKind }) {
  switch (kind) {
    case 'dividend':
      return <Trans>Dividends</Trans>
    case 'dailySalary':
      return <Trans>Daily salary</Trans>
    case 'hourlySalary':
      return <Trans>Hourly salary</Trans>
    case 'realTimeSalary':
      return <Trans>Real-time salary</Trans>
  }
}

export function ContractIncome({
  lines,
  total,
  currency,
}: {
  lines: IncomeContractLine[]
  total: string
  currency: Currency
}) {
  const { t } = useLingui()
  const status = useQuery(statusQueryOptions())
  const tree = status.data?.info.whitelabel ?? []
  const shown = lines.filter((l) => l.payments > 0 || isFlagEnabled(tree, contractKindFlags[l.kind]))
  if (shown.length === 0) return null
  return (
    <section className="agent-card" aria-label={t`Salaries and dividends`}>
      <h4>
        <Trans>Salaries and dividends</Trans>
      </h4>
      <p className="muted">
        <Trans>Paid to your wallet by your contracts, for the periods that start in these days.</Trans>
      </p>
      <dl className="agent-facts">
        {shown.map((l) => (
          <div key={l.kind}>
            <dt>
              <KindLabel kind={l.kind} />
            </dt>
            <dd className="agent-num">{showMoney(l.amount, currency)}</dd>
          </div>
        ))}
        <div>
          <dt>
            <Trans>Total paid</Trans>
          </dt>
          <dd>
            <strong>{showMoney(total, currency)}</strong>
          </dd>
        </div>
      </dl>
    </section>
  )
}
