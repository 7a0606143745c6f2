/**
 * `audit`: the operator audit trail, newest first (server/ops/audit.ts).
 */
import { createAuditTrail } from './audit'
import type { CommandSpec } from './commands'
import { OpsError } from './ops-error'

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
      const [count, word, id, extra] = args
      const n = count === undefined ? 20 : Number(count)
      if (!Number.isInteger(n) || n < 1 || n > 500 || extra !== undefined)
        throw new OpsError(`usage: ${usage}`)
      let beforeId: number | undefined
      if (word !== undefined) {
        if (word !== 'before' || !id || !/^\d{1,9}$/.test(id)) throw new OpsError(`usage: ${usage}`)
        beforeId = Number(id)
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
