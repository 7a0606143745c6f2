/**
 * What a shared link to the portal previews with (Open Graph and Twitter cards): the
 * page's title with the brand's name, the brand's one-line description in the page's language, its share picture and
 * the link itself, all addresses absolute. Messengers' crawlers (Telegram, Messenger,
 * WhatsApp, Zalo, LINE) read these from the page's head; they run no script, so the
 * server writes them into every page it renders.
 */
import { registerPath } from '#contract/agent-invite'
import type { Locale } from '#contract/locales'
import type { ConsolidatedSettings } from '#contract/system'
import { escapeHtml } from './html'

/** The picture when the brand has set none (square: a small card). */
export const defaultShareImage = '/brand/icon-512.png'

/** The template's own description (index.html), the words when the brand has given none. */
function templateDescription(template: string): string | undefined {
  return /<meta name="description" content="([^"]*)"\s*\/?>/.exec(template)?.[1]
}

/** The brand's description in this language, else its default language's, else English's. */
export function brandDescription(settings: ConsolidatedSettings, locale: Locale): string | undefined {
  for (const lang of [locale, settings.defaultLanguage, 'en']) {
    const text = settings.descriptions[lang]?.trim()
    if (text) return text
  }
  return undefined
}

type Named = Readonly<Record<Locale, string>>

/** The public pages' names, as the app's nav and headings say them in each language. */
const lottery: Named = { km: 'ឆ្នោត', en: 'Lottery', zh: '彩票', th: 'หวย', vi: 'Xổ số' }
const promotions: Named = { km: 'ប្រូម៉ូសិន', en: 'Promotions', zh: '优惠活动', th: 'โปรโมชั่น', vi: 'Khuyến mãi' }
const register: Named = { km: 'ចុះឈ្មោះ', en: 'Register', zh: '注册', th: 'สมัครสมาชิก', vi: 'Đăng ký' }
const help: Named = {
  km: 'មជ្ឈមណ្ឌលជំនួយ',
  en: 'Help centre',
  zh: '帮助中心',
  th: 'ศูนย์ช่วยเหลือ',
  vi: 'Trung tâm trợ giúp',
}
const pageNames: Readonly<Record<string, Named>> = {
  '/lottery': lottery,
  '/vnlottery': lottery,
  '/elott': { km: 'ឆ្នោតអេឡិចត្រូនិក', en: 'E-lottery', zh: '电子彩票', th: 'หวยอิเล็กทรอนิกส์', vi: 'Xổ số điện tử' },
  '/live': { km: 'កាស៊ីណូផ្ទាល់', en: 'Live casino', zh: '真人娱乐', th: 'คาสิโนสด', vi: 'Casino trực tiếp' },
  '/sports': { km: 'កីឡា', en: 'Sports', zh: '体育', th: 'กีฬา', vi: 'Thể thao' },
  '/rng': { km: 'ស្លត', en: 'Slots', zh: '老虎机', th: 'สล็อต', vi: 'Slot' },
  '/fish': { km: 'បាញ់ត្រី', en: 'Fish', zh: '捕鱼', th: 'ยิงปลา', vi: 'Bắn cá' },
  '/pvp': { km: 'ល្បែងបៀ', en: 'Card games', zh: '棋牌', th: 'เกมไพ่', vi: 'Game bài' },
  '/promotions': promotions,
  '/promoDetail': promotions,
  '/rebate': { km: 'ប្រាក់បង្វិលសង', en: 'Rebate', zh: '返水', th: 'คืนยอด', vi: 'Hoàn trả' },
  [registerPath]: register,
  '/register.html': register,
  '/login': { km: 'ចូល', en: 'Log in', zh: '登录', th: 'เข้าสู่ระบบ', vi: 'Đăng nhập' },
  '/help': help,
  '/helpmc': help,
  '/down': { km: 'ទាញយក', en: 'Download', zh: '下载', th: 'ดาวน์โหลด', vi: 'Tải xuống' },
  '/join': {
    km: 'ចូលរួមជាមួយយើង',
    en: 'Join us',
    zh: '加入我们',
    th: 'ร่วมงานกับเรา',
    vi: 'Hợp tác cùng chúng tôi',
  },
  '/pointMall': { km: 'ផ្សារពិន្ទុ', en: 'Point mall', zh: '积分商城', th: 'ร้านแลกคะแนน', vi: 'Cửa hàng điểm' },
}

