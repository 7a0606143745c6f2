/**
 * The operator's raffle command:
 * - `raffle create --ticket <amount> --prizes <rank:amount:count,…> [--delay <minutes>]
 *   [--start <time>] [--end <time>] [--title-<lang> <title>…]` makes a weekly raffle through
 *   the raffle service (its promotion and its settings), with its row in the audit trail;
 * - `raffle draw <promotion id> <period> [--dry-run]` draws a period whose draw time has
 *   come, through the raffle service (the same draw as the job, exactly once), with its row
 *   in the audit trail. The dry run shows who would win with a throwaway seed: the draw's own
 *   seed stays secret until the draw.
 */
import { DaySchema } from '#contract/agent'
import { locales, type Locale } from '#contract/locales'
import { formatMinor, type Currency } from '#contract/money'
import { AppError } from '../http/errors'
import { currencyOf, type MerchantRow } from '../money/common'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { amountOf, brandOf, idOf, noMore, oneOf, options, parsed, required, text } from '../ops/ops-input'
import { standaloneRaffles } from './raffle-seed'
import { maxDrawDelayMinutes } from './raffle-service'

/** The longest title a raffle takes, in any language. */
const maxTitleLength = 80

function periodOf(raw: string | undefined): string {
  const v = required('raffle draw: the period (its first day, YYYY-MM-DD)', raw)
  const d = new Date(`${v}T00:00:00Z`)
  if (!DaySchema.safeParse(v).success || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) {
    throw new OpsError(`raffle draw: the period is a day such as 2026-11-23, not "${v}"`)
  }
  return v
}

function instant(what: string, raw: string): Date {
  const d = new Date(raw)
  if (Number.isNaN(d.getTime()))
    throw new OpsError(`${what} is a time such as 2026-12-01T00:00+07:00, not "${raw}"`)
  return d
}

/** `1:50:1,2:20:1,3:5:3`: each prize's rank, amount in the brand's currency and count. */
function prizesOf(raw: string | undefined, c: Currency) {
  const v = required('raffle create: --prizes (rank:amount:count, …)', raw)
  return v.split(',').map((part) => {
    const m = /^\s*(\d{1,3}):([^:]+):(\d{1,4})\s*$/.exec(part)
    if (!m?.[1] || !m[2] || !m[3])
      throw new OpsError(`--prizes: each prize is rank:amount:count such as 1:50:1, not "${part}"`)
    const amount = amountOf(m[2], `--prizes: rank ${m[1]}'s amount`, c)
    if (amount > BigInt(Number.MAX_SAFE_INTEGER))
      throw new OpsError(`--prizes: rank ${m[1]}'s amount is too large`)
    return { rank: Number(m[1]), amount: Number(amount), count: Number(m[3]) }
  })
}

function delayOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  if (!/^\d{1,4}$/.test(raw) || Number(raw) > maxDrawDelayMinutes)
    throw new OpsError(
      `--delay is the minutes from 0 to ${maxDrawDelayMinutes} after a week before its draw, not "${raw}"`,
    )
  return Number(raw)
}

const told = async <T>(work: () => Promise<T>) => {
  try {
    return await work()
  } catch (err) {
    if (err instanceof AppError) throw new OpsError(`${err.errorCode}: ${err.message}`)
    throw err
  }
}

const titleOptions = Object.fromEntries(
  locales.map((l) => [`title-${l}`, { type: 'string' as const }]),
) as Record<`title-${Locale}`, { type: 'string' }>

async function create(ctx: OpsContext, m: MerchantRow, args: string[]): Promise<string> {
  const c = currencyOf(m)
  const { values, positionals } = options(args, {
    ticket: { type: 'string' },
    prizes: { type: 'string' },
    delay: { type: 'string' },
    start: { type: 'string' },
    end: { type: 'string' },
    ...titleOptions,
  })
  noMore('raffle create', positionals)
  if (values.ticket === undefined)
    throw new OpsError('raffle create: --ticket (the valid bets that make one ticket) is required')
  const ticketValidBets = amountOf(values.ticket, '--ticket', c)
  const prizes = prizesOf(values.prizes, c)
  const drawDelayMinutes = delayOf(values.delay)
  const titles: Partial<Record<Locale, string>> = {}
  for (const l of locales) {
    const raw = values[`title-${l}`]
    if (raw !== undefined) titles[l] = parsed(text(`--title-${l}`, maxTitleLength), raw)
  }
  const startsAt = values.start === undefined ? undefined : instant('--start', values.start)
  const endsAt = values.end === undefined ? undefined : instant('--end', values.end)
  const p = await told(() =>
    standaloneRaffles(ctx.db, ctx.notices).create(
      m,
      {
        ticketValidBets,
        prizes,
        titles,
        ...(drawDelayMinutes === undefined ? {} : { drawDelayMinutes }),
        ...(startsAt ? { startsAt } : {}),
        ...(endsAt ? { endsAt } : {}),
      },
      `operator:${ctx.operator ?? 'operator'}`,
    ),
  )
  const shown = prizes
    .sort((a, b) => a.rank - b.rank)
    .map((x) => `rank ${x.rank} ${formatMinor(BigInt(x.amount), c)} ×${x.count}`)
  ctx.audit?.({
    target: `raffle #${p.id}`,
    before: null,
    after: {
      ticket: formatMinor(ticketValidBets, c),
      prizes: shown,
      drawDelayMinutes: drawDelayMinutes ?? null,
      startsAt: p.startsAt.toISOString(),
      endsAt: p.endsAt?.toISOString() ?? null,
      titles: p.titles,
    },
  })
  return [
    `made raffle #${p.id} "${p.titles.en ?? ''}" from ${p.startsAt.toISOString()}${p.endsAt ? ` to ${p.endsAt.toISOString()}` : ''}: a ticket per ${formatMinor(ticketValidBets, c)} of valid bets`,
    ...shown.map((x) => `  ${x}`),
  ].join('\n')
}

export const raffleCommand: CommandSpec = {
  usage:
    'raffle create --ticket <amount> --prizes <rank:amount:count,…> [--delay <minutes>] [--start <time>] [--end <time>] [--title-<km|en|zh|th|vi> <title>] | draw <promotion id> <period YYYY-MM-DD> [--dry-run]',
  summary:
    'make a weekly raffle, draw a raffle’s period once its draw time has come, or see who would win with a throwaway seed',
  readOnly: (args) => args[0] === 'draw' && args.includes('--dry-run'),
  async run(ctx, args) {
    const action = oneOf('raffle: the action', args[0], ['create', 'draw'])
    if (action === 'create') return create(ctx, await brandOf(ctx), args.slice(1))
    const id = idOf('raffle draw: the promotion id', args[1])
    const period = periodOf(args[2])
    const dry = args[3] === '--dry-run'
    noMore(`raffle draw ${id} ${period}${dry ? ' --dry-run' : ''}`, args.slice(dry ? 4 : 3))
    const m = await brandOf(ctx)
    const c = currencyOf(m)
    const raffles = standaloneRaffles(ctx.db, ctx.notices)
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
