/**
 * Operator commands for announcements: the banners, marquee lines, popups, promotions and
 * home notices members see. A change drops the running server's cached reads at once.
 */
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { agentAnnouncementType, announcementExecutions, memberAnnouncementTypes } from '#contract/content'
import { locales } from '#contract/locales'
import type { CommandSpec } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { idOf, noMore, oneOf } from '../ops/ops-input'
import {
  announcementById,
  expireAnnouncement,
  insertAnnouncement,
  liveAnnouncements,
} from './announcements-repository'

const usage =
  'announcement list | add <B|PL|PU|PR|H> <language> <title> <content…> [--execution B|A|F] [--link <url>] | add --audience agent <language> <title> <content…> | expire <id>'

/** Plain text with no control characters, of a bounded length. */
const line = (max: number, what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is empty`)
    .max(max, `${what} is longer than ${max} characters`)
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .refine((v) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(v), `${what} has control characters`)

const AddInput = z.object({
  type: z.enum([...memberAnnouncementTypes, agentAnnouncementType], {
    error: `type is one of ${memberAnnouncementTypes.join(', ')}`,
  }),
  language: z.enum(locales, { error: `language is one of ${locales.join(', ')}` }),
  title: line(200, 'the title'),
  content: line(5000, 'the content'),
  execution: z.enum(announcementExecutions, {
    error: `--execution is one of ${announcementExecutions.join(', ')}`,
  }),
  linkUrl: z.optional(z.url({ protocol: /^https?$/, error: '--link is an http(s) address' })),
})

function firstIssue(err: z.ZodError): string {
  return err.issues[0]?.message ?? 'invalid input'
}

export const contentCommands: Record<string, CommandSpec> = {
  announcement: {
    usage,
    readOnly: (args) => args[0] === 'list',
    summary: 'list, add or expire the brand’s announcements (banner, marquee, popup, promotion, home)',
    async run(ctx, args) {
      const [word, ...rest] = args
      const mode = oneOf('announcement: the action', word, ['list', 'add', 'expire'])
      if (mode === 'list') {
        noMore('announcement list', rest)
        const rows = await liveAnnouncements(ctx.db, ctx.merchantCode, new Date())
        if (rows.length === 0) return 'no live announcements'
        return rows
          .map(
            (r) => `${String(r.id).padStart(5)} ${r.type.padEnd(2)} ${r.execution} ${r.language} ${r.title}`,
          )
          .join('\n')
      }
      if (mode === 'add') {
        let parsed
        try {
          parsed = parseArgs({
            args: rest,
            allowPositionals: true,
            options: {
              execution: { type: 'string', default: 'B' },
              link: { type: 'string' },
              audience: { type: 'string', default: 'members' },
            },
          })
        } catch (err) {
          throw new OpsError((err as Error).message.split('\n')[0] ?? 'bad option')
        }
        // Agents' announcements are one list in the agent centre: they take no type.
        const audience = oneOf('--audience', parsed.values.audience, ['members', 'agent'])
        const words =
          audience === 'agent' ? [agentAnnouncementType, ...parsed.positionals] : parsed.positionals
        const [type, language, title, ...content] = words
        if (audience === 'members' && type?.toUpperCase() === agentAnnouncementType) {
          throw new OpsError(`type is one of ${memberAnnouncementTypes.join(', ')}`)
        }
        const input = AddInput.safeParse({
          type: type?.toUpperCase(),
          language: language?.toLowerCase(),
          title,
          content: content.join(' '),
          execution: parsed.values.execution?.toUpperCase(),
          linkUrl: parsed.values.link,
        })
        if (!input.success) throw new OpsError(firstIssue(input.error))
        const row = await insertAnnouncement(ctx.db, { merchantCode: ctx.merchantCode, ...input.data })
        ctx.audit?.({ target: `announcement ${row.id}`, before: null, after: input.data })
        ctx.invalidate()
        return `announcement ${row.id} added`
      }
      if (mode === 'expire') {
        const id = idOf('announcement expire: the announcement id', rest[0])
        noMore(`announcement expire ${id}`, rest.slice(1))
        const row = await announcementById(ctx.db, ctx.merchantCode, Number(id))
        if (!row) throw new OpsError(`no announcement ${id} for ${ctx.merchantCode}`)
        const at = new Date()
        ctx.audit?.({
          target: `announcement ${id}`,
          before: { expiresAt: row.expiresAt },
          after: { expiresAt: at },
        })
        await expireAnnouncement(ctx.db, ctx.merchantCode, row.id, at)
        ctx.invalidate()
        return `announcement ${id} expired`
      }
      throw new OpsError(`announcement ${mode}: not an action`)
    },
  },
}
