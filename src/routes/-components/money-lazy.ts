/**
 * Lazy money components: the component's chunk and the money catalog load together, so a
 * money page never renders before its messages.
 */
import { lazy, type ComponentType } from 'react'
import { loadSectionCatalog } from '../../lib/i18n'

export function lazyMoney<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [component] = await Promise.all([
      load(),
      import('../../features/money/money-catalog').then((m) => loadSectionCatalog(m.moneyCatalog)),
    ])
    return { default: component }
  })
}
