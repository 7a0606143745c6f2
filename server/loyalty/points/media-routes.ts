/**
 * The demo's reward pictures (reward-art.ts) at `/media/rewards/<name>.webp`, rendered from
 * the drawing (http/art-media.ts), or the drawing itself at `.svg`: immutable for a year
 * with the art version (`?v=`), an hour without.
 */
import type { FastifyInstance } from 'fastify'
import { ArtCache, artFile, sendArt, svgToWebp } from '../../http/art-media'
import { failure } from '../../http/errors'
import { rewardArt, rewardArtNames, type RewardArtName } from './reward-art'

/** Bumped when a drawing changes, so the year-long cache of the old one is left behind. */
export const rewardArtVersion = 1
const artName = /^[a-z-]{1,24}$/
/** Drawn at 360 px wide; a card shows it at about 170 CSS px on a phone. */
const rewardScale = 1

const known = (name: string): name is RewardArtName => (rewardArtNames as readonly string[]).includes(name)

/** The stored address of a demo picture. */
export const rewardArtUrl = (name: RewardArtName) => `/media/rewards/${name}.webp?v=${rewardArtVersion}`

export function registerRewardMedia(app: FastifyInstance): void {
  const cache = new ArtCache(rewardArtNames.length * 2)
  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
    '/media/rewards/:file',
    async (req, reply) => {
      const file = artFile(req.params.file, artName)
      const art =
        file && known(file.name)
          ? await cache.get(`${file.name}.${file.format}`, async () => {
              const svg = rewardArt(file.name as RewardArtName)
              return file.format === 'webp' ? svgToWebp(svg, rewardScale) : svg
            })
          : undefined
      if (!file || art === undefined) {
        return reply.code(404).header('cache-control', 'no-store').send(failure('not_found', 'no reward art'))
      }
      return sendArt(req, reply, art, file.format, req.query.v === String(rewardArtVersion))
    },
  )
}
