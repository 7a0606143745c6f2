/**
 * A balance: a placeholder while it refreshes, then the currency symbol and the amount
 * with the currency's decimals (two for cents, none for the dong) and thousands
 * separators; hideable as ***.
 */
import { type Currency, formatMinor } from '#contract/money'

export interface BalanceDisplayProps {
  /** Minor units (e.g. cents) as a decimal string, or null while unknown. */
  amountMinor: string | null
  currency: Currency
  hidden: boolean
  refreshing: boolean
  labels: { balance: string; loading: string; hidden: string }
}

export function BalanceDisplay({ amountMinor, currency, hidden, refreshing, labels }: BalanceDisplayProps) {
  if (refreshing || amountMinor === null) {
    return (
      <span
        className="balance balance-loading"
        role="status"
        aria-label={`${labels.balance}: ${labels.loading}`}
      >
        <span aria-hidden="true">{currency.symbol} ···</span>
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
  const digits = formatMinor(amountMinor, currency)
  const text = digits.startsWith('-')
    ? `-${currency.symbol}${digits.slice(1)}`
    : `${currency.symbol}${digits}`
  return (
    <span className="balance" aria-label={`${labels.balance}: ${text}`}>
      <span aria-hidden="true">{text}</span>
    </span>
  )
}
