/**
 * What a shared link to the portal previews with (Open Graph and Twitter cards): the
 * brand's name, its one-line description in the page's language, its share picture and
 * the link itself, all addresses absolute. Messengers' crawlers (Telegram, Messenger,
 * WhatsApp, Zalo, LINE) read these from the page's head; they run no script, so the
 * server writes them into every page it renders.
 */
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
  opts: { settings: ConsolidatedSettings; locale: Locale; origin: string; url: string },
): string {
  const { settings, locale, origin } = opts
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
    property('og:title', settings.brandName),
    property('og:description', description),
    property('og:url', absoluteUrl(origin, opts.url)),
    property('og:image', image),
    property('og:locale', ogLocale[locale]),
    named('twitter:card', settings.shareImageUrl ? 'summary_large_image' : 'summary'),
    named('twitter:title', settings.brandName),
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
