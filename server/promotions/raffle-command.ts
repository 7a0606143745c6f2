/**
 * The operator's raffle command: `raffle draw <promotion id> <period> [--dry-run]` draws a
 * period whose draw time has come, through the raffle service (the same draw as the job,
 * exactly once), with its row in the audit trail. The dry run shows who would win with a
 * throwaway seed: the draw's own seed stays secret until the draw.
 */
import { DaySchema } from '#contract/agent'
import { formatMinor } from '#contract/money'
import { AppError } from '../http/errors'
import { currencyOf } from '../money/common'
import type { CommandSpec } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { brandOf, idOf, noMore, oneOf, required } from '../ops/ops-input'
import { standaloneRaffles } from './raffle-seed'

function periodOf(raw: string | undefined): string {
  const v = required('raffle draw: the period (its first day, YYYY-MM-DD)', raw)
  const d = new Date(`${v}T00:00:00Z`)
  if (!DaySchema.safeParse(v).success || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) {
    throw new OpsError(`raffle draw: the period is a day such as 2026-11-23, not "${v}"`)
  }
  return v
}

export const raffleCommand: CommandSpec = {
  usage: 'raffle draw <promotion id> <period YYYY-MM-DD> [--dry-run]',
  summary: 'draw a raffle’s period once its draw time has come, or see who would win with a throwaway seed',
  readOnly: (args) => args.includes('--dry-run'),
  async run(ctx, args) {
    oneOf('raffle: the action', args[0], ['draw'])
    const id = idOf('raffle draw: the promotion id', args[1])
    const period = periodOf(args[2])
    const dry = args[3] === '--dry-run'
    noMore(`raffle draw ${id} ${period}${dry ? ' --dry-run' : ''}`, args.slice(dry ? 4 : 3))
    const m = await brandOf(ctx)
    const c = currencyOf(m)
    const raffles = standaloneRaffles(ctx.db, ctx.notices)
    const told = async <T>(work: () => Promise<T>) => {
      try {
        return await work()
      } catch (err) {
        if (err instanceof AppError) throw new OpsError(`${err.errorCode}: ${err.message}`)
        throw err
      }
    }
    const lines = (ws: { rank: number; username: string; amount: number; ticket: number }[]) =>
      ws.map(
        (w) => `  rank ${w.rank} ${w.username} ticket ${w.ticket} wins ${formatMinor(BigInt(w.amount), c)}`,
      )
    if (dry) {
      const o = await told(() => raffles.dryRun(m, id, period))
      return [
        `DRY RUN of raffle #${id} ${period} with a THROWAWAY seed ${o.seed} (not the draw's; its seed stays secret until the draw)${o.drawnAt ? ` — drawn already at ${o.drawnAt.toISOString()}` : ''}`,
        `${o.entries.length} entries, ${o.totalTickets} tickets so far`,
        ...lines(o.winners),
      ].join('\n')
    }
    const o = await told(() => raffles.draw(m, id, period))
    if (o.drawn) {
      ctx.audit?.({
        target: `raffle #${id} ${period}`,
        before: { drawn: false },
        after: { drawn: true, seed: o.seed, tickets: o.totalTickets, winners: o.winners.length },
      })
    }
    return [
      `raffle #${id} ${period} ${o.drawn ? 'drawn now' : 'was drawn already'}: ${o.totalTickets} tickets, seed ${o.seed}, commitment ${o.commitment}`,
      ...lines(o.winners),
    ].join('\n')
  },
}
