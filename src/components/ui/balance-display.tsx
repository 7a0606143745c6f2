/**
 * A balance: a placeholder while it refreshes, then the currency symbol and the amount
 * with two decimals and thousands separators; hideable as ***.
 */
import { formatMinor } from '#contract/money'

export interface BalanceDisplayProps {
  /** Minor units (e.g. cents) as a decimal string, or null while unknown. */
  amountMinor: string | null
  currencySymbol: string
  currencyDecimals?: number
  hidden: boolean
  refreshing: boolean
  labels: { balance: string; loading: string; hidden: string }
}

export function BalanceDisplay({
  amountMinor,
  currencySymbol,
  currencyDecimals = 2,
  hidden,
  refreshing,
  labels,
}: BalanceDisplayProps) {
  if (refreshing || amountMinor === null) {
    return (
      <span
        className="balance balance-loading"
        role="status"
        aria-label={`${labels.balance}: ${labels.loading}`}
      >
        <span aria-hidden="true">{currencySymbol} ···</span>
      </span>
    )
  }
  if (hidden) {
    return (
      <span className="balance" aria-label={`${labels.balance}: ${labels.hidden}`}>
        <span aria-hidden="true">***</span>
      </span>
    )
  }
  const text = `${currencySymbol}${formatMinor(amountMinor, currencyDecimals)}`
  return (
    <span className="balance" aria-label={`${labels.balance}: ${text}`}>
      <span aria-hidden="true">{text}</span>
    </span>
  )
}
