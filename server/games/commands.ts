/**
 * `ops vendor-maintenance`: the operator's switch that takes a game vendor off (launches
 * answer vendor_under_maintenance with same-type suggestions, and the seamless wallet
 * refuses new stakes while rounds in flight still settle) and puts it back.
 */
import { z } from 'zod'
import type { CommandSpec } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { noMore, oneOf } from '../ops/ops-input'
import { createGamesRepository } from './games-repository'

const Vassalage = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_]{2,16}$/, 'a vendor code is letters and digits, e.g. DSL'))

export const gamesCommands: Record<string, CommandSpec> = {
  'vendor-maintenance': {
    usage: 'vendor-maintenance [<VENDOR> on | off]',
    readOnly: (args) => args.length === 0,
    summary:
      'list vendors under maintenance, or switch one off (no launches, no new stakes; open rounds settle) or on again',
    async run(ctx, args) {
      if (args.length === 0) {
        const rows = await createGamesRepository(ctx.db).vendorsUnderMaintenance(ctx.merchantCode)
        if (rows.length === 0) return 'no vendor under maintenance'
        return rows
          .map((v) =>
            v.maintenance
              ? `${v.vassalage} (${v.gameType}) ${v.name}: switched off`
              : `${v.vassalage} (${v.gameType}) ${v.name}: window ${v.maintenanceFrom?.toISOString()} – ${v.maintenanceUntil?.toISOString() ?? 'open'}`,
          )
          .join('\n')
      }
      const [code, word, ...extra] = args
      const parsed = Vassalage.safeParse(code)
      if (!parsed.success) throw new OpsError(parsed.error.issues[0]?.message ?? 'bad vendor code')
      const mode = oneOf(`vendor-maintenance ${parsed.data}: the switch`, word, ['on', 'off'])
      noMore(`vendor-maintenance ${parsed.data} ${mode}`, extra)
      const repo = createGamesRepository(ctx.db)
      const rows = await repo.vendorsByCode(ctx.merchantCode, parsed.data)
      if (rows.length === 0) throw new OpsError(`no vendor ${parsed.data} for ${ctx.merchantCode}`)
      const state = (v: (typeof rows)[number]) => ({
        gameType: v.gameType,
        maintenance: v.maintenance,
        maintenanceFrom: v.maintenanceFrom,
        maintenanceUntil: v.maintenanceUntil,
      })
      await repo.setVendorMaintenance(ctx.merchantCode, parsed.data, mode === 'on')
      ctx.audit?.({
        target: `vendor ${parsed.data}`,
        before: rows.map(state),
        after: (await repo.vendorsByCode(ctx.merchantCode, parsed.data)).map(state),
      })
      ctx.invalidate()
      return `${parsed.data}: maintenance ${mode} for ${ctx.merchantCode}`
    },
  },
}