/** The path of a page's address, without its query and trailing slash. */
function pathOf(url: string): string {
  const q = url.search(/[?#]/)
  return (q >= 0 ? url.slice(0, q) : url).replace(/\/+$/, '') || '/'
}

/**
 * A shared page's title: its own name (a promotion's own title when `pageTitle` gives one)
 * in the page's language, then the brand's: "Promotions · Lotus Play". The home page and a
 * page without a public name are the brand's name alone.
 */
export function shareTitle(
  settings: ConsolidatedSettings,
  locale: Locale,
  url: string,
  pageTitle?: string,
): string {
  const path = pathOf(url)
  const own = pageTitle?.trim() || (Object.hasOwn(pageNames, path) ? pageNames[path]?.[locale] : undefined)
  return own ? `${own} · ${settings.brandName}` : settings.brandName
}

/** The promotion a detail page's address names (`/promoDetail?id=3`), or null. */
export function promotionIdOf(url: string): number | null {
  if (pathOf(url) !== '/promoDetail') return null
  const q = url.indexOf('?')
  const id = q >= 0 ? new URLSearchParams(url.slice(q + 1)).get('id') : null
  return id && /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : null
}

/** An address on the site made absolute; an absolute http(s) one is kept. */
export function absoluteUrl(origin: string, address: string): string {
  if (/^https?:\/\//i.test(address)) return address
  return `${origin.replace(/\/+$/, '')}/${address.replace(/^\/+/, '')}`
}

/**
 * The page's head with the share tags: the template's description replaced by the brand's,
 * the Open Graph and Twitter tags added after the title.
 */
export function withShareMeta(
  html: string,
  opts: {
    settings: ConsolidatedSettings
    locale: Locale
    origin: string
    url: string
    /** The page's own title where it has one (a promotion's), in the page's language. */
    pageTitle?: string | undefined
  },
): string {
  const { settings, locale, origin } = opts
  const title = shareTitle(settings, locale, opts.url, opts.pageTitle)
  const described = brandDescription(settings, locale)
  // Without the brand's own words: the template's description (written escaped), else the name.
  const fallback = templateDescription(html)
  const description = described ?? (fallback ? decodeEntities(fallback) : settings.brandName)
  const image = absoluteUrl(origin, settings.shareImageUrl ?? defaultShareImage)
  const attr = (s: string) => escapeHtml(s)
  const property = (name: string, content: string) => `<meta property="${name}" content="${attr(content)}" />`
  const named = (name: string, content: string) => `<meta name="${name}" content="${attr(content)}" />`
  const tags = [
    property('og:type', 'website'),
    property('og:site_name', settings.brandName),
    property('og:title', title),
    property('og:description', description),
    property('og:url', absoluteUrl(origin, opts.url)),
    property('og:image', image),
    property('og:locale', ogLocale[locale]),
    named('twitter:card', settings.shareImageUrl ? 'summary_large_image' : 'summary'),
    named('twitter:title', title),
    named('twitter:description', description),
    named('twitter:image', image),
  ].join('')
  // The page's own description: the brand's words in place of the template's, or added.
  const own = named('description', description)
  const out = fallback
    ? html.replace(/<meta name="description" content="[^"]*"\s*\/?>/, (m) => (described ? own : m))
    : html.replace('</title>', () => `</title>${own}`)
  return out.replace('</title>', () => `</title>${tags}`)
}

/** og:locale wants language_TERRITORY. */
const ogLocale: Record<Locale, string> = { km: 'km_KH', en: 'en_US', zh: 'zh_CN', th: 'th_TH', vi: 'vi_VN' }

/** The few entities escapeHtml writes, read back (the template's text is written escaped). */
function decodeEntities(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}
