/**
 * Lingui set-up: catalogs load on demand, the choice is kept in localStorage (lang and
 * hisLang) and travels as the Language header.
 */
import { i18n, type Messages } from '@lingui/core'
import { defaultLocale, localeHeaderCode, type Locale } from '#contract/locales'
import { languageStore } from './storage'

/** How a catalog loads, per locale. */
export type CatalogLoaders = Record<Locale, () => Promise<{ messages: Messages }>>

const loaders: CatalogLoaders = {
  km: () => import('../locales/km/messages.po'),
  en: () => import('../locales/en/messages.po'),
  zh: () => import('../locales/zh/messages.po'),
  th: () => import('../locales/th/messages.po'),
  vi: () => import('../locales/vi/messages.po'),
}

/** The main catalog's messages in `locale`. */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  return (await loaders[locale]()).messages
}

export function currentLocale(): Locale {
  return languageStore.get() ?? defaultLocale
}

/** The Language header value for the current choice. */
export function languageHeader(): string {
  return localeHeaderCode[currentLocale()]
}

/** Catalogs of lazily loaded sections (the money pages), reloaded on a language change. */
const sectionCatalogs = new Set<CatalogLoaders>()

/** Counts the activations asked for: only the latest one may take effect. */
let activations = 0

/**
 * Loads `locale`'s catalogs and makes it the page's language. Resolves false, changing
 * nothing, when another language was asked for while these catalogs loaded (two quick picks
 * on a slow network end in the second, whichever loads last).
 */
export async function activateLocale(locale: Locale): Promise<boolean> {
  const mine = ++activations
  const [main, ...sections] = await Promise.all([
    loaders[locale](),
    ...[...sectionCatalogs].map((l) => l[locale]()),
  ])
  // NOTE: load() merges into the locale's messages; loadAndActivate() would replace them.
  i18n.load(locale, main?.messages ?? {})
  for (const s of sections) i18n.load(locale, s.messages)
  if (mine !== activations) return false
  i18n.activate(locale)
  languageStore.set(locale)
  document.documentElement.lang = locale
  return true
}

/**
 * Loads a lazily loaded section's own catalog in the current language (and again on every
 * language change), so its messages do not weigh on the first page's catalog.
 */
export async function loadSectionCatalog(section: CatalogLoaders): Promise<void> {
  sectionCatalogs.add(section)
  const locale = (i18n.locale || currentLocale()) as Locale
  const { messages } = await section[locale]()
  i18n.load(locale, messages)
}

export { i18n }
