/** The slip's bet types, each with its odds, and what the chosen one pays and at what stake. */
import { Trans, useLingui } from '@lingui/react/macro'
import type { BetTypeSetting, LotteryBetType } from '#contract/lottery'
import { showMoney, type Currency } from '#contract/money'
import { betTypeHints, betTypeNames } from '../labels'

export function SlipBetTypes({
  offered,
  betType,
  typeSetting,
  currency,
  maxPayout,
  onChoose,
}: {
  offered: readonly BetTypeSetting[]
  betType: LotteryBetType | undefined
  typeSetting: BetTypeSetting | undefined
  currency: Currency
  /** The most one bet wins, as shown. */
  maxPayout: string
  onChoose: (betType: LotteryBetType) => void
}) {
  const { t, i18n } = useLingui()
  return (
    <>
      <div className="lott-bettypes" role="group" aria-label={t`Bet type`}>
        {offered.map((b) => (
          <button
            key={b.betType}
            type="button"
            className="lott-bettype"
            aria-pressed={betType === b.betType}
            onClick={() => onChoose(b.betType)}
          >
            <span>{i18n._(betTypeNames[b.betType])}</span>
            <span className="lott-odds">
              ×{b.odds}
              {b.oddsBySum ? '+' : null}
            </span>
          </button>
        ))}
      </div>
      {betType && typeSetting ? (
        <p className="lott-hint">
          {i18n._(betTypeHints[betType])}{' '}
          {typeSetting.oddsBySum ? (
            <Trans>
              Each sum pays the odds shown on it × stake. Stake per unit{' '}
              {showMoney(typeSetting.minStake, currency)}–{showMoney(typeSetting.maxStake, currency)}.
            </Trans>
          ) : (
            <Trans>
              Pays {typeSetting.odds} × stake per hit. Stake per unit{' '}
              {showMoney(typeSetting.minStake, currency)}–{showMoney(typeSetting.maxStake, currency)}.
            </Trans>
          )}{' '}
          <Trans>One bet wins at most {maxPayout}.</Trans>
        </p>
      ) : null}
    </>
  )
}
