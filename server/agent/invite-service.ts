/**
 * An agent's invitation: their code, made on first ask when they have none (unique per
 * brand, also when many asks race), and the link to the brand's registration carrying it.
 * And the announcements the operator posted for agents, for the agent centre's page.
 */
import { randomInt } from 'node:crypto'
import { invitationLink, type Invitation } from '#contract/agent-invite'
import type { Notice } from '#contract/content'
import type { Locale } from '#contract/locales'
import { pickLanguage } from '../db/localized'
import { pgCodes, pgErrorOf } from '../db/pg-errors'
import { brandOrigin } from '../system/brand-domains'
import type { InviteRepository } from './invite-repository'

/** Letters and digits that read alike nowhere (no I, O, 0 or 1). */
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const codeLength = 8
/** A new code taken by another agent at the same moment is drawn again, at most this often. */
const maxDraws = 5

export function newInvitationCode(): string {
  let code = ''
  for (let i = 0; i < codeLength; i++) code += codeAlphabet[randomInt(codeAlphabet.length)]
  return code
}

export function createInviteService(deps: {
  invites: InviteRepository
  domains: (merchantCode: string) => Promise<string[]>
  publicUrl: string | undefined
  now: () => Date
  /** Draws a new code (tests give their own to force a collision). */
  drawCode?: () => string
}) {
  const { invites, domains, publicUrl, now } = deps
  const draw = deps.drawCode ?? newInvitationCode

  /** The member's code, giving them one if they have none. */
  async function ensureCode(memberId: number): Promise<string> {
    for (let attempt = 0; attempt < maxDraws; attempt++) {
      const existing = await invites.codeOf(memberId)
      if (existing) return existing
      try {
        await invites.setCodeIfNone(memberId, draw())
      } catch (err) {
        // Another agent of the brand holds this code: draw another.
        if (pgErrorOf(err)?.code !== pgCodes.uniqueViolation) throw err
      }
    }
    const code = await invites.codeOf(memberId)
    if (!code) throw new Error(`no free invitation code after ${maxDraws} draws`)
    return code
  }

  return {
    ensureCode,

    async invitation(
      merchantCode: string,
      memberId: number,
      request: { protocol: string; host: string },
    ): Promise<Invitation> {
      const [referralCode, listed, totalInvitations] = await Promise.all([
        ensureCode(memberId),
        domains(merchantCode),
        invites.directCount(memberId),
      ])
      const origin = brandOrigin({ publicUrl, listed, request })
      return {
        referralCode,
        registerUrl: invitationLink(origin, referralCode),
        totalInvitations,
        promotionDomains: listed,
      }
    },

    async announcements(
      merchantCode: string,
      locale: Locale,
      page: { pageNo: number; pageSize: number },
    ): Promise<{ list: Notice[]; total: number; pageNo: number; pageSize: number }> {
      const rows = pickLanguage(await invites.liveAgentAnnouncements(merchantCode, locale, now()), locale)
      const start = (page.pageNo - 1) * page.pageSize
      return {
        list: rows.slice(start, start + page.pageSize).map((r) => ({
          id: r.id,
          title: r.title,
          content: r.content,
          date: r.publishedAt.getTime(),
          imageUrl: r.imageUrl,
          linkUrl: r.linkUrl,
        })),
        total: rows.length,
        pageNo: page.pageNo,
        pageSize: page.pageSize,
      }
    },
  }
}

export type InviteService = ReturnType<typeof createInviteService>
