/**
 * The generated art (art.ts) under the image CDN path: `/media/games/<code>.webp` and
 * `/media/logos/<vassalage>.webp`, rendered from the drawings (http/art-media.ts), or the
 * drawings themselves as `.svg`. An address with the current art version (`?v=`) never
 * changes, so it is cached for a year as immutable; without it, for an hour.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { gameArtVersion } from '../db/seed-games'
import { ArtCache, artFile, sendArt, svgToWebp } from '../http/art-media'
import { failure } from '../http/errors'
import { gameThumbnail, vendorLogo } from './art'
import type { GamesRepository } from './games-repository'

const gameName = /^[A-Za-z0-9_-]{1,40}$/
const logoName = /^[a-z0-9_]{1,16}$/
/** Rendered art kept per process; the catalogue's codes are bounded, this cache too. */
const maxCached = 10_000
/** Thumbnails are drawn at 200 px, logos at 120 × 60 (art.ts). */
const thumbnailScale = 1.2
const logoScale = 1.5

export function registerGameMedia(app: FastifyInstance, repo: GamesRepository): void {
  const cache = new ArtCache(maxCached)
  const notFound = (reply: FastifyReply, what: string) =>
    reply
      .code(404)
      .header('cache-control', 'no-store')
      .send(failure('not_found', `no ${what}`))

  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
    '/media/games/:file',
    async (req, reply) => {
      const file = artFile(req.params.file, gameName)
      if (!file) return notFound(reply, 'game art')
      const { name: code, format } = file
      const art = await cache.get(`g:${code}.${format}`, async () => {
        const name = await repo.nameOfCode(code)
        if (name === undefined) return undefined
        const svg = gameThumbnail(code, name)
        return format === 'webp' ? svgToWebp(svg, thumbnailScale) : svg
      })
      if (art === undefined) return notFound(reply, 'game art')
      return sendArt(req, reply, art, format, req.query.v === String(gameArtVersion))
    },
  )

  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
    '/media/logos/:file',
    async (req, reply) => {
      const file = artFile(req.params.file, logoName)
      if (!file) return notFound(reply, 'logo')
      const code = file.name.toUpperCase()
      const { format } = file
      const art = await cache.get(`l:${code}.${format}`, async () => {
        const name = await repo.vendorName(code)
        if (name === undefined) return undefined
        const svg = vendorLogo(code, name)
        return format === 'webp' ? svgToWebp(svg, logoScale) : svg
      })
      if (art === undefined) return notFound(reply, 'logo')
      return sendArt(req, reply, art, format, req.query.v === String(gameArtVersion))
    },
  )
}
