/**
 * `audit`: the operator audit trail, newest first (server/system/audit.ts).
 */
import type { CommandSpec } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { idOf, noMore, oneOf } from '../ops/ops-input'
import { createAuditTrail } from './audit'

const usage = 'audit [<n> [before <id>]]'

function shown(value: unknown): string {
  return value === null || value === undefined ? '–' : JSON.stringify(value)
}

export const auditCommands: Record<string, CommandSpec> = {
  audit: {
    usage,
    summary: 'list what operators did, newest first: who, when, the command, its target, before and after',
    readOnly: () => true,
    async run(ctx, args) {
      const [count, word, id, ...extra] = args
      const n = count === undefined ? 20 : Number(count)
      if (count !== undefined && (!/^\d{1,3}$/.test(count) || n < 1 || n > 500))
        throw new OpsError(`audit: the count is a whole number from 1 to 500, not "${count}"`)
      let beforeId: number | undefined
      if (word !== undefined) {
        oneOf(`audit ${n}: the word after the count`, word, ['before'])
        beforeId = idOf(`audit ${n} before: the row id`, id)
        noMore(`audit ${n} before ${beforeId}`, extra)
      }
      const rows = await createAuditTrail(ctx.db).list(ctx.merchantCode, n, beforeId)
      if (rows.length === 0) return 'no operator action recorded'
      return rows
        .map((r) => {
          const head = `#${r.id} ${r.at.toISOString()} ${r.operator}: ${r.words.join(' ')}`
          const what = r.target === null ? '' : `\n    on ${r.target}`
          const change =
            r.before === null && r.after === null
              ? ''
              : `\n    before ${shown(r.before)}\n    after  ${shown(r.after)}`
          return head + what + change
        })
        .join('\n')
    },
  },
}
