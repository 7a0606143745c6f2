/**
 * The slip's lines: each bet with its selection, units, amount and best win, the line the
 * server refused marked with why, and the slip's total.
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { BetTypeSetting } from '#contract/lottery'
import { formatMinor, showMoney, type Currency } from '#contract/money'
import { betTypeNames, pickNames } from '../labels'
import { lineMinor, maxWinMinor, totalMinor, unitsOf, type SlipLine } from '../slip'

/** A refusal the server tied to one line: its index and what was wrong with it. */
export interface BadLine {
  index: number
  reason?: string
  minStake?: string
  maxStake?: string
  maxPayout?: string
}

export function SlipLines({
  lines,
  offered,
  currency,
  forNumero,
  badLine,
  onRemove,
}: {
  lines: readonly SlipLine[]
  offered: readonly BetTypeSetting[]
  currency: Currency
  /** The issue the slip is for, when it has one. */
  forNumero: string | null
  badLine: BadLine | null
  onRemove: (index: number) => void
}) {
  const { t, i18n } = useLingui()
  const total = totalMinor(lines, currency)
  const units = lines.reduce((n, l) => n + unitsOf(l), 0)
  return (
    <>
      <h3 className="lott-lines-title">
        {forNumero ? <Trans>Your bets on issue {forNumero}</Trans> : <Trans>Your bets</Trans>}
      </h3>
      {lines.length === 0 ? (
        <p className="lott-empty">
          <Trans>Pick numbers above and add them to the slip.</Trans>
        </p>
      ) : (
        <ol className="lott-lines" aria-label={t`Lines on the slip`}>
          {lines.map((l, i) => {
            const amount = lineMinor(l, currency)
            const lineSetting = offered.find((b) => b.betType === l.betType)
            const win = lineSetting ? maxWinMinor(l, lineSetting, currency) : null
            const bad = badLine?.index === i
            return (
              // A refused line is marked by its colour and says why in its own words (lott-line-why),
              // which a screen reader reads with the line: a list item takes no aria-invalid.
              <li key={i} className={bad ? 'lott-line lott-line-bad' : 'lott-line'}>
                <span className="lott-line-type">{i18n._(betTypeNames[l.betType])}</span>
                <span className="lott-line-sel">{selectionText(l, i18n)}</span>
                <span className="lott-line-money">
                  <Trans>
                    {unitsOf(l)} × {currency.symbol}
                    {l.stake}
                  </Trans>
                  {' = '}
                  <strong>
                    {amount === null ? '—' : `${currency.symbol}${formatMinor(amount, currency)}`}
                  </strong>
                </span>
                {win !== null ? (
                  <span className="lott-line-win">
                    <Trans>
                      Wins up to {currency.symbol}
                      {formatMinor(win, currency)}
                    </Trans>
                  </span>
                ) : null}
                <button
                  type="button"
                  className="lott-line-remove"
                  aria-label={t`Remove line ${i + 1}`}
                  onClick={() => onRemove(i)}
                >
                  ×
                </button>
                {bad ? <span className="lott-line-why">{badLineText(badLine, currency, i18n)}</span> : null}
              </li>
            )
          })}
        </ol>
      )}
      <p className="lott-total" aria-live="polite">
        <Trans>
          Lines {lines.length} · Units {units} · Total{' '}
          <strong>
            {currency.symbol}
            {formatMinor(total ?? 0n, currency)}
          </strong>
        </Trans>
      </p>
    </>
  )
}

function selectionText(l: SlipLine, i18n: I18n): string {
  if (l.betType === 'POS_DIGIT') {
    const position = l.position ?? 0
    const list = (l.digits ?? []).join(', ')
    return i18n._(msg`Position ${position}: ${list}`)
  }
  if (l.pick) return i18n._(pickNames[l.pick])
  if (l.sum !== undefined) {
    const sum = l.sum
    return i18n._(msg`Sum ${sum}`)
  }
  return (l.numbers ?? []).join(', ')
}

function badLineText(bad: BadLine, currency: Currency, i18n: I18n): string {
  if (bad.maxPayout !== undefined && bad.maxStake !== undefined) {
    const most = showMoney(bad.maxPayout, currency)
    const max = showMoney(bad.maxStake, currency)
    return i18n._(
      msg`This line could win more than ${most}, the most one bet may win. Stake at most ${max} per unit.`,
    )
  }
  if (bad.minStake !== undefined && bad.maxStake !== undefined) {
    const min = showMoney(bad.minStake, currency)
    const max = showMoney(bad.maxStake, currency)
    return i18n._(msg`Stake per unit must be from ${min} to ${max}.`)
  }
  switch (bad.reason) {
    case 'duplicate':
      return i18n._(msg`This line repeats a number.`)
    case 'digits':
    case 'numbers':
    case 'sum':
      return i18n._(msg`These numbers cannot be used for this bet.`)
    case 'position':
      return i18n._(msg`This position does not exist.`)
    default:
      return i18n._(msg`This bet cannot be placed on this game.`)
  }
}
