/**
 * Lingui set-up: catalogs load on demand, the choice is kept in localStorage (lang and
 * hisLang) and travels as the Language header.
 */
import { i18n, type Messages } from '@lingui/core'
import { defaultLocale, localeHeaderCode, type Locale } from '#contract/locales'
import { languageStore } from './storage'

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  km: () => import('../locales/km/messages.po'),
  en: () => import('../locales/en/messages.po'),
  zh: () => import('../locales/zh/messages.po'),
  th: () => import('../locales/th/messages.po'),
  vi: () => import('../locales/vi/messages.po'),
}

export function currentLocale(): Locale {
  return languageStore.get() ?? defaultLocale
}

/** The Language header value for the current choice. */
export function languageHeader(): string {
  return localeHeaderCode[currentLocale()]
}

export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]()
  i18n.loadAndActivate({ locale, messages })
  languageStore.set(locale)
  document.documentElement.lang = locale
}

export { i18n }
