/**
 * The banks' logos at `/media/banks/<brand>/<bank>.webp` (src/contract/bank-logos.ts): the
 * operator's picture as the server re-encoded it, or the monogram drawn for the bank and
 * rendered once by sharp (http/art-media.ts). An image request carries no brand header, so
 * the brand is in the path. With the version the address names (`?v=`, what the API gives)
 * the answer is kept for a year as immutable; without it, or with an older one, for an hour
 * and then asked again with its ETag.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { bankLogoCodePattern, bankLogoPathPrefix } from '#contract/bank-logos'
import { ArtCache, artFile, sendArt, svgToWebp } from '../http/art-media'
import { failure } from '../http/errors'
import type { Db } from '../plugins/external/db'
import { bankLogoVersion, bankMonogram } from './bank-logos'
import { bankLogoOf } from './deposit-methods-repository'

/** Rendered monograms kept per process, by their version (a hash of the drawing). */
const maxCached = 1000
/** Drawn at the logo's own size, 96 px. */
const monogramScale = 1

export function registerBankLogos(app: FastifyInstance, db: Db): void {
  const monograms = new ArtCache(maxCached)
  const notFound = (reply: FastifyReply) =>
    reply.code(404).header('cache-control', 'no-store').send(failure('not_found', 'no bank logo'))

  app.get<{ Params: { merchant: string; file: string }; Querystring: { v?: string } }>(
    `${bankLogoPathPrefix}/:merchant/:file`,
    async (req, reply) => {
      const { merchant } = req.params
      const file = artFile(req.params.file, bankLogoCodePattern)
      if (!file || file.format !== 'webp' || !bankLogoCodePattern.test(merchant)) return notFound(reply)
      const code = file.name
      const bank = await bankLogoOf(db, merchant, code)
      if (!bank) return notFound(reply)
      const version = bankLogoVersion({ code, name: bank.name, logoSha256: bank.logoSha256 })
      const art =
        bank.logo ??
        (await monograms.get(version, () => svgToWebp(bankMonogram(code, bank.name), monogramScale)))
      if (art === undefined) return notFound(reply)
      return sendArt(req, reply, art, 'webp', req.query.v === version)
    },
  )
}
