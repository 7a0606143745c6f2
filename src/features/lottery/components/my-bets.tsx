/** The member's lottery bets with their status and what they paid. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { formatMoney, moneyToMinor, type Currency } from '#contract/money'
import { myBetsQueryOptions } from '../api/lottery-queries'
import { betStatusNames, betTypeNames } from '../labels'
import { formatDrawTime } from './results'

export function MyBets({
  lottoGameCode,
  currency,
  online,
  timeZone,
}: {
  lottoGameCode: string
  currency: Currency
  online: boolean
  /** The game's schedule's zone: the bets' times are on its clock, as the results' are. */
  timeZone: string
}) {
  const { t, i18n } = useLingui()
  // A member's bets are never stored on the device: offline they wait for the network.
  const bets = useQuery({ ...myBetsQueryOptions(lottoGameCode), enabled: online })
  if (!bets.data && !online) {
    return (
      <p className="lott-empty">
        <Trans>Your bets show when you are back online.</Trans>
      </p>
    )
  }
  if (bets.isPending) {
    return (
      <p role="status" className="lott-empty">
        <Trans>Loading your bets…</Trans>
      </p>
    )
  }
  if (bets.isError) {
    return (
      <p className="lott-empty">
        <Trans>Your bets cannot be shown right now.</Trans>
      </p>
    )
  }
  if (bets.data.list.length === 0) {
    return (
      <p className="lott-empty">
        <Trans>You have no bets on this game yet.</Trans>
      </p>
    )
  }
  return (
    <ul className="lott-mybets" aria-label={t`My bets`}>
      {bets.data.list.map((b) => {
        const won = b.status === 'WON'
        return (
          <li key={b.betId} className={`lott-mybet lott-mybet-${b.status.toLowerCase()}`}>
            <div className="lott-mybet-main">
              <span className="lott-mybet-issue">{b.numero}</span>
              <span>
                {i18n._(betTypeNames[b.betType])}: <strong>{b.selection}</strong>
              </span>
              <span className="lott-mybet-time">{formatDrawTime(b.betTime, i18n.locale, timeZone)}</span>
            </div>
            <div className="lott-mybet-money">
              <span>
                <Trans>
                  Stake {currency.symbol}
                  {formatMoney(b.amount, currency)}
                </Trans>
              </span>
              <span className={`lott-status lott-status-${b.status.toLowerCase()}`}>
                {i18n._(betStatusNames[b.status])}
              </span>
              {b.status !== 'PENDING' ? (
                <span className={won ? 'lott-payout lott-payout-won' : 'lott-payout'}>
                  {moneyToMinor(b.payout, currency) > 0n ? (
                    <Trans>
                      Paid {currency.symbol}
                      {formatMoney(b.payout, currency)}
                    </Trans>
                  ) : (
                    <Trans>Paid nothing</Trans>
                  )}
                </span>
              ) : null}
              {b.result ? (
                <span className="lott-mybet-result">
                  <Trans>Result {b.result}</Trans>
                </span>
              ) : null}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
