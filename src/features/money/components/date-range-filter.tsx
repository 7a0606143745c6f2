import { useLingui } from '@lingui/react/macro'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import type { RangeChoice, RangePreset } from '../date-range'

/** Today, yesterday, the last 7 or 30 days, or a custom from–to (the member's local days). */
export function DateRangeFilter({
  value,
  onChange,
}: {
  value: RangeChoice
  onChange: (v: RangeChoice) => void
}) {
  const { t } = useLingui()
  const options: { value: RangePreset; label: string }[] = [
    { value: 'today', label: t`Today` },
    { value: 'yesterday', label: t`Yesterday` },
    { value: 'last7', label: t`Last 7 days` },
    { value: 'last30', label: t`Last 30 days` },
    { value: 'custom', label: t`Custom dates` },
  ]
  return (
    <>
      <SelectField
        label={t`Date range`}
        value={value.preset}
        options={options}
        onChange={(e) => {
          const preset = options.find((o) => o.value === e.target.value)?.value ?? 'today'
          onChange({ ...value, preset })
        }}
      />
      {value.preset === 'custom' ? (
        <>
          <TextField
            label={t`From`}
            type="date"
            value={value.from}
            onChange={(e) => onChange({ ...value, from: e.target.value })}
          />
          <TextField
            label={t`To`}
            type="date"
            value={value.to}
            onChange={(e) => onChange({ ...value, to: e.target.value })}
          />
        </>
      ) : null}
    </>
  )
}
