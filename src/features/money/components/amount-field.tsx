import { useLingui } from '@lingui/react/macro'
import { formatMinor, type Money } from '#contract/money'
import { TextField } from '../../../components/ui/text-field'
import { showMoney, type Currency } from '../money-text'

/**
 * An amount input in the brand's currency: a digits-only keypad and a "0" placeholder
 * for a currency without decimals, a decimal keypad and "0.00" for cents; the limits
 * from the server shown under it.
 */
export function AmountField({
  label,
  value,
  onChange,
  onBlur,
  error,
  currency,
  min,
  max,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  onBlur?: () => void
  error?: string | null
  currency: Currency
  min?: Money
  max?: Money
}) {
  const { t } = useLingui()
  const minText = min === undefined ? null : showMoney(min, currency)
  const maxText = max === undefined ? null : showMoney(max, currency)
  const hint =
    minText && maxText
      ? t`Min ${minText}, max ${maxText}`
      : minText
        ? t`Min ${minText}`
        : maxText
          ? t`Max ${maxText}`
          : undefined
  return (
    <TextField
      label={label}
      inputMode={currency.decimals === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={error}
      hint={hint}
      placeholder={formatMinor(0n, currency)}
      required
    />
  )
}
