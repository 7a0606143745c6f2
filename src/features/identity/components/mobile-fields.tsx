/**
 * A country's dialling code and a mobile number, checked against the country's digit
 * count before anything is sent.
 */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import type { Country } from '#contract/system'
import { TextField } from '../../../components/ui/text-field'
import { countriesQueryOptions } from '../api/auth-api'

/** The national digits of a number, or null when they do not fit the country. */
export function nationalDigits(raw: string, country: Country | undefined): string | null {
  const national = raw.replace(/[\s-]/g, '').replace(/^0+/, '')
  if (!country || !/^\d+$/.test(national)) return null
  return national.length >= country.minDigits && national.length <= country.maxDigits ? national : null
}

export function MobileFields({
  dialingCode,
  onDialingCode,
  mobile,
  onMobile,
  error,
}: {
  dialingCode: string
  onDialingCode: (v: string) => void
  mobile: string
  onMobile: (v: string) => void
  error?: string | null
}) {
  const { t } = useLingui()
  const id = useId()
  const countries = useQuery(countriesQueryOptions())
  return (
    <div className="mobile-row">
      <div className="field">
        <label htmlFor={id}>{t`Country code`}</label>
        <select id={id} value={dialingCode} onChange={(e) => onDialingCode(e.target.value)}>
          {(countries.data ?? []).map((c) => (
            <option key={c.countryCode} value={c.countryDialingCode}>
              +{c.countryDialingCode} {c.name}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t`Mobile number`}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        value={mobile}
        onChange={(e) => onMobile(e.target.value)}
        error={error}
        required
        placeholder={t`Mobile number`}
      />
    </div>
  )
}

export function useCountry(dialingCode: string): Country | undefined {
  const countries = useQuery(countriesQueryOptions())
  return countries.data?.find((c) => c.countryDialingCode === dialingCode)
}
