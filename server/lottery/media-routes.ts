/**
 * Lottery game art (art.ts) at `/media/lottery/<code>.svg`: immutable for a year with the
 * current art version (`?v=`), an hour without.
 */
import type { FastifyInstance } from 'fastify'
import { failure } from '../http/errors'
import type { LotteryGamesRepository } from './games-repository'
import { lotteryArt } from './art'
import { lotteryArtVersion } from './wire'

const file = /^([A-Z0-9_]{1,24})\.svg$/
const maxCached = 1000

export function registerLotteryMedia(app: FastifyInstance, games: LotteryGamesRepository): void {
  const cache = new Map<string, string>()
  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
    '/media/lottery/:file',
    async (req, reply) => {
      const code = file.exec(req.params.file)?.[1]
      let svg = code ? cache.get(code) : undefined
      if (code && !svg) {
        // An image request names no brand: the art is the same for every brand's game of the code.
        const name = await games.nameOfCode(code)
        if (name !== undefined) {
          svg = lotteryArt(code, name)
          if (cache.size >= maxCached) cache.clear()
          cache.set(code, svg)
        }
      }
      if (!svg) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send(failure('not_found', 'no lottery art'))
      }
      const immutable = req.query.v === String(lotteryArtVersion)
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(svg)
    },
  )
}
