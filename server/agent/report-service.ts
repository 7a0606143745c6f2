/**
 * The agent centre's reports: the team's bets, each member's profit and loss, and the
 * team's money movements, for a period of the brand's calendar. A member filter outside
 * the team is answered exactly as a member that does not exist.
 */
import type { TeamPeriod } from '#contract/agent'
import type { GameType } from '#contract/games'
import { minorToMoney } from '#contract/money'
import type { MovementType } from '#contract/records'
import { AppError } from '../http/errors'
import { currencyOf, type MerchantRow } from '../money/common'
import type { ReportRepository } from './report-repository'
import type { TeamRepository } from './team-repository'
import { dayIn, periodDays } from './team-service'

interface PeriodQuery {
  period: TeamPeriod
  from?: string
  to?: string
  pageNo: number
  pageSize: number
}

export function createReportService(deps: {
  reports: ReportRepository
  team: TeamRepository
  now: () => Date
}) {
  const { reports, team, now } = deps

  const daysOf = (m: MerchantRow, q: PeriodQuery) => ({
    ...periodDays(q.period, dayIn(m.timeZone, now()), q),
    timeZone: m.timeZone,
  })
  const page = (q: PeriodQuery) => ({ limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize })
  const notInTeam = () => new AppError('downline_not_found', 'no such member in your team')
  /**
   * The member a report is filtered to, chosen from a row (an id) or typed (an account): one
   * of the agent's team, or the refusal a member that does not exist gets too.
   */
  async function teamMemberOrThrow(
    agentId: number,
    q: { memberId?: number | undefined; account?: string | undefined },
  ): Promise<number | undefined> {
    const typed = q.account?.trim()
    if (typed) {
      const id = await team.teamMemberByAccount(agentId, typed)
      if (id === null || (q.memberId !== undefined && q.memberId !== id)) throw notInTeam()
      return id
    }
    if (q.memberId === undefined) return undefined
    const depth = await team.depthUnder(agentId, q.memberId)
    if (depth === null || depth < 1) throw notInTeam()
    return q.memberId
  }

  return {
    async bets(
      m: MerchantRow,
      agentId: number,
      q: PeriodQuery & { memberId?: number; account?: string; productType?: GameType; vendorName?: string },
    ) {
      const days = daysOf(m, q)
      const memberId = await teamMemberOrThrow(agentId, q)
      const rows = await reports.bets(agentId, days, {
        ...page(q),
        memberId,
        productType: q.productType,
        vendorName: q.vendorName,
      })
      const c = currencyOf(m)
      const first = rows[0]
      return {
        ...days,
        list: rows.map((r) => ({
          id: r.id,
          memberId: r.member_id,
          account: r.account,
          betNo: r.bet_no,
          productType: r.product_type,
          vendorName: r.vendor_name,
          gameName: r.game_name,
          betAmount: minorToMoney(r.bet_amount, c),
          validBet: minorToMoney(r.valid_bet, c),
          payout: minorToMoney(r.payout, c),
          winLoss: minorToMoney(r.status === 'SETTLED' ? r.payout - r.bet_amount : 0n, c),
          status: r.status,
          betTime: r.bet_time.getTime(),
          settledTime: r.settled_time?.getTime() ?? null,
        })),
        total: first?.total ?? 0,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totals: {
          betAmount: minorToMoney(first?.sum_bet ?? 0n, c),
          validBet: minorToMoney(first?.sum_valid ?? 0n, c),
          winLoss: minorToMoney(first?.sum_win_loss ?? 0n, c),
        },
      }
    },

    async profitLoss(m: MerchantRow, agentId: number, q: PeriodQuery & { account?: string }) {
      const days = daysOf(m, q)
      const rows = await reports.profitLoss(agentId, days, {
        ...page(q),
        account: q.account?.trim() || undefined,
      })
      const c = currencyOf(m)
      const first = rows[0]
      return {
        ...days,
        list: rows.map((r) => ({
          memberId: r.member_id,
          account: r.account,
          level: r.level,
          betCount: r.bet_count,
          validBets: minorToMoney(r.valid_bet, c),
          profitLoss: minorToMoney(r.profit_loss, c),
          deposits: minorToMoney(r.deposits, c),
          withdrawals: minorToMoney(r.withdrawals, c),
          bonuses: minorToMoney(r.bonuses, c),
        })),
        total: first?.total ?? 0,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totals: {
          validBets: minorToMoney(first?.sum_valid ?? 0n, c),
          profitLoss: minorToMoney(first?.sum_profit_loss ?? 0n, c),
        },
      }
    },

    async movements(
      m: MerchantRow,
      agentId: number,
      q: PeriodQuery & { memberId?: number; account?: string; type?: MovementType },
    ) {
      const days = daysOf(m, q)
      const memberId = await teamMemberOrThrow(agentId, q)
      const rows = await reports.movements(agentId, days, { ...page(q), memberId, type: q.type })
      const c = currencyOf(m)
      return {
        ...days,
        list: rows.map((r) => ({
          id: r.id,
          memberId: r.member_id,
          account: r.account,
          time: r.created_at.getTime(),
          type: r.type,
          amount: minorToMoney(r.amount, c),
          balanceAfter: minorToMoney(r.balance_after, c),
          memo: r.memo,
        })),
        total: rows[0]?.total ?? 0,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      }
    },
  }
}

export type ReportService = ReturnType<typeof createReportService>
