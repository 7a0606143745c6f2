import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { moneyToMinor, showMoney } from '#contract/money'
import type { Promotion } from '#contract/promotions'
import { useBrandCurrency } from './use-brand-currency'

/** A signed-up member's way to the target: the valid bets since joining, as a bar and in words. */
export function SignUpProgress({ progress }: { progress: NonNullable<Promotion['progress']> }) {
  const { t } = useLingui()
  const id = useId()
  const c = useBrandCurrency()
  const done = moneyToMinor(progress.done, c)
  const target = moneyToMinor(progress.target, c)
  const pct = target > 0n ? Number((done * 100n) / target) : 100
  const doneText = showMoney(progress.done, c)
  const targetText = showMoney(progress.target, c)
  return (
    <div className="promotion-progress">
      <p id={id}>{t`Valid bets: ${doneText} of ${targetText}`}</p>
      <progress aria-labelledby={id} value={Math.min(100, pct)} max={100} />
    </div>
  )
}
