/**
 * The member's inbox over their fund notices: each message is written in the caller's
 * language at read time, and every call answers the unread count the badges show. A member
 * reads, marks and removes only their own messages.
 */
import type { Endpoints } from '#contract/endpoints'
import { pageOf } from '../db/paging'
import type { HandlerGroup } from '../http/contract-routes'
import { currencyOf } from '../money/common'
import type { Db } from '../plugins/external/db'
import { merchantByCode } from '../system/brands-repository'
import { markNoticesRead, noticePage, removeNotices, unreadNotices } from './inbox-repository'
import { noticeText } from './notice-text'
import { noticeUrl } from './push-service'

export function inboxHandlers(db: Db, now: () => Date): HandlerGroup<Endpoints['inbox']> {
  function memberOf(caller: { session?: { memberId: number } }): number {
    if (!caller.session) throw new Error('the inbox takes a session')
    return caller.session.memberId
  }

  const unread = (memberId: number) => unreadNotices(db, memberId)

  return {
    async list({ input, caller }) {
      const memberId = memberOf(caller)
      const merchant = await merchantByCode(db, caller.merchantCode)
      if (!merchant) throw new Error(`no brand ${caller.merchantCode}`)
      const currency = currencyOf(merchant)
      const { rows, total } = await noticePage(db, memberId, input)
      return {
        ...pageOf(
          rows.map((n) => ({
            id: n.id,
            type: n.kind,
            ...noticeText(n.kind, caller.locale, n.amount, currency, n.reason),
            time: n.createdAt.getTime(),
            read: n.readAt !== null,
            url: noticeUrl(n.kind, n.reason),
          })),
          total,
          input,
        ),
        unread: await unread(memberId),
      }
    },

    async unreadCount({ caller }) {
      return { unread: await unread(memberOf(caller)) }
    },

    async read({ input, caller }) {
      const memberId = memberOf(caller)
      await markNoticesRead(db, memberId, now(), input.ids)
      return { unread: await unread(memberId) }
    },

    async remove({ input, caller }) {
      const memberId = memberOf(caller)
      await removeNotices(db, memberId, input.ids)
      return { unread: await unread(memberId) }
    },
  }
}
