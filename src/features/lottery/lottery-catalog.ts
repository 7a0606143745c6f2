/**
 * The lottery pages' own catalog (lingui.config.ts), loaded by their routes before they
 * render. The home page's draw row (./home) keeps its few messages in the main catalog.
 */
import type { CatalogLoaders } from '../../lib/i18n'

export const lotteryCatalog: CatalogLoaders = {
  km: () => import('../../locales/km/lottery.po'),
  en: () => import('../../locales/en/lottery.po'),
  zh: () => import('../../locales/zh/lottery.po'),
  th: () => import('../../locales/th/lottery.po'),
  vi: () => import('../../locales/vi/lottery.po'),
}

/** Loads the lottery catalog in the current language (and again on a language change). */
export async function loadLotteryCatalog(): Promise<void> {
  const { loadSectionCatalog } = await import('../../lib/i18n')
  await loadSectionCatalog(lotteryCatalog)
}
