/**
 * `npm run ops -- lottery …`: the brand's lottery games. A production brand starts with
 * none; the operator adds each game (its prize mode, what it draws, its schedule and name),
 * switches games on and off, and voids an issue (every bet refunded). Bet types, odds and
 * stakes start from the engine's defaults for the game's kind, in the brand's currency; names,
 * odds and stake limits are edited afterwards (edit-commands.ts).
 */
import { lotteryKinds, prizeModes, type LotterySchedule } from '#contract/lottery'
import { pointsEarnerOf } from '../loyalty/points/earn'
import { createLedger } from '../money/ledger'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { noMore, oneOf, required } from '../ops/ops-input'
import { merchantByCode } from '../system/brands-repository'
import { editUsage, renameGame, setLimits, setOdds } from './edit-commands'
import { createLotteryEngine } from './engine'
import { defaultBetTypeRules, defaultMaxPayout } from './rules'
import { checkSchedule } from './schedule'

const usage =
  'lottery list | add <CODE> <LOTT|ZY|ELOTT|SEA> <D5|VN_NORTH|VN_SOUTH> <every:SECONDS|daily:HH:MM:DAYS> <name…> [--zone <IANA zone>] [--group <code>] [--hot] | enable <CODE> | disable <CODE> | void <CODE> <numero> | ' +
  editUsage

function engineOf(ctx: OpsContext) {
  return createLotteryEngine({
    db: ctx.db,
    ledger: createLedger(ctx.db),
    points: pointsEarnerOf(ctx.db),
    now: () => new Date(),
  })
}

function describe(s: LotterySchedule): string {
  return s.type === 'interval'
    ? `every ${s.seconds} s (${s.timeZone})`
    : `daily ${s.time} ${s.timeZone} on ${s.weekdays.join(',')}`
}

/** `every:60` or `daily:18:15:1,2,3,4,5,6,7` (1 = Monday) in `zone`. */
export function parseSchedule(spec: string, zone: string): LotterySchedule {
  const every = /^every:(\d{1,6})$/.exec(spec)
  const daily = /^daily:(\d{2}:\d{2}):([1-7](,[1-7])*)$/.exec(spec)
  let schedule: LotterySchedule
  if (every) schedule = { type: 'interval', seconds: Number(every[1]), timeZone: zone }
  else if (daily?.[1] && daily[2]) {
    const weekdays = [...new Set(daily[2].split(',').map(Number))].sort((a, b) => a - b)
    schedule = { type: 'daily', time: daily[1], timeZone: zone, weekdays }
  } else throw new OpsError(`a schedule is every:SECONDS or daily:HH:MM:DAYS (1 = Monday), not ${spec}`)
  const problem = checkSchedule(schedule)
  if (problem) throw new OpsError(`schedule: ${problem}`)
  return schedule
}

async function add(ctx: OpsContext, args: string[]): Promise<string> {
  const flags = { zone: 'UTC', group: undefined as string | undefined, hot: false }
  const rest: string[] = []
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i]
    if (a === '--hot') flags.hot = true
    else if (a === '--zone' || a === '--group') {
      const v = args[i + 1]
      if (!v) throw new OpsError(`${a} needs a value`)
      if (a === '--zone') flags.zone = v
      else flags.group = v.toUpperCase()
      i += 1
    } else if (a !== undefined) rest.push(a)
  }
  const [rawCode, mode, kind, rawSpec, ...nameWords] = rest
  const code = required('lottery add: the game code', rawCode).toUpperCase()
  if (!/^[A-Z0-9_]{1,24}$/.test(code)) throw new OpsError('a game code is 1-24 capitals, digits or _')
  const prizeMode = oneOf('lottery add: the prize mode', mode?.toUpperCase(), prizeModes)
  const gameKind = oneOf('lottery add: the kind', kind?.toUpperCase(), lotteryKinds)
  const spec = required('lottery add: the schedule (every:SECONDS or daily:HH:MM:DAYS)', rawSpec)
  const name = required('lottery add: the name', nameWords.join(' '))
  // eslint-disable-next-line no-control-regex
  if (name.length > 60 || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new OpsError('a name is at most 60 characters, without control characters')
  }
  const schedule = parseSchedule(spec, flags.zone)
  const group =
    flags.group ?? (gameKind === 'VN_NORTH' ? 'NORTH' : gameKind === 'VN_SOUTH' ? 'SOUTH' : prizeMode)
  if (!/^[A-Z0-9_]{1,24}$/.test(group)) throw new OpsError('a group is 1-24 capitals, digits or _')
  const brand = await merchantByCode(ctx.db, ctx.merchantCode)
  if (!brand) throw new OpsError(`no brand ${ctx.merchantCode} (go live first)`)
  const m = { decimals: brand.currencyDecimals }
  const { games } = engineOf(ctx)
  const sort = (await games.list(ctx.merchantCode, { all: true })).length * 10 + 10
  const added = await games.insert({
    merchantCode: ctx.merchantCode,
    code,
    names: { en: name },
    prizeMode,
    kind: gameKind,
    groupCode: group,
    schedule,
    rules: defaultBetTypeRules(gameKind, m.decimals),
    maxPayout: defaultMaxPayout(m.decimals),
    isHot: flags.hot,
    sort,
    createdAt: new Date(),
  })
  if (!added) throw new OpsError(`${ctx.merchantCode} already has a lottery game ${code}`)
  ctx.audit?.({
    target: `lottery game ${code}`,
    before: null,
    after: { prizeMode, kind: gameKind, group, schedule, name, hot: flags.hot },
  })
  ctx.invalidate()
  return `lottery game ${code} added: ${prizeMode} ${gameKind}, ${describe(schedule)}, "${name}"`
}

