/**
 * The reads and writes behind an agent's invitation and the announcements for agents: the
 * agent's code (members.affiliate_code, unique per brand), the count of members who joined
 * under them, and the live announcements of the agents' type. Each takes the database or
 * the caller's transaction.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm'
import { agentAnnouncementType } from '#contract/content'
import { announcements, members } from '../db/schema'
import type { Db, Tx } from '../plugins/external/db'

type Executor = Db | Tx

export type AgentAnnouncementRow = typeof announcements.$inferSelect

export function createInviteRepository(db: Db) {
  return {
    /** The member's invitation code, null when they have none yet. */
    async codeOf(memberId: number, tx?: Executor): Promise<string | null> {
      const [row] = await (tx ?? db)
        .select({ code: members.affiliateCode })
        .from(members)
        .where(eq(members.id, memberId))
      return row?.code ?? null
    },

    /**
     * Gives the member this code unless they have one already: one statement, so of many
     * at once one sets it and the others change nothing. A code another member of the brand
     * holds fails on the unique index (members_affiliate_code).
     */
    async setCodeIfNone(memberId: number, code: string, tx?: Executor): Promise<boolean> {
      const set = await (tx ?? db)
        .update(members)
        .set({ affiliateCode: code })
        .where(and(eq(members.id, memberId), isNull(members.affiliateCode)))
        .returning({ id: members.id })
      return set.length > 0
    },

    /** Members whose upline is this member (who joined under them). */
    async directCount(memberId: number, tx?: Executor): Promise<number> {
      const [row] = await (tx ?? db)
        .select({ n: count() })
        .from(members)
        .where(eq(members.parentId, memberId))
      return row?.n ?? 0
    },

    /**
     * The agents' announcements published by `at` and not expired, in `language` or English:
     * the newest first, those published together in the operator's order.
     */
    liveAgentAnnouncements(
      merchantCode: string,
      language: string,
      at: Date,
      tx?: Executor,
    ): Promise<AgentAnnouncementRow[]> {
      return (tx ?? db)
        .select()
        .from(announcements)
        .where(
          and(
            eq(announcements.merchantCode, merchantCode),
            eq(announcements.type, agentAnnouncementType),
            inArray(announcements.language, [language, 'en']),
            lte(announcements.publishedAt, at),
            or(isNull(announcements.expiresAt), gt(announcements.expiresAt, at)),
          ),
        )
        .orderBy(desc(announcements.publishedAt), asc(announcements.sort), asc(announcements.id))
    },
  }
}

export type InviteRepository = ReturnType<typeof createInviteRepository>
