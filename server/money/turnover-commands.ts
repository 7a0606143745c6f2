/**
 * The operator's view of members' turnover requirements (decision 026): a member's list
 * with each one's progress, and the waiver of one, through the turnover service, which
 * writes the waiver's audit row in the transaction that closes the requirement; and the
 * brand's switch that lets members forfeit their open bonuses to withdraw (audited).
 */
import { formatMinor } from '#contract/money'
import type { CommandSpec } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { idOf, noMore, oneOf, required } from '../ops/ops-input'
import { createTurnoverRepository } from '../promotions/turnover-repository'
import { createTurnoverService, memberTurnover, TurnoverError } from '../promotions/turnover-service'
import { merchantByCode, setBonusForfeit } from '../system/brands-repository'
import { currencyOf } from './common'

export const turnoverCommands: Record<string, CommandSpec> = {
  turnover: {
    usage: 'turnover list <username> | waive <id> <reason…> | forfeit [on | off]',
    readOnly: (args) =>
      args[0] === undefined || args[0] === 'list' || (args[0] === 'forfeit' && args.length === 1),
    auditedByService: (args) => args[0] === 'waive',
    summary:
      "a member's turnover requirements with their progress, or waive one (audited); show or set whether members may forfeit their open bonuses to withdraw (audited)",
    async run(ctx, args) {
      const [word, target, ...rest] = args
      const mode = oneOf('turnover: the action', word ?? 'list', ['list', 'waive', 'forfeit'])
      const brand = await merchantByCode(ctx.db, ctx.merchantCode)
      if (!brand) throw new OpsError(`no brand ${ctx.merchantCode}`)
      if (mode === 'forfeit') {
        const shown = (on: boolean) =>
          `${ctx.merchantCode}: bonus forfeit ${on ? 'on (members may give up their open bonuses to withdraw)' : 'off'}`
        if (target === undefined) return shown(brand.bonusForfeit)
        const on = oneOf('turnover forfeit: the switch', target, ['on', 'off']) === 'on'
        noMore(`turnover forfeit ${target}`, rest)
        ctx.audit?.({
          target: `brand ${ctx.merchantCode}`,
          before: { bonusForfeit: brand.bonusForfeit },
          after: { bonusForfeit: on },
        })
        await setBonusForfeit(ctx.db, ctx.merchantCode, on)
        ctx.invalidate()
        return shown(on)
      }
      const c = currencyOf(brand)
      const money = (minor: bigint) => `${formatMinor(minor, c)} ${brand.currency}`
      if (mode === 'list') {
        const username = required('turnover list: the username', target)
        const member = await createTurnoverRepository().memberByUsername(ctx.db, ctx.merchantCode, username)
        if (!member) throw new OpsError(`no member ${username}`)
        const t = await memberTurnover(ctx.db, member.id)
        if (t.requirements.length === 0) return `${member.account}: no turnover requirements`
        const lines = t.requirements.map(
          (v) =>
            `#${v.row.id}  bonus ${money(v.row.bonus).padStart(16)}  required ${money(v.row.required).padStart(16)}  done ${money(v.done).padStart(16)}  ${v.status.padEnd(9)} ${v.row.source}  ${v.row.createdAt.toISOString()}${v.row.closedBy ? `  by ${v.row.closedBy}` : ''}`,
        )
        return [...lines, `${member.account}: ${money(t.remaining)} to wager before a withdrawal`].join('\n')
      }
      const id = idOf('turnover waive: the requirement id', target)
      const reason = required('turnover waive: the reason', rest.join(' ').trim() || undefined)
      const operator = required('turnover waive: the operator', ctx.operator ?? undefined)
      try {
        const r = await createTurnoverService(ctx.db, () => new Date()).waive(
          ctx.merchantCode,
          id,
          operator,
          reason,
        )
        return `turnover requirement #${id} of ${r.account} waived (${reason}); ${money(r.remaining)} left to wager`
      } catch (err) {
        if (err instanceof TurnoverError) throw new OpsError(err.message)
        throw err
      }
    },
  },
}
