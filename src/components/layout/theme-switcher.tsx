import { useLingui } from '@lingui/react/macro'
import { setTheme, ThemeChoiceSchema, useTheme } from '../../lib/theme'

export function ThemeSwitcher() {
  const { t } = useLingui()
  const choice = useTheme()
  return (
    <label className="select-control">
      <span className="visually-hidden">{t`Theme`}</span>
      <select
        value={choice}
        onChange={(e) => {
          const parsed = ThemeChoiceSchema.safeParse(e.target.value)
          if (parsed.success) setTheme(parsed.data)
        }}
      >
        <option value="system">{t`System theme`}</option>
        <option value="light">{t`Light`}</option>
        <option value="dark">{t`Dark`}</option>
      </select>
    </label>
  )
}
