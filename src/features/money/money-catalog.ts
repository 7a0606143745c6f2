/** The money pages' own catalog (lingui.config.ts), loaded with the first money chunk. */
import { loadSectionCatalog, type CatalogLoaders } from '../../lib/i18n'

const moneyCatalog: CatalogLoaders = {
  km: () => import('../../locales/km/money.po'),
  en: () => import('../../locales/en/money.po'),
  zh: () => import('../../locales/zh/money.po'),
  th: () => import('../../locales/th/money.po'),
  vi: () => import('../../locales/vi/money.po'),
}

export function loadMoneyCatalog(): Promise<void> {
  return loadSectionCatalog(moneyCatalog)
}
