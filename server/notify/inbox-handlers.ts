/**
 * The member's inbox over their fund notices: each message is written in the caller's
 * language at read time, and every call answers the unread count the badges show. A member
 * reads, marks and removes only their own messages.
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Endpoints } from '#contract/endpoints'
import { fundNotices, merchants } from '../db/schema'
import { pageOf, withPage } from '../db/paging'
import type { HandlerGroup } from '../http/contract-routes'
import { currencyOf } from '../money/common'
import type { Db } from '../plugins/external/db'
import { noticeText } from './notice-text'
import { noticeUrl } from './push-service'

export function inboxHandlers(db: Db, now: () => Date): HandlerGroup<Endpoints['inbox']> {
  function memberOf(caller: { session?: { memberId: number } }): number {
    if (!caller.session) throw new Error('the inbox takes a session')
    return caller.session.memberId
  }

  async function unread(memberId: number): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(fundNotices)
      .where(and(eq(fundNotices.memberId, memberId), isNull(fundNotices.readAt)))
    return Number(r?.n ?? 0)
  }

  return {
    async list({ input, caller }) {
      const memberId = memberOf(caller)
      const [merchant] = await db.select().from(merchants).where(eq(merchants.code, caller.merchantCode))
      if (!merchant) throw new Error(`no brand ${caller.merchantCode}`)
      const currency = currencyOf(merchant)
      const mine = eq(fundNotices.memberId, memberId)
      const rows = await withPage(
        db.select().from(fundNotices).where(mine).orderBy(desc(fundNotices.id)).$dynamic(),
        input,
      )
      const [total] = await db.select({ n: count() }).from(fundNotices).where(mine)
      return {
        ...pageOf(
          rows.map((n) => ({
            id: n.id,
            type: n.kind,
            ...noticeText(n.kind, caller.locale, n.amount, currency, n.reason),
            time: n.createdAt.getTime(),
            read: n.readAt !== null,
            url: noticeUrl(n.kind),
          })),
          total?.n,
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
      await db
        .update(fundNotices)
        .set({ readAt: now() })
        .where(
          and(
            eq(fundNotices.memberId, memberId),
            isNull(fundNotices.readAt),
            input.ids ? inArray(fundNotices.id, input.ids) : undefined,
          ),
        )
      return { unread: await unread(memberId) }
    },

    async remove({ input, caller }) {
      const memberId = memberOf(caller)
      await db
        .delete(fundNotices)
        .where(and(eq(fundNotices.memberId, memberId), inArray(fundNotices.id, input.ids)))
      return { unread: await unread(memberId) }
    },
  }
}
