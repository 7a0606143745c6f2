/**
 * My income: what the agent's rebate difference comes to over a period, per game type and
 * in total, in minor units rounded down, at today's rates. An estimate: paying it out is the
 * rebate job's, and nothing here moves money. Beside it, the salaries and dividends its
 * contracts were paid for the period (settled money, not an estimate).
 */
import { rebateRateScale, type TeamPeriod } from '#contract/agent'
import { contractKinds } from '#contract/contracts'
import { gameTypes } from '#contract/games'
import { minorToMoney } from '#contract/money'
import { currencyOf, type MerchantRow } from '../money/common'
import type { IncomeRepository } from './income-repository'
import type { RebateRepository } from './rebate-repository'
import { dayIn, periodDays } from './team-service'

export function createIncomeService(deps: {
  income: IncomeRepository
  rebates: RebateRepository
  now: () => Date
}) {
  const { income, rebates, now } = deps
  return {
    async report(m: MerchantRow, agentId: number, q: { period: TeamPeriod; from?: string; to?: string }) {
      const days = { ...periodDays(q.period, dayIn(m.timeZone, now()), q), timeZone: m.timeZone }
      const [rows, mine, paid] = await Promise.all([
        income.byGameType(agentId, days),
        rebates.ratesOf(agentId),
        income.contractPaid(agentId, days),
      ])
      const c = currencyOf(m)
      const byType = new Map(rows.map((r) => [r.product_type, r]))
      let validBets = 0n
      let total = 0n
      const lines = []
      // Every game type the agent has a rate for or its team played, in the contract's order.
      for (const productType of gameTypes) {
        const row = byType.get(productType)
        const rate = mine.get(productType) ?? 0
        if (!row && rate === 0) continue
        const valid = row?.valid_bets ?? 0n
        const earned = (row?.weighted ?? 0n) / BigInt(rebateRateScale)
        validBets += valid
        total += earned
        lines.push({
          productType,
          rate,
          validBets: minorToMoney(valid, c),
          income: minorToMoney(earned, c),
        })
      }
      const paidOf = new Map(paid.map((r) => [r.kind, r]))
      const contractLines = contractKinds.map((kind) => ({
        kind,
        payments: paidOf.get(kind)?.payments ?? 0,
        amount: minorToMoney(paidOf.get(kind)?.amount ?? 0n, c),
      }))
      return {
        ...days,
        lines,
        totals: { validBets: minorToMoney(validBets, c), income: minorToMoney(total, c) },
        contracts: {
          lines: contractLines,
          total: minorToMoney(
            paid.reduce((s, r) => s + r.amount, 0n),
            c,
          ),
        },
      }
    },
  }
}

export type IncomeService = ReturnType<typeof createIncomeService>
