/**
 * The slip's stake per unit: the field, what is wrong with the amount typed (out of the bet
 * type's range, or able to win more than one bet may), and the button that adds the picks
 * as lines.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { BetTypeSetting, GameSetting } from '#contract/lottery'
import { formatMinor, showMoney, type Currency } from '#contract/money'
import { stakeOverPayout, stakeProblem, type SlipLine } from '../slip'

/** What is wrong with the stake typed, in words, or null. */
export function useStakeMessage({
  stake,
  typeSetting,
  setting,
  currency,
  pendingLines,
}: {
  stake: string
  typeSetting: BetTypeSetting | undefined
  setting: GameSetting
  currency: Currency
  /** The picks as lines at this stake. */
  pendingLines: () => SlipLine[]
}): string | null {
  const { t } = useLingui()
  const problem = stakeProblem(stake, typeSetting, currency)
  const maxPayout = showMoney(setting.maxPayout, currency)
  // The picks as lines at this stake: none may be able to win more than one bet may.
  const overPayout =
    typeSetting && !problem ? stakeOverPayout(pendingLines(), typeSetting, setting.maxPayout, currency) : null
  return problem === 'invalid'
    ? currency.decimals === 0
      ? t`Enter a whole amount above zero.`
      : t`Enter an amount above zero with at most ${currency.decimals} decimals.`
    : problem && typeSetting
      ? t`Stake per unit from ${showMoney(typeSetting.minStake, currency)} to ${showMoney(typeSetting.maxStake, currency)}.`
      : overPayout !== null
        ? t`One bet wins at most ${maxPayout}: stake at most ${currency.symbol}${formatMinor(overPayout, currency)} per unit on this pick.`
        : null
}

export function SlipStake({
  setting,
  currency,
  stake,
  stakeMessage,
  showStakeError,
  selectionUnits,
  full,
  canAdd,
  onStake,
  onTouched,
  onAdd,
}: {
  setting: GameSetting
  currency: Currency
  stake: string
  stakeMessage: string | null
  showStakeError: boolean
  selectionUnits: number
  /** The slip holds as many lines as it may. */
  full: boolean
  /** There is an issue to add lines for. */
  canAdd: boolean
  onStake: (stake: string) => void
  onTouched: () => void
  onAdd: () => void
}) {
  const ids = { stake: useId(), stakeError: useId() }
  return (
    <>
      <div className="lott-stake-row">
        <label htmlFor={ids.stake}>
          <Trans>Stake per unit ({currency.symbol})</Trans>
        </label>
        <input
          id={ids.stake}
          inputMode={currency.decimals === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={stake}
          aria-invalid={showStakeError || undefined}
          aria-describedby={showStakeError ? ids.stakeError : undefined}
          onChange={(e) => onStake(e.target.value)}
          onBlur={onTouched}
        />
        <button
          type="button"
          className="button button-primary lott-add"
          disabled={selectionUnits === 0 || full || !canAdd}
          onClick={onAdd}
        >
          {selectionUnits > 0 ? <Trans>Add {selectionUnits} to slip</Trans> : <Trans>Add to slip</Trans>}
        </button>
      </div>
      {showStakeError ? (
        <p id={ids.stakeError} className="form-error" role="alert">
          {stakeMessage}
        </p>
      ) : null}
      {full ? (
        <p className="field-hint">
          <Trans>The slip holds at most {setting.maxLines} lines.</Trans>
        </p>
      ) : null}
    </>
  )
}
