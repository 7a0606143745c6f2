/**
 * The deposit page's "Choose a bonus": No bonus first (the default), then each deposit bonus
 * with what it adds to the typed amount, its minimum deposit and cap, and the turnover it
 * brings, so the player knows what they take on. The list follows the amount, asked again a
 * moment after the typing stops.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { parseAmount } from '#contract/money'
import { basisPoints, type Turnover } from '#contract/promotions'
import { depositBonusesQueryOptions } from '../api/get-deposit-bonuses'
import { showMoney, type Currency } from '../money-text'

const debounceMs = 400

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(id)
  }, [value, ms])
  return settled
}

function TurnoverText({ turnover }: { turnover: Turnover }) {
  const times = turnover.multipleTenths / 10
  if (times === 0) return <Trans>No turnover</Trans>
  return turnover.base === 'bonus' ? (
    <Trans>{times}× turnover on the bonus</Trans>
  ) : (
    <Trans>{times}× turnover on deposit + bonus</Trans>
  )
}

export function DepositBonusChoice({
  amount,
  currency,
  value,
  onChange,
}: {
  amount: string
  currency: Currency
  /** The chosen bonus's promotion id, or null for no bonus. */
  value: number | null
  onChange: (id: number | null) => void
}) {
  const { t } = useLingui()
  const typed = useDebounced(amount.trim(), debounceMs)
  // Only an amount the server would read is sent; until then each bonus shows its terms.
  const valid = typed !== '' && parseAmount(typed, currency) !== null ? typed : undefined
  const bonuses = useQuery({ ...depositBonusesQueryOptions(valid), placeholderData: keepPreviousData })
  const list = bonuses.data?.list ?? []
  // A chosen bonus that is no longer offered is no choice.
  useEffect(() => {
    if (bonuses.data && value !== null && !bonuses.data.list.some((b) => b.id === value)) onChange(null)
  }, [bonuses.data, value, onChange])
  if (list.length === 0) return null
  return (
    <fieldset className="money-choices deposit-bonuses">
      <legend>
        <Trans>Choose a bonus</Trans>
      </legend>
      <label>
        <input
          type="radio"
          name="deposit-bonus"
          value=""
          checked={value === null}
          onChange={() => onChange(null)}
        />
        <span>
          <Trans>No bonus</Trans>
        </span>
      </label>
      {list.map((b) => {
        const rate = `${Number(((b.rate * 100) / basisPoints).toFixed(2))}%`
        const min = showMoney(b.minDeposit, currency)
        const cap = showMoney(b.cap, currency)
        return (
          <label key={b.id}>
            <input
              type="radio"
              name="deposit-bonus"
              value={b.id}
              checked={value === b.id}
              onChange={() => onChange(b.id)}
            />
            <span className="deposit-bonus">
              <span className="deposit-bonus-title">
                {b.title}
                {valid && /[1-9]/.test(b.bonus) ? (
                  <span className="money-in deposit-bonus-amount"> +{showMoney(b.bonus, currency)}</span>
                ) : null}
              </span>
              <span className="muted">
                {t`${rate} from ${min}, up to ${cap}`} · <TurnoverText turnover={b.turnover} />
              </span>
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
