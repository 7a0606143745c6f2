/**
 * The agent area's operator commands: rebate rates, an account's rate per game type (a top
 * agent's first of all, the ceiling of everything its team is given), through the area's
 * rebate service, which keeps every rate at most the upline's and at least the downline's;
 * and the brand's limits on agents' transfers down to their team (`agent limits`, under the
 * system area's `agent` command), through the transfer service's limits.
 */
import { parseRebatePercent, rebateRatePercent } from '#contract/agent'
import { gameTypes } from '#contract/games'
import { formatMinor, type CurrencyUnits } from '#contract/money'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { amountOf, brandOf, noMore, oneOf, required } from '../ops/ops-input'
import { createRebateRepository } from './rebate-repository'
import { createRebateService, RateRefused } from './rebate-service'
import { createTransferRepository, type TransferLimits } from './transfer-repository'
import { createTransferLimits, LimitRefused } from './transfer-service'

function service(ctx: OpsContext) {
  const rebates = createRebateRepository(ctx.db)
  return { rebates, rates: createRebateService({ db: ctx.db, rebates, now: () => new Date() }) }
}

const limitWords = { 'per-transfer': 'perTransfer', 'per-day': 'perDay' } as const

function limitsText(l: TransferLimits, c: CurrencyUnits): Record<keyof TransferLimits, string> {
  const shown = (v: bigint | null) => (v === null ? 'none' : formatMinor(v, c))
  return { perTransfer: shown(l.perTransfer), perDay: shown(l.perDay) }
}

/** `agent limits …`: its words, for the `agent` command's usage (server/system/golive-commands.ts). */
export const agentLimitsUsage = 'agent limits show | agent limits set <per-transfer|per-day> <amount|none>'

/** Whether `agent limits …` only reads. */
export const agentLimitsReadOnly = (args: string[]) => args[0] === 'show'

/**
 * `agent limits show | set <per-transfer|per-day> <amount|none>`: the most an agent may send
 * down to its team in one transfer or red envelope, and per day of the brand's time zone
 * (`args` are the words after `limits`). Reached through the system area's `agent` command,
 * whose `agent create` makes the brand's top agents.
 */
export async function agentLimitsCommand(ctx: OpsContext, args: string[]): Promise<string> {
  const [word, rawWhich, rawAmount, ...extra] = args
  const mode = oneOf('agent limits: the action', word, ['show', 'set'])
  const m = await brandOf(ctx)
  const c = { decimals: m.currencyDecimals }
  const limits = createTransferLimits(createTransferRepository(ctx.db))
  if (mode === 'show') {
    noMore(
      'agent limits show',
      [rawWhich, rawAmount, ...extra].filter((w) => w !== undefined),
    )
    const now = limitsText(await limits.limits(ctx.db, ctx.merchantCode), c)
    return [`per transfer  ${now.perTransfer}`, `per day       ${now.perDay} (${m.timeZone})`].join('\n')
  }
  const which = oneOf('agent limits set: the limit', rawWhich, ['per-transfer', 'per-day'])
  const typed = required(`agent limits set ${which}: the amount (or none)`, rawAmount)
  noMore(`agent limits set ${which} ${typed}`, extra)
  const value = typed === 'none' ? null : amountOf(typed, `agent limits set ${which}:`, c)
  try {
    const key = limitWords[which]
    const done = await limits.setLimits(ctx.db, ctx.merchantCode, { [key]: value })
    const before = limitsText(done.before, c)
    const after = limitsText(done.after, c)
    ctx.audit?.({
      target: `agents' transfer limit ${which}`,
      before: { [which]: before[key] },
      after: { [which]: after[key] },
    })
    ctx.invalidate()
    return `agents' transfers down, ${which}: ${before[key]} -> ${after[key]}`
  } catch (err) {
    if (err instanceof LimitRefused) throw new OpsError(err.message)
    throw err
  }
}

export const agentCommands: Record<string, CommandSpec> = {
  rebate: {
    usage: `rebate show <account> | set <account> <${gameTypes.join('|')}> <percent, e.g. 0.8>`,
    readOnly: (args) => args[0] === 'show',
    summary: "show an account's rebate rates per game type, or set one (at most its upline's)",
    async run(ctx, args) {
      const [word, rawAccount, rawType, rawRate, ...extra] = args
      const mode = oneOf('rebate: the action', word, ['show', 'set'])
      const account = required(`rebate ${mode}: the account`, rawAccount)
      const { rebates, rates } = service(ctx)
      if (mode === 'show') {
        noMore(
          `rebate show ${account}`,
          [rawType, rawRate, ...extra].filter((w) => w !== undefined),
        )
        const member = await rebates.accountOf(ctx.merchantCode, account)
        if (!member) throw new OpsError(`no account ${account} in ${ctx.merchantCode}`)
        const table = await rebates.ratesOf(member.id)
        return gameTypes.map((t) => `${t.padEnd(10)} ${rebateRatePercent(table.get(t) ?? 0)}%`).join('\n')
      }
      const gameType = oneOf(`rebate set ${account}: the game type`, rawType?.toUpperCase(), gameTypes)
      const typed = required(`rebate set ${account} ${gameType}: the rate (a percentage, e.g. 0.8)`, rawRate)
      const rate = parseRebatePercent(typed)
      if (rate === null) {
        throw new OpsError(
          `rebate set ${account} ${gameType}: the rate is a percentage from 0 to 100 with at most 2 decimals, not "${typed}"`,
        )
      }
      noMore(`rebate set ${account} ${gameType} ${typed}`, extra)
      try {
        const done = await rates.setRate(ctx.db, ctx.merchantCode, account, gameType, rate)
        ctx.audit?.({
          target: `rebate rate of ${done.account} for ${gameType}`,
          before: { rate: `${rebateRatePercent(done.before)}%` },
          after: { rate: `${rebateRatePercent(done.after)}%` },
        })
        return `${done.account} ${gameType} rebate rate: ${rebateRatePercent(done.before)}% -> ${rebateRatePercent(done.after)}%`
      } catch (err) {
        if (err instanceof RateRefused) throw new OpsError(err.message)
        throw err
      }
    },
  },
}
