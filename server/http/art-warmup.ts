/**
 * After a start, the generated art the first screens show (the home page's banners, each
 * lobby's vendor logos and first tiles) is rendered in the background, one picture at a
 * time, so the first visitors after a start do not wait for the renders (decision 013). It
 * reads the pages as a visitor would (the server's render of them, through the app itself) and asks
 * for each picture they name on this site; a picture already rendered costs nothing, and
 * one at a time leaves the other render slot to the visitors' requests.
 */
import type { FastifyInstance } from 'fastify'

/** The pages whose first screens name pictures: home and the games lobbies. */
export const warmedPages = ['/index', '/rng', '/live', '/fish', '/pvp'] as const

const imageTag = /<img\s[^>]*>/g
const generatedArt = /\ssrc="(\/media\/(?:games|logos|lottery|banners)\/[\w.-]+\.webp(?:\?v=\d+)?)"/

/**
 * The pictures a first screen shows at once: the banners, the vendor logos and the tiles
 * asked for at high priority (not the lazy ones further down, which are not worth a core).
 */
function shownAtOnce(html: string): string[] {
  const out: string[] = []
  for (const [tag] of html.matchAll(imageTag)) {
    const src = generatedArt.exec(tag)?.[1]
    if (!src) continue
    // React writes the attribute as `fetchPriority`; HTML reads either case.
    if (src.startsWith('/media/games/') && !/\sfetchpriority="high"/i.test(tag)) continue
    out.push(src)
  }
  return out
}

/**
 * Renders the pictures and returns their addresses. Stops early, without an error, when
 * `stopped()` turns true (the server is closing) or a request fails.
 */
export async function warmFirstScreenArt(
  app: FastifyInstance,
  stopped: () => boolean = () => false,
  pages: readonly string[] = warmedPages,
): Promise<string[]> {
  const art = new Set<string>()
  try {
    for (const page of pages) {
      if (stopped()) return []
      const res = await app.inject({ method: 'GET', url: page, headers: { accept: 'text/html' } })
      if (res.statusCode !== 200) continue
      for (const src of shownAtOnce(res.body)) art.add(src)
    }
    const warmed: string[] = []
    for (const url of art) {
      if (stopped()) break
      const res = await app.inject({ method: 'GET', url })
      if (res.statusCode === 200) warmed.push(url)
    }
    return warmed
  } catch {
    // The server closed under the warm-up: nothing is lost, the next request renders.
    return []
  }
}
