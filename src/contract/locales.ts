/**
 * The interface languages. `locale` names the PWA's catalog; `code` is what travels in
 * the Language header and in localStorage hisLang, spelled as the platform spells it.
 */
import { z } from 'zod/mini'

export const locales = ['km', 'en', 'zh', 'th', 'vi'] as const
export const LocaleSchema = z.enum(locales)
export type Locale = z.infer<typeof LocaleSchema>

export const defaultLocale: Locale = 'km'

export const localeHeaderCode: Record<Locale, string> = {
  km: 'KM',
  en: 'EN',
  zh: 'CN',
  th: 'TH',
  vi: 'VI',
}

/** Reads a Language header or stored choice in either spelling (KM, km, CN, zh, zh-CN). */
export function parseLocale(raw: string | null | undefined): Locale | undefined {
  if (!raw) return undefined
  const v = raw.trim().toLowerCase()
  if (v === 'cn' || v.startsWith('zh')) return 'zh'
  const base = v.split(/[-_]/)[0]
  return locales.find((l) => l === base)
}
