/** The lottery menus' group labels in every locale: VN regions and prize modes. */
import type { Locale } from '#contract/locales'

const labels: Record<string, Record<Locale, string>> = {
  NORTH: { en: 'Northern', km: 'ភាគខាងជើង', zh: '北部', th: 'ภาคเหนือ', vi: 'Miền Bắc' },
  CENTRAL: { en: 'Central', km: 'ភាគកណ្តាល', zh: '中部', th: 'ภาคกลาง', vi: 'Miền Trung' },
  SOUTH: { en: 'Southern', km: 'ភាគខាងត្បូង', zh: '南部', th: 'ภาคใต้', vi: 'Miền Nam' },
  LOTT: { en: 'Lottery', km: 'ឆ្នោត', zh: '彩票', th: 'ลอตเตอรี่', vi: 'Xổ số' },
  ZY: { en: 'ZY Lottery', km: 'ឆ្នោត ZY', zh: 'ZY彩票', th: 'ลอตเตอรี่ ZY', vi: 'Xổ số ZY' },
  ELOTT: { en: 'E-lottery', km: 'ឆ្នោតអេឡិចត្រូនិក', zh: '电子彩票', th: 'ลอตเตอรี่ออนไลน์', vi: 'Xổ số điện tử' },
  SEA: { en: 'SEA Lottery', km: 'ឆ្នោត SEA', zh: '东南亚彩票', th: 'ลอตเตอรี่ SEA', vi: 'Xổ số SEA' },
}

/** The group's label in the locale (the code itself for a group without one). */
export function groupLabel(groupCode: string, locale: Locale): string {
  return labels[groupCode]?.[locale] ?? groupCode
}

/** The name in the locale, then English, then any. */
export function nameIn(names: Record<string, string>, locale: Locale): string {
  return names[locale] ?? names.en ?? Object.values(names)[0] ?? ''
}
