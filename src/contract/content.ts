/**
 * Brand content read before login: announcements (banners, marquee, popups, promotions).
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { text } from './text'

/** What members and visitors read: banners, marquee, popups, promotions, home. */
export const memberAnnouncementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const
/**
 * Announcements for agents only (the agent centre's page, src/contract/agent-invite.ts):
 * never among what members and visitors are answered.
 */
export const agentAnnouncementType = 'AG' as const
export const announcementTypes = [...memberAnnouncementTypes, agentAnnouncementType] as const
export const AnnouncementTypeSchema = z.enum(announcementTypes)
export type AnnouncementType = (typeof announcementTypes)[number]

export const NoticeSchema = z.object({
  id: z.int(),
  title: z.string(),
  /** HTML from the operator: sanitize before rendering. */
  content: z.string(),
  /** Publication time, epoch ms. */
  date: z.number(),
  imageUrl: z.nullable(z.string()),
  linkUrl: z.nullable(z.string()),
})
export type Notice = z.infer<typeof NoticeSchema>

export const AnnouncementsSchema = z.object({
  banners: z.array(NoticeSchema),
  player: z.array(NoticeSchema),
  popup: z.array(NoticeSchema),
  promotion: z.array(NoticeSchema),
  home: z.array(NoticeSchema),
})
export type Announcements = z.infer<typeof AnnouncementsSchema>

/** When an announcement shows: B before login; popups also A after login and F at first login. */
export const announcementExecutions = ['B', 'A', 'F'] as const

/** `types` is the platform's comma list, e.g. "B,PL,PU,PR,H". */
const TypesList = text(20).check(z.regex(/^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H))*$/))

export const contentEndpoints = {
  announcements: defineEndpoint({
    name: 'content.announcements',
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    query: z.object({
      types: z._default(TypesList, 'B,PL,PU,PR,H'),
      platform: z._default(z.enum(['W', 'M']), 'W'),
      execution: z._default(z.enum(announcementExecutions), 'B'),
    }),
    response: AnnouncementsSchema,
    errors: [],
  }),
} as const
