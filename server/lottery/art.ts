/**
 * Generated art for lottery games: a square ball-and-ticket picture from the code alone
 * (colours from its hash, the code's short label), the same bytes every time.
 */
import { hashOf } from '../db/seed-games'

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The label on the ball: the code's digits and letters after its first part (`E5D1` → `5D1`). */
function ballLabel(code: string): string {
  const parts = code.split('_')
  const tail = parts.length > 1 ? (parts[parts.length - 1] ?? code) : code.replace(/^[A-Z]+(?=\d)/, '')
  return (tail || code).slice(0, 4)
}

export function lotteryArt(code: string, name: string): string {
  const seed = hashOf(`lottery:${code}`)
  const hue = seed % 360
  const from = `hsl(${hue} 72% 44%)`
  const to = `hsl(${(hue + 50) % 360} 78% 26%)`
  const label = escapeXml(name.length > 17 ? `${name.slice(0, 16)}…` : name)
  const balls = [0, 1, 2]
    .map((i) => {
      const x = 52 + i * 48
      const h = (hue + 120 + i * 70) % 360
      return `<circle cx="${x}" cy="150" r="18" fill="hsl(${h} 80% 55%)" stroke="#fff" stroke-width="3"/>`
    })
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="200" height="200" rx="24" fill="url(#g)"/>` +
    `<circle cx="100" cy="72" r="46" fill="#fff" fill-opacity=".95"/>` +
    `<text x="100" y="86" font-family="system-ui,sans-serif" font-size="34" font-weight="800" fill="${to}" text-anchor="middle">${escapeXml(ballLabel(code))}</text>` +
    balls +
    `<text x="100" y="190" font-family="system-ui,sans-serif" font-size="14" font-weight="600" fill="#fff" text-anchor="middle">${label}</text>` +
    '</svg>'
  )
}
