/**
 * The agent area's operator commands: rebate rates, an account's rate per game type (a top
 * agent's first of all, the ceiling of everything its team is given). Through the area's
 * rebate service, which keeps every rate at most the upline's and at least the downline's.
 */
import { parseRebatePercent, rebateRatePercent } from '#contract/agent'
import { gameTypes } from '#contract/games'
import type { CommandSpec, OpsContext } from '../ops/commands'
import { OpsError } from '../ops/ops-error'
import { noMore, oneOf, required } from '../ops/ops-input'
import { createRebateRepository } from './rebate-repository'
import { createRebateService, RateRefused } from './rebate-service'

function service(ctx: OpsContext) {
  const rebates = createRebateRepository(ctx.db)
  return { rebates, rates: createRebateService({ db: ctx.db, rebates, now: () => new Date() }) }
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
