/**
 * The money pages' own catalog (lingui.config.ts), loaded with the first money chunk
 * through loadSectionCatalog (the member centre, src/features/money/popups.tsx, and the header
 * balance, src/routes/-components/money-lazy.ts).
 */
import type { CatalogLoaders } from '../../lib/i18n'

export const moneyCatalog: CatalogLoaders = {
  km: () => import('../../locales/km/money.po'),
  en: () => import('../../locales/en/money.po'),
  zh: () => import('../../locales/zh/money.po'),
  th: () => import('../../locales/th/money.po'),
  vi: () => import('../../locales/vi/money.po'),
}
