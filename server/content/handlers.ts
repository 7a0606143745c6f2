/**
 * Announcements: banners (B), marquee (PL), popups (PU), promotions (PR) and home (H), in
 * the caller's language with English as the fallback, only those published and unexpired.
 */
import type { Announcements, Notice } from '#contract/content'
import type { Endpoints } from '#contract/endpoints'
import { pickLanguage } from '../db/localized'
import type { HandlerGroup } from '../http/contract-routes'
import type { Db } from '../plugins/external/db'
import { publishedAnnouncements } from './announcements-repository'

const bucketOf = { B: 'banners', PL: 'player', PU: 'popup', PR: 'promotion', H: 'home' } as const

export function contentHandlers(
  db: Db,
  now: () => Date = () => new Date(),
): HandlerGroup<Endpoints['content']> {
  return {
    async announcements({ caller, input }) {
      const types = [...new Set(input.types.split(','))] as (keyof typeof bucketOf)[]
      const at = now()
      const rows = await publishedAnnouncements(db, {
        merchantCode: caller.merchantCode,
        types,
        execution: input.execution,
        language: caller.locale,
        at,
      })
      const out: Announcements = { banners: [], player: [], popup: [], promotion: [], home: [] }
      for (const type of types) {
        const ofType = pickLanguage(
          rows.filter((r) => r.type === type),
          caller.locale,
        )
        out[bucketOf[type]] = ofType.map((r): Notice => ({
          id: r.id,
          title: r.title,
          content: r.content,
          date: r.publishedAt.getTime(),
          imageUrl: r.imageUrl,
          linkUrl: r.linkUrl,
        }))
      }
      return out
    },
  }
}
