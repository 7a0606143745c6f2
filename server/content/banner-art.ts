/**
 * Generated banner art for the home carousel, in the manner of the game art
 * (server/games/art.ts): an SVG drawn from a theme alone, the same bytes every time, no
 * image from anywhere else. 18:5 (3.6:1, a wide screen's banner); a phone's 12:5 banner
 * shows its right two thirds (the page anchors it right), so the drawing keeps to the right
 * third and the banner's own (translated) words go on the left in the page. Served at
 * `/media/banners/<theme>.webp`, rendered once per process like the game art (decision
 * 013: each SVG image is a document of its own, and a banner cost 35-50 ms of the main
 * thread at every start), and as drawn at `/media/banners/<theme>.svg`.
 */
import type { FastifyInstance } from 'fastify'
import { bannerArtVersion, bannerThemes, type BannerTheme } from '#contract/first-screen'
import { ArtCache, artFile, sendArt, svgToWebp } from '../http/art-media'
import { failure } from '../http/errors'

const palettes: Record<BannerTheme, [string, string, string]> = {
  welcome: ['#0e7c66', '#06372e', '#f2b705'],
  lottery: ['#7a1fa2', '#2a0b45', '#ffd54a'],
  slots: ['#c2185b', '#3b0620', '#ffca28'],
  live: ['#1a237e', '#050a2e', '#ff5252'],
  sports: ['#1b5e20', '#072409', '#e3f2fd'],
}

const ball = (x: number, y: number, r: number, fill: string, n: number) =>
  `<g><circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/><circle cx="${x}" cy="${y}" r="${r * 0.58}" fill="#fff"/>` +
  `<text x="${x}" y="${y + r * 0.24}" font-family="system-ui,sans-serif" font-size="${r * 0.68}" font-weight="800" fill="#222" text-anchor="middle">${n}</text>` +
  `<ellipse cx="${x - r * 0.35}" cy="${y - r * 0.45}" rx="${r * 0.28}" ry="${r * 0.16}" fill="#fff" fill-opacity=".55"/></g>`

const coin = (x: number, y: number, r: number) =>
  `<g><ellipse cx="${x}" cy="${y + 6}" rx="${r}" ry="${r * 0.36}" fill="#b8860b"/><ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 0.36}" fill="#ffd54a"/>` +
  `<ellipse cx="${x}" cy="${y}" rx="${r * 0.66}" ry="${r * 0.22}" fill="none" stroke="#b8860b" stroke-width="3"/></g>`

const card = (x: number, y: number, rot: number, suit: string, colour: string) =>
  `<g transform="rotate(${rot} ${x + 55} ${y + 150})"><rect x="${x}" y="${y}" width="110" height="154" rx="12" fill="#fff"/>` +
  `<text x="${x + 16}" y="${y + 34}" font-family="system-ui,sans-serif" font-size="28" font-weight="800" fill="${colour}">A</text>` +
  `<text x="${x + 55}" y="${y + 104}" font-family="system-ui,sans-serif" font-size="56" fill="${colour}" text-anchor="middle">${suit}</text></g>`

const chip = (x: number, y: number, fill: string) =>
  `<g><circle cx="${x}" cy="${y}" r="30" fill="${fill}"/><circle cx="${x}" cy="${y}" r="30" fill="none" stroke="#fff" stroke-width="6" stroke-dasharray="10 10"/>` +
  `<circle cx="${x}" cy="${y}" r="18" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="2"/></g>`

