/**
 * A turnover requirement's progress: a bar of the valid bets done out of those required,
 * with both amounts in words beside it (the bar alone says nothing to a screen reader
 * beyond its percentage).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { moneyToMinor, type Money } from '#contract/money'
import type { TurnoverStatus } from '#contract/turnover'
import { showMoney, type Currency } from '../money-text'

/** Done out of required, in thousandths, exactly from the minor units. */
function permille(done: Money, required: Money, c: Currency): number {
  const r = moneyToMinor(required, c)
  if (r <= 0n) return 1000
  const d = moneyToMinor(done, c)
  return Number(((d < 0n ? 0n : d > r ? r : d) * 1000n) / r)
}

export function TurnoverProgress({
  done,
  required,
  currency,
}: {
  done: Money
  required: Money
  currency: Currency
}) {
  const { t } = useLingui()
  const shownDone = showMoney(done, currency)
  const shownRequired = showMoney(required, currency)
  return (
    <div className="turnover-progress">
      <progress
        value={permille(done, required, currency)}
        max={1000}
        aria-label={t`Valid bets ${shownDone} of ${shownRequired}`}
      />
      <span className="muted">
        <Trans>
          {shownDone} of {shownRequired}
        </Trans>
      </span>
    </div>
  )
}

export function TurnoverStatusLabel({ status }: { status: TurnoverStatus }) {
  switch (status) {
    case 'open':
      return <Trans>In progress</Trans>
    case 'met':
      return <Trans>Completed</Trans>
    case 'waived':
      return <Trans>Waived</Trans>
    case 'forfeited':
      return <Trans>Forfeited</Trans>
  }
}
