import { useLingui } from '@lingui/react/macro'
import { setTheme, ThemeChoiceSchema, useTheme } from '../../lib/theme'

/** `labelled`: the label is shown (in the header's menu), not only read out. */
export function ThemeSwitcher({ labelled = false }: { labelled?: boolean }) {
  const { t } = useLingui()
  const choice = useTheme()
  return (
    <label className={labelled ? 'select-control select-labelled' : 'select-control'}>
      <span className={labelled ? 'select-label' : 'visually-hidden'}>{t`Theme`}</span>
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
