/**
 * How a brand's themeColor (consolidatedSettings.themeColor, `#rrggbb` as the operator CLI
 * takes it) becomes the theme's --brand and --brand-fg: the colour as it is, and the one of
 * white or near-black text that reads best on it (the higher WCAG contrast ratio; one of
 * the two always reaches 4.5:1), and the brand as text on white (itself, or darkened just
 * enough to reach 4.5:1: a yellow brand's links would not read otherwise). The server's
 * first screen and the app apply the same values, so the brand's colour shows from the
 * first paint.
 */

export interface BrandColors {
  brand: string
  brandFg: string
  /** The brand as text (links) on the light theme's white surfaces: darkened until it reads. */
  brandText: string
}

const light = '#ffffff'
/** Black: the theme's dark text (#14181f) misses 4.5:1 on mid greys such as #777777. */
const dark = '#000000'

const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i

function channels(color: string): [number, number, number] {
  const h = color.slice(1)
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number]
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance(color: string): number {
  const [r, g, b] = channels(color).map((c) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`
}

/** The colour itself when it reads on white (4.5:1), else mixed towards black until it does. */
function readableOnWhite(color: string): string {
  const rgb = channels(color)
  for (let keep = 1; keep > 0; keep -= 0.05) {
    const mixed = toHex(rgb.map((c) => c * keep))
    if (contrastRatio(mixed, light) >= 4.5) return mixed
  }
  return dark
}

/** The brand's colours, or null for a value that is not a hex colour (the theme's default stays). */
export function brandColors(themeColor: string | undefined): BrandColors | null {
  const c = themeColor?.trim()
  if (!c || !hex.test(c)) return null
  const brand = toHex(channels(c))
  const brandFg = contrastRatio(brand, light) >= contrastRatio(brand, dark) ? light : dark
  return { brand, brandFg, brandText: readableOnWhite(brand) }
}

/** The colours as the declarations of a style attribute on <html> ('' for none). */
export function brandStyle(themeColor: string | undefined): string {
  const c = brandColors(themeColor)
  return c ? `--brand:${c.brand};--brand-fg:${c.brandFg};--brand-text:${c.brandText}` : ''
}
