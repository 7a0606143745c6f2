/**
 * Lottery game art (art.ts) at `/media/lottery/<code>.webp`, rendered from the drawing
 * (http/art-media.ts), or the drawing itself at `.svg`: immutable for a year with the
 * current art version (`?v=`), an hour without.
 */
import type { FastifyInstance } from 'fastify'
import { ArtCache, artFile, sendArt, svgToWebp } from '../http/art-media'
import { failure } from '../http/errors'
import { lotteryArt } from './art'
import type { LotteryGamesRepository } from './games-repository'
import { lotteryArtVersion } from './wire'

const codeName = /^[A-Z0-9_]{1,24}$/
const maxCached = 1000
/** Drawn at 200 px and shown at 64 CSS px at most: the drawing's own size is sharp enough. */
const lotteryScale = 1

export function registerLotteryMedia(app: FastifyInstance, games: LotteryGamesRepository): void {
  const cache = new ArtCache(maxCached)
  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
    '/media/lottery/:file',
    async (req, reply) => {
      const file = artFile(req.params.file, codeName)
      const art = file
        ? await cache.get(`${file.name}.${file.format}`, async () => {
            // An image request names no brand: the art is the same for every brand's game of the code.
            const name = await games.nameOfCode(file.name)
            if (name === undefined) return undefined
            const svg = lotteryArt(file.name, name)
            return file.format === 'webp' ? svgToWebp(svg, lotteryScale) : svg
          })
        : undefined
      if (!file || art === undefined) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send(failure('not_found', 'no lottery art'))
      }
      return sendArt(req, reply, art, file.format, req.query.v === String(lotteryArtVersion))
    },
  )
}
