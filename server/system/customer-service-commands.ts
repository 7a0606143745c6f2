/**
 * The brand's customer-service links (live chat, Telegram, Messenger, the VIP line) as
 * members see them: a link's title per language. A change drops the running server's
 * cached reads at once.
 */
import { z } from 'zod'
import { localName } from '../db/localized'
import type { CommandSpec } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { brandOf, language, namedIn, noMore, oneOf, options, parsed, text } from '../ops/ops-input'
import {
  customerServiceLink,
  customerServiceLinks,
  setCustomerServiceTitle,
} from './customer-service-repository'

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
      const [word, ...rest] = args
      const mode = oneOf('customer-service: the action', word ?? 'list', ['list', 'title', 'untitle'])
      if (mode === 'list') {
        noMore('customer-service list', rest)
        const rows = await customerServiceLinks(ctx.db, ctx.merchantCode)
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
        const { values, positionals } = options(rest, { lang: { type: 'string' } })
        const id = parsed(LinkId, positionals[0])
        noMore(`customer-service untitle ${id}`, positionals.slice(1))
        const lang = parsed(language, values.lang)
        const m = await brandOf(ctx)
        const was = await customerServiceLink(ctx.db, ctx.merchantCode, id)
        if (!was) throw new OpsError(`no customer-service link ${id} (see: customer-service list)`)
        const row = (await setCustomerServiceTitle(ctx.db, ctx.merchantCode, id, lang, null)) ?? was
        ctx.audit?.({
          target: `customer-service link ${id}`,
          before: { [lang]: was.titles[lang] ?? null },
          after: { [lang]: null },
        })
        ctx.invalidate()
        return `customer-service link ${id} (${row.csType}) has no title of its own in ${lang}: members reading ${lang} see "${localName(row.titles, row.title, lang, m.defaultLanguage)}"`
      }
      const { values, positionals } = options(rest, { lang: { type: 'string' } })
      const [rawId, ...words] = positionals
      const id = parsed(LinkId, rawId)
      const lang = parsed(language, values.lang)
      const title = parsed(text('the title', 60), words.join(' '))
      const row = await customerServiceLink(ctx.db, ctx.merchantCode, id)
      if (!row) throw new OpsError(`no customer-service link ${id} (see: customer-service list)`)
      ctx.audit?.({
        target: `customer-service link ${id}`,
        before: { [lang]: row.titles[lang] ?? null },
        after: { [lang]: title },
      })
      await setCustomerServiceTitle(ctx.db, ctx.merchantCode, id, lang, title)
      ctx.invalidate()
      return `customer-service link ${id} (${row.csType}) is titled "${title}" in ${lang}`
    },
  },
}