export const lotteryCommands: Record<string, CommandSpec> = {
  lottery: {
    usage,
    readOnly: (args) => args[0] === undefined || args[0] === 'list',
    summary:
      'list, add, rename, price (odds, stake limits), switch on or off the brand’s lottery games, or void an issue (bets refunded)',
    async run(ctx, args) {
      const [word, rawCode, rawNumero, ...extra] = args
      const mode = oneOf('lottery: the action', word ?? 'list', [
        'list',
        'add',
        'name',
        'odds',
        'limits',
        'enable',
        'disable',
        'void',
      ])
      const engine = engineOf(ctx)
      if (mode === 'list') {
        noMore('lottery list', args.slice(1))
        const list = await engine.games.list(ctx.merchantCode, { all: true })
        if (list.length === 0) return `no lottery games for ${ctx.merchantCode} (add one: lottery add …)`
        return list
          .map(
            (g) =>
              `${g.row.enabled ? 'on ' : 'off'} ${g.row.code.padEnd(10)} ${g.row.prizeMode.padEnd(6)} ${g.row.kind.padEnd(9)} ${g.row.groupCode.padEnd(8)} ${describe(g.schedule)}  ${g.row.names.en ?? ''}${g.row.isHot ? '  (hot)' : ''}`,
          )
          .join('\n')
      }
      if (mode === 'add') return add(ctx, args.slice(1))
      if (mode === 'name') return renameGame(ctx, args.slice(1))
      if (mode === 'odds') return setOdds(ctx, args.slice(1))
      if (mode === 'limits') return setLimits(ctx, args.slice(1))
      const code = required(`lottery ${mode}: the game code`, rawCode)
      if (mode === 'enable' || mode === 'disable') {
        noMore(`lottery ${mode} ${code}`, args.slice(2))
        const was = await engine.games.byCode(ctx.merchantCode, code.toUpperCase())
        if (!was) throw new OpsError(`no lottery game ${code} (see: lottery list)`)
        await engine.games.setEnabled(ctx.merchantCode, was.row.code, mode === 'enable')
        ctx.audit?.({
          target: `lottery game ${was.row.code}`,
          before: { enabled: was.row.enabled },
          after: { enabled: mode === 'enable' },
        })
        ctx.invalidate()
        return `lottery game ${code.toUpperCase()} ${mode}d`
      }
      const numero = required(`lottery void ${code}: the issue number`, rawNumero)
      noMore(`lottery void ${code} ${numero}`, extra)
      const game = await engine.games.byCode(ctx.merchantCode, code.toUpperCase())
      if (!game) throw new OpsError(`no lottery game ${code} (see: lottery list)`)
      const issue = await engine.keeper.issues.byNumero(game.row.id, numero)
      if (!issue) throw new OpsError(`no issue ${numero} of ${game.row.code}`)
      const r = await engine.settlement.voidIssue(issue.id)
      if (r.state !== 'voided')
        throw new OpsError(
          `issue ${numero} of ${game.row.code} is ${issue.status}: only an open issue can be voided`,
        )
      ctx.audit?.({
        target: `lottery issue ${numero} of ${game.row.code}`,
        before: { status: issue.status },
        after: { status: 'voided', betsRefunded: r.bets, refundedMinor: r.refunded },
      })
      return `issue ${numero} of ${game.row.code} voided: ${r.bets} bets refunded (${r.refunded} in minor units)`
    },
  },
}
