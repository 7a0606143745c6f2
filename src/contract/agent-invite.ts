/**
 * The agent's invitation and the announcements for agents, part of the agent centre's group
 * (src/contract/endpoints.ts). An agent's invitation code is given on first ask when the
 * agent has none; the link is the brand's registration page carrying it. The call that
 * answers it is `referral.details` (src/contract/referral.ts), which answers a plain member
 * their referral code the same way (decision 032). Announcements for
 * agents are the operator's `announcement add --audience agent` rows: no member or guest
 * endpoint ever answers them.
 */
import { z } from 'zod/mini'
import { NoticeSchema } from './content'
import { defineEndpoint } from './endpoint'
import { PageQueryShape, pageOf } from './paging'

/** The query parameter of the registration page that carries an invitation code. */
export const referralCodeParam = 'referralCode'

/** The registration page an invitation link opens (src/routes/_main/register.tsx). */
export const registerPath = '/register'

/** The link that opens the brand's registration with this code filled in. */
export function invitationLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${registerPath}?${referralCodeParam}=${encodeURIComponent(code)}`
}

export const InvitationSchema = z.object({
  /**
   * The agent's own code (members.affiliate_code): the operator's (`agent create --code`),
   * else one made on first ask, 8 capital letters and digits.
   */
  referralCode: z.string(),
  /** The registration page on the brand's address, carrying the code. */
  registerUrl: z.string(),
  /** Members who joined under this agent directly (the direct downline). */
  totalInvitations: z.int(),
  /** The brand's other addresses a link may be shared on (the same page and code). */
  promotionDomains: z.array(z.string()),
})
export type Invitation = z.infer<typeof InvitationSchema>

export const agentInviteEndpoints = {
  announcements: defineEndpoint({
    name: 'agent.announcements',
    method: 'GET',
    path: '/wps/relay/MCSFE_getAgentAnnouncements',
    auth: 'agent',
    encrypted: false,
    modId: 'AGENTANNOUNCE3',
    query: z.object({ ...PageQueryShape }),
    /** Newest first, in the caller's language (English when it has none in theirs). */
    response: pageOf(NoticeSchema),
    errors: [],
  }),
} as const
