/**
 * Generated art for game thumbnails and vendor logos: an SVG made from the code alone
 * (gradient, a shape and the name's initials), the same bytes every time, so it ships with
 * the project and needs no image from anywhere else. Square thumbnails fit a 3-column grid
 * on a 360 px phone (about 110 CSS px, drawn sharp at any density); logos are 2:1.
 */
import { hashOf } from '../db/seed-games'

const shapes = [
  // circle, diamond, hexagon, star, rings, wave
  '<circle cx="150" cy="52" r="58" fill="#fff" fill-opacity=".16"/>',
  '<path d="M100 8 192 100 100 192 8 100Z" fill="#fff" fill-opacity=".12"/>',
  '<path d="M100 12 176 56v88l-76 44-76-44V56Z" fill="#fff" fill-opacity=".13"/>',
  '<path d="m100 10 24 62h66l-53 40 20 66-57-40-57 40 20-66-53-40h66Z" fill="#fff" fill-opacity=".14"/>',
  '<g fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="10"><circle cx="40" cy="160" r="50"/><circle cx="40" cy="160" r="80"/></g>',
  '<path d="M0 140q50-40 100 0t100 0v60H0Z" fill="#fff" fill-opacity=".15"/>',
] as const

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Up to two letters: the first letters of the name's first two words. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s\-&']+/).filter((w) => /^[\p{L}\p{N}]/u.test(w))
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '')
  return (letters.join('') || '?').toUpperCase()
}

function colours(seed: number): [string, string] {
  const hue = seed % 360
  const second = (hue + 40 + ((seed >>> 9) % 80)) % 360
  return [`hsl(${hue} 70% 42%)`, `hsl(${second} 75% 28%)`]
}

/** A game's square thumbnail. */
export function gameThumbnail(code: string, name: string): string {
  const seed = hashOf(code)
  const [from, to] = colours(seed)
  const shape = shapes[(seed >>> 3) % shapes.length]
  const label = escapeXml(name.length > 17 ? `${name.slice(0, 16)}…` : name)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    '<clipPath id="c"><rect width="200" height="200" rx="24"/></clipPath></defs>' +
    `<rect width="200" height="200" rx="24" fill="url(#g)"/><g clip-path="url(#c)">${shape}</g>` +
    `<text x="100" y="112" font-family="system-ui,sans-serif" font-size="64" font-weight="800" fill="#fff" text-anchor="middle">${escapeXml(initialsOf(name))}</text>` +
    `<text x="100" y="176" font-family="system-ui,sans-serif" font-size="16" font-weight="600" fill="#fff" fill-opacity=".9" text-anchor="middle">${label}</text>` +
    '</svg>'
  )
}

/** A vendor's 2:1 logo: a badge with its initials and its name. */
export function vendorLogo(vassalage: string, name: string): string {
  const seed = hashOf(`vendor:${vassalage}`)
  const [from, to] = colours(seed)
  const label = escapeXml(name.length > 13 ? `${name.slice(0, 12)}…` : name)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60" width="120" height="60" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="120" height="60" rx="12" fill="url(#g)"/>` +
    `<circle cx="24" cy="30" r="17" fill="#fff" fill-opacity=".92"/>` +
    `<text x="24" y="36" font-family="system-ui,sans-serif" font-size="15" font-weight="800" fill="${to}" text-anchor="middle">${escapeXml(initialsOf(name))}</text>` +
    `<text x="46" y="34" font-family="system-ui,sans-serif" font-size="10" font-weight="700" fill="#fff">${label}</text>` +
    '</svg>'
  )
}