function drawing(theme: BannerTheme, accent: string): string {
  switch (theme) {
    case 'lottery':
      return (
        ball(470, 110, 48, '#e53935', 7) +
        ball(580, 88, 40, '#1e88e5', 21) +
        ball(650, 180, 44, accent, 9) +
        ball(540, 205, 36, '#43a047', 33) +
        ball(420, 220, 30, '#fb8c00', 5)
      )
    case 'slots':
      return (
        '<rect x="390" y="58" width="300" height="184" rx="24" fill="#000" fill-opacity=".35"/>' +
        [0, 1, 2]
          .map(
            (i) =>
              `<rect x="${406 + i * 96}" y="74" width="84" height="152" rx="14" fill="#fff"/>` +
              `<text x="${448 + i * 96}" y="176" font-family="system-ui,sans-serif" font-size="84" font-weight="900" fill="#d32f2f" text-anchor="middle">7</text>`,
          )
          .join('') +
        `<circle cx="706" cy="96" r="14" fill="${accent}"/><rect x="700" y="106" width="12" height="80" rx="6" fill="${accent}"/>`
      )
    case 'live':
      return (
        card(430, 70, -14, '♠', '#111') +
        card(520, 60, 4, '♥', '#d32f2f') +
        chip(430, 240, '#d32f2f') +
        chip(650, 236, accent) +
        chip(700, 200, '#1e88e5')
      )
    case 'sports':
      return (
        '<g fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="4"><rect x="380" y="30" width="320" height="240" rx="6"/><line x1="540" y1="30" x2="540" y2="270"/><circle cx="540" cy="150" r="48"/></g>' +
        '<circle cx="600" cy="150" r="70" fill="#fff"/>' +
        '<path d="m600 112 26 19-10 31h-32l-10-31Z" fill="#222"/>' +
        '<path d="m600 80 0 32M626 131l40-8M616 162l26 32M584 162l-26 32M574 131l-40-8" stroke="#222" stroke-width="5"/>'
      )
    case 'welcome':
      return (
        coin(470, 220, 46) +
        coin(470, 196, 46) +
        coin(470, 172, 46) +
        coin(560, 232, 40) +
        coin(560, 210, 40) +
        `<rect x="590" y="96" width="120" height="104" rx="10" fill="${accent}"/>` +
        '<rect x="580" y="78" width="140" height="32" rx="8" fill="#ffe082"/>' +
        '<rect x="640" y="78" width="20" height="122" fill="#d32f2f"/>' +
        '<path d="M650 78c-30-40-70-20-40 0M650 78c30-40 70-20 40 0" fill="none" stroke="#d32f2f" stroke-width="10"/>'
      )
  }
}

/** A banner's art. */
export function bannerArt(theme: BannerTheme): string {
  const [from, to, accent] = palettes[theme]
  const sparkles = [
    [360, 40],
    [700, 40],
    [520, 270],
    [250, 250],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="#fff" fill-opacity=".7"/>`)
    .join('')
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1080 300" width="1080" height="300" preserveAspectRatio="xMaxYMid slice">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="r" cx=".82" cy=".45" r=".4"><stop offset="0" stop-color="${accent}" stop-opacity=".45"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient></defs>` +
    '<rect width="1080" height="300" fill="url(#g)"/><rect width="1080" height="300" fill="url(#r)"/>' +
    '<path d="M0 240q180-60 360 0t360 0 360 0v60H0Z" fill="#fff" fill-opacity=".06"/>' +
    `<g transform="translate(320 0)">${sparkles}${drawing(theme, accent)}</g>` +
    '</svg>'
  )
}

const themeName = /^[a-z]{1,16}$/
/**
 * Rendered at the drawing's own size, 1080 × 300: a phone shows its right two thirds across
 * about 720 device pixels. 5-8 kB each.
 */
const bannerScale = 1

export function registerBannerMedia(app: FastifyInstance): void {
  const cache = new ArtCache(bannerThemes.length * 2)
  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
    '/media/banners/:file',
    async (req, reply) => {
      const file = artFile(req.params.file, themeName)
      const theme = bannerThemes.find((t) => t === file?.name)
      if (!file || !theme) {
        return reply.code(404).header('cache-control', 'no-store').send(failure('not_found', 'no banner art'))
      }
      const { format } = file
      const art = await cache.get(`${theme}.${format}`, async () => {
        const svg = bannerArt(theme)
        return format === 'webp' ? svgToWebp(svg, bannerScale) : svg
      })
      if (art === undefined) {
        return reply.code(404).header('cache-control', 'no-store').send(failure('not_found', 'no banner art'))
      }
      return sendArt(req, reply, art, format, req.query.v === String(bannerArtVersion))
    },
  )
}
