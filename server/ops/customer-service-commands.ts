/**
 * The brand's customer-service links (live chat, Telegram, Messenger, the VIP line) as
 * members see them: a link's title per language. A change drops the running server's
 * cached reads at once.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { localName } from '../db/localized'
import { customerService } from '../db/schema'
import type { CommandSpec } from './commands'
import { OpsError } from './ops-error'
import { brandOf, language, namedIn, options, parsed, text } from './ops-input'

const usage =
  'customer-service list | title <ID> --lang <km|en|zh|th|vi> <title…> | untitle <ID> --lang <language>'

const LinkId = z
  .string({ error: 'a link id is needed (see: customer-service list)' })
  .regex(/^\d{1,9}$/, 'a link id is a number (see: customer-service list)')
  .transform(Number)

export const customerServiceCommands: Record<string, CommandSpec> = {
  'customer-service': {
    usage,
    readOnly: (args) => args[0] === undefined || args[0] === 'list',
    summary: 'list the brand’s customer-service links, or title one in a language (or take that title away)',
    async run(ctx, args) {
      const [mode, ...rest] = args
      if (mode === 'list' || mode === undefined) {
        const rows = await ctx.db
          .select()
          .from(customerService)
          .where(eq(customerService.merchantCode, ctx.merchantCode))
          .orderBy(asc(customerService.sort), asc(customerService.id))
        if (rows.length === 0) return 'no customer-service links'
        return rows
          .map(
            (r) =>
              `${String(r.id).padStart(5)} ${r.csType.padEnd(9)} ${r.title}${namedIn(r.titles)}  ${r.url}`,
          )
          .join('\n')
      }
      if (mode === 'untitle') {
        // One language's own title taken away: members reading it see the fallback again.
        const { values, positionals } = options(rest, { lang: { type: 'string' } }, usage)
        if (positionals.length !== 1) throw new OpsError(`usage: ${usage}`)
        const id = parsed(LinkId, positionals[0])
        const lang = parsed(language, values.lang)
        const m = await brandOf(ctx)
        const [row] = await ctx.db
          .update(customerService)
          .set({ titles: sql`${customerService.titles} - ${lang}::text` })
          .where(and(eq(customerService.merchantCode, ctx.merchantCode), eq(customerService.id, id)))
          .returning({
            titles: customerService.titles,
            title: customerService.title,
            csType: customerService.csType,
          })
        if (!row) throw new OpsError(`no customer-service link ${id} (see: customer-service list)`)
        ctx.invalidate()
        return `customer-service link ${id} (${row.csType}) has no title of its own in ${lang}: members reading ${lang} see "${localName(row.titles, row.title, lang, m.defaultLanguage)}"`
      }
      if (mode !== 'title') throw new OpsError(`usage: ${usage}`)
      const { values, positionals } = options(rest, { lang: { type: 'string' } }, usage)
      const [rawId, ...words] = positionals
      const id = parsed(LinkId, rawId)
      const lang = parsed(language, values.lang)
      const title = parsed(text('the title', 60), words.join(' '))
      const where = and(eq(customerService.merchantCode, ctx.merchantCode), eq(customerService.id, id))
      const [row] = await ctx.db.select().from(customerService).where(where)
      if (!row) throw new OpsError(`no customer-service link ${id} (see: customer-service list)`)
      await ctx.db
        .update(customerService)
        // One language's key merged in by the database, so two changes at once both hold.
        .set({ titles: sql`${customerService.titles} || ${JSON.stringify({ [lang]: title })}::jsonb` })
        .where(where)
      ctx.invalidate()
      return `customer-service link ${id} (${row.csType}) is titled "${title}" in ${lang}`
    },
  },
}
