/**
 * `brand share`: what a shared link to the brand previews with in messengers (Open Graph,
 * server/http/share-meta.ts): the picture, and the one-line description per language. The
 * name is the brand's own. Each change is audited and drops the rendered pages at once.
 */
import { z } from 'zod'
import { locales } from '#contract/locales'
import { storedNames } from '../db/localized'
import { screenshotSrcPattern } from '../http/manifest'
import { defaultShareImage } from '../http/share-meta'
import type { OpsContext } from '../ops/commands'
import { brandOf, language, noMore, oneOf, parsed, text } from '../ops/ops-input'
import { setDescriptions, setShareImage } from './brands-repository'

export const brandShareUsage =
  'brand share show | brand share image <https-url|/path|none> | brand share description <language> <text…|none>'

/** A picture address as a page's head may carry it: https, or a path on the site. */
const ImageUrl = z
  .string({ error: 'brand share image: the address is required (https://…, /path, or none)' })
  .trim()
  .max(500, 'brand share image: the address is at most 500 characters')
  .regex(screenshotSrcPattern, 'brand share image: the address is https://… or a /path on the site')

/** Previews cut a description at about 200 characters. */
const maxDescription = 200

export async function brandShareCommand(ctx: OpsContext, args: string[]): Promise<string> {
  const [word, ...rest] = args
  const action = oneOf('brand share: the action', word, ['show', 'image', 'description'])
  const m = await brandOf(ctx)
  const descriptions = storedNames(m.descriptions)
  if (action === 'show') {
    noMore('brand share show', rest)
    return [
      `brand ${m.code} shares as: ${m.name}`,
      `picture: ${m.shareImageUrl ?? `${defaultShareImage} (the icon; set one with: brand share image <https-url|/path>)`}`,
      ...locales.map((l) => `description ${l}: ${descriptions[l] ?? '(none)'}`),
    ].join('\n')
  }
  if (action === 'image') {
    noMore(`brand share image ${rest[0] ?? ''}`.trim(), rest.slice(1))
    const image = rest[0] === 'none' ? null : parsed(ImageUrl, rest[0])
    ctx.audit?.({
      target: `brand ${m.code} share picture`,
      before: { shareImageUrl: m.shareImageUrl },
      after: { shareImageUrl: image },
    })
    await setShareImage(ctx.db, m.code, image)
    ctx.invalidate()
    return image
      ? `brand ${m.code}: shared links show ${image}`
      : `brand ${m.code}: shared links show the icon`
  }
  const lang = parsed(language, rest[0])
  const words = rest.slice(1).join(' ')
  const next = { ...descriptions }
  if (words.trim() === 'none') delete next[lang]
  else next[lang] = parsed(text(`brand share description ${lang}: the text`, maxDescription), words)
  ctx.audit?.({ target: `brand ${m.code} description ${lang}`, before: descriptions, after: next })
  await setDescriptions(ctx.db, m.code, next)
  ctx.invalidate()
  return next[lang]
    ? `brand ${m.code}: the ${lang} description is set`
    : `brand ${m.code}: the ${lang} description is removed`
}
