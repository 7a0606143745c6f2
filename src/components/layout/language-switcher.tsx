import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { locales, type Locale } from '#contract/locales'
import { rememberLanguageCookie } from '../../lib/boot-data'
import { activateLocale } from '../../lib/i18n'
import { showToast } from '../../lib/toast-store'

/** Counts the picks: only the latest one's outcome is acted on. */
let choices = 0

/** Each language named in itself, so anyone can find their own. */
const names: Record<Locale, string> = {
  km: 'ខ្មែរ',
  en: 'English',
  zh: '中文',
  th: 'ไทย',
  vi: 'Tiếng Việt',
}

export function LanguageSwitcher({
  available,
  labelled = false,
}: {
  available?: readonly Locale[]
  /** The label is shown (in the header's menu), not only read out. */
  labelled?: boolean
}) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const list = available && available.length > 0 ? available : locales
  return (
    <label className={labelled ? 'select-control select-labelled' : 'select-control'}>
      <span className={labelled ? 'select-label' : 'visually-hidden'}>{t`Language`}</span>
      <select
        value={i18n.locale}
        onChange={(e) => {
          const next = list.find((l) => l === e.target.value)
          if (!next) return
          const select = e.currentTarget
          const mine = ++choices
          activateLocale(next).then(
            (activated) => {
              // A later pick has taken over: it speaks for the page.
              if (!activated || mine !== choices) return
              // The server renders the next page's first screen in this language.
              rememberLanguageCookie(next)
              // The server answers in the Language header's language (game and draw names,
              // notices): what is on screen is asked for again in the new one, the rest when
              // next shown.
              void queryClient.invalidateQueries()
            },
            // Its texts could not load (offline, say): the page stays in its language, and so
            // does the next one the server renders.
            () => {
              if (mine !== choices) return
              select.value = i18n.locale
              showToast(t`The language could not be switched. Check your connection and try again.`, 'error')
            },
          )
        }}
      >
        {list.map((l) => (
          <option key={l} value={l} lang={l}>
            {names[l]}
          </option>
        ))}
      </select>
    </label>
  )
}
