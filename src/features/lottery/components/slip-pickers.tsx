/**
 * The bet slip's selection pickers: the position digit grid (D5), the Big/Small and
 * Odd/Even buttons, the exact sum grid (0-45, each with its odds), and the Vietnamese number entry with its chips and 00-99 grid. They
 * show and report; the slip (bet-slip.tsx) keeps the selection.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { picksOf, type LotteryBetType, type LotteryPick, type PickedBetType } from '#contract/lottery'
import { betTypeNames, pickNames } from '../labels'
import { numberLength, sums } from '../slip'

const positions = [1, 2, 3, 4, 5] as const
const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const
const twoDigitNumbers = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'))

export type Pick = LotteryPick

export function DigitGrid({
  grid,
  onToggle,
}: {
  grid: ReadonlyMap<number, ReadonlySet<number>>
  onToggle: (position: number, digit: number) => void
}) {
  const { t } = useLingui()
  return (
    <div className="lott-grid" role="group" aria-label={t`Digits by position`}>
      {positions.map((p) => (
        <div key={p} className="lott-grid-row" role="group" aria-label={t`Position ${p}`}>
          <span className="lott-grid-pos" aria-hidden="true">
            {p}
          </span>
          {digits.map((d) => (
            <button
              key={d}
              type="button"
              className="lott-pick-ball"
              aria-pressed={grid.get(p)?.has(d) ?? false}
              aria-label={t`Position ${p}, digit ${d}`}
              onClick={() => onToggle(p, d)}
            >
              {d}
            </button>
          ))}
        </div>
      ))}
    </div>
  )
}

export function PickButtons({
  betType,
  picks,
  onToggle,
}: {
  betType: PickedBetType
  picks: ReadonlySet<Pick>
  onToggle: (pick: Pick) => void
}) {
  const { i18n } = useLingui()
  return (
    <div className="lott-picks" role="group" aria-label={i18n._(betTypeNames[betType])}>
      {(betType === 'BIG_SMALL' ? picksOf.BIG_SMALL : picksOf.ODD_EVEN).map((p) => (
        <button
          key={p}
          type="button"
          className="lott-pick"
          aria-pressed={picks.has(p)}
          onClick={() => onToggle(p)}
        >
          {i18n._(pickNames[p])}
        </button>
      ))}
    </div>
  )
}

/** The sums 0-45 of the five digits, each with what it pays; several may be picked (a line each). */
export function SumGrid({
  picked,
  oddsBySum,
  onToggle,
}: {
  picked: ReadonlySet<number>
  /** The odds of each sum (index = sum), as the game sets them. */
  oddsBySum: readonly string[]
  onToggle: (sum: number) => void
}) {
  const { t } = useLingui()
  return (
    <div className="lott-sum-grid" role="group" aria-label={t`Sums 0 to 45`}>
      {sums.map((s) => {
        const odds = oddsBySum[s] ?? ''
        return (
          <button
            key={s}
            type="button"
            className="lott-sum-pick"
            aria-pressed={picked.has(s)}
            aria-label={t`Sum ${s}, pays ×${odds}`}
            onClick={() => onToggle(s)}
          >
            <span className="lott-sum-value">{s}</span>
            <span className="lott-sum-odds" aria-hidden="true">
              ×{odds}
            </span>
          </button>
        )
      })}
    </div>
  )
}

export function NumberPicker({
  betType,
  numbers,
  typed,
  typedError,
  typedId,
  typedErrorId,
  onTyped,
  onAdd,
  onToggle,
}: {
  betType: LotteryBetType
  numbers: readonly string[]
  typed: string
  typedError: string | null
  typedId: string
  typedErrorId: string
  onTyped: (value: string) => void
  onAdd: () => void
  onToggle: (n: string) => void
}) {
  const { t } = useLingui()
  return (
    <div className="lott-numbers">
      <div className="lott-number-entry">
        <label htmlFor={typedId}>
          {numberLength(betType) === 2 ? <Trans>Number (2 digits)</Trans> : <Trans>Number (3 digits)</Trans>}
        </label>
        <input
          id={typedId}
          inputMode="numeric"
          autoComplete="off"
          maxLength={numberLength(betType)}
          value={typed}
          aria-invalid={typedError ? true : undefined}
          aria-describedby={typedError ? typedErrorId : undefined}
          onChange={(e) => onTyped(e.target.value.replace(/\D/g, ''))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              onAdd()
            }
          }}
        />
        <button type="button" className="button" onClick={onAdd}>
          <Trans>Add number</Trans>
        </button>
      </div>
      {typedError ? (
        <p id={typedErrorId} className="form-error" role="alert">
          {typedError}
        </p>
      ) : null}
      {numbers.length ? (
        <ul className="lott-chips" aria-label={t`Picked numbers`}>
          {numbers.map((n) => (
            <li key={n}>
              <button type="button" className="lott-chip" onClick={() => onToggle(n)}>
                {n}
                <span className="visually-hidden">{t`Remove ${n}`}</span>
                <span aria-hidden="true"> ×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {numberLength(betType) === 2 ? (
        <div className="lott-number-grid" role="group" aria-label={t`Numbers 00 to 99`}>
          {twoDigitNumbers.map((n) => (
            <button
              key={n}
              type="button"
              className="lott-pick-ball lott-pick-number"
              aria-pressed={numbers.includes(n)}
              onClick={() => onToggle(n)}
            >
              {n}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
