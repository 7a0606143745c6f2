/**
 * The generated art (art.ts) under the image CDN path: `/media/games/<code>.svg` and
 * `/media/logos/<vassalage>.svg`. An address with the current art version (`?v=`) never
 * changes, so it is cached for a year as immutable; without it, for an hour.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { gameArtVersion } from '../db/seed-games'
import { failure } from '../http/errors'
import { gameThumbnail, vendorLogo } from './art'
import type { GamesRepository } from './games-repository'

const gameFile = /^([A-Za-z0-9_-]{1,40})\.svg$/
const logoFile = /^([a-z0-9_]{1,16})\.svg$/
/** Rendered art kept per process; the catalogue's codes are bounded, this cache too. */
const maxCached = 10_000

function send(reply: FastifyReply, svg: string, version: unknown) {
  const immutable = version === String(gameArtVersion)
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(svg)
}

export function registerGameMedia(app: FastifyInstance, repo: GamesRepository): void {
  const cache = new Map<string, string>()
  const remember = (key: string, svg: string) => {
    if (cache.size >= maxCached) cache.delete(cache.keys().next().value ?? key)
    cache.set(key, svg)
    return svg
  }
  const notFound = (reply: FastifyReply, what: string) =>
    reply
      .code(404)
      .header('cache-control', 'no-store')
      .send(failure('not_found', `no ${what}`))

  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
    '/media/games/:file',
    async (req, reply) => {
      const code = gameFile.exec(req.params.file)?.[1]
      if (!code) return notFound(reply, 'game art')
      let svg = cache.get(`g:${code}`)
      if (!svg) {
        const name = await repo.nameOfCode(code)
        if (name === undefined) return notFound(reply, 'game art')
        svg = remember(`g:${code}`, gameThumbnail(code, name))
      }
      return send(reply, svg, req.query.v)
    },
  )

  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
    '/media/logos/:file',
    async (req, reply) => {
      const code = logoFile.exec(req.params.file)?.[1]?.toUpperCase()
      if (!code) return notFound(reply, 'logo')
      let svg = cache.get(`l:${code}`)
      if (!svg) {
        const name = await repo.vendorName(code)
        if (name === undefined) return notFound(reply, 'logo')
        svg = remember(`l:${code}`, vendorLogo(code, name))
      }
      return send(reply, svg, req.query.v)
    },
  )
}
