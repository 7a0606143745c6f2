/**
 * The agent centre's work: the team's figures for a period of the brand's calendar, the
 * downline page by page, and transfers down to one member or shared as a red envelope.
 * A member outside the agent's team is answered exactly as one that does not exist.
 */
import { maxTeamRangeDays, type TeamPeriod } from '#contract/agent'
import { minorToMoney, type Currency } from '#contract/money'
import { AppError } from '../http/errors'
import type { CallerContext } from '../http/request-context'
import { currencyOf, amountOrThrow, orInsufficient, type MerchantRow } from '../money/common'
import { idempotencyOf, withIdempotency } from '../money/idempotency'
import type { Ledger } from '../money/ledger'
import type { MoneySettings } from '../money/settings'
import type { NoticeWriter } from '../notify/notices'
import type { Db } from '../plugins/external/db'
import type { Figures, TeamRepository } from './team-repository'

export interface TeamServiceDeps {
  db: Db
  team: TeamRepository
  ledger: Ledger
  settings: MoneySettings
  notices: NoticeWriter
  checkPaymentPassword(memberId: number, given: string): Promise<void>
  now: () => Date
}

const dayMs = 86_400_000

/** The calendar day of `at` in the time zone, as YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at)
}

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / dayMs
}

function dayOf(n: number): string {
  return new Date(n * dayMs).toISOString().slice(0, 10)
}

/** The first and last day of a period; weeks start on Monday. */
export function periodDays(
  period: TeamPeriod,
  today: string,
  range: { from?: string; to?: string },
): { from: string; to: string } {
  const t = dayNumber(today)
  switch (period) {
    case 'today':
      return { from: today, to: today }
    case 'yesterday':
      return { from: dayOf(t - 1), to: dayOf(t - 1) }
    case 'thisWeek': {
      const weekday = (new Date(t * dayMs).getUTCDay() + 6) % 7
      return { from: dayOf(t - weekday), to: today }
    }
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today }
    case 'range': {
      const from = range.from ?? ''
      const to = range.to ?? ''
      const f = dayNumber(from)
      const l = dayNumber(to)
      // A day that does not exist (2026-02-30) reads back as another one.
      const real = (d: string, n: number) => Number.isFinite(n) && dayOf(n) === d
      if (!real(from, f) || !real(to, l) || l < f || l - f >= maxTeamRangeDays) {
        throw new AppError('team_range_invalid', `choose from <= to, at most ${maxTeamRangeDays} days`, {
          maxDays: maxTeamRangeDays,
        })
      }
      return { from, to }
    }
  }
}

function figuresOut(f: Figures, c: Currency) {
  return {
    members: f.members,
    newMembers: f.newMembers,
    activeMembers: f.activeMembers,
    firstDeposits: f.firstDeposits,
    deposits: minorToMoney(f.deposits, c),
    withdrawals: minorToMoney(f.withdrawals, c),
    validBets: minorToMoney(f.validBets, c),
    bonuses: minorToMoney(f.bonuses, c),
    profitLoss: minorToMoney(f.profitLoss, c),
  }
}

const notInTeam = () => new AppError('downline_not_found', 'no such member in your team')

export function createTeamService(deps: TeamServiceDeps) {
  const { db, team, ledger, settings, notices, now } = deps

  return {
    async overview(
      merchant: MerchantRow,
      agentId: number,
      q: { period: TeamPeriod; from?: string; to?: string },
    ) {
      const days = periodDays(q.period, dayIn(merchant.timeZone, now()), q)
      const f = await team.figures(agentId, days.from, days.to)
      const c = currencyOf(merchant)
      return {
        ...days,
        timeZone: merchant.timeZone,
        direct: figuresOut(f.direct, c),
        team: figuresOut(f.team, c),
      }
    },

    async downline(
      merchant: MerchantRow,
      agentId: number,
      q: { pageNo: number; pageSize: number; parentId?: number; account?: string },
    ) {
      const parentId = q.parentId ?? agentId
      if (parentId !== agentId && (await team.depthUnder(agentId, parentId)) === null) throw notInTeam()
      const account = q.account?.trim()
      const rows = await team.downline(agentId, {
        parentId,
        account: account || undefined,
        limit: q.pageSize,
        offset: (q.pageNo - 1) * q.pageSize,
      })
      const c = currencyOf(merchant)
      return {
        list: rows.map((r) => ({
          id: r.id,
          account: r.account,
          nickname: r.nickname,
          level: r.level,
          type: r.type,
          downlineCount: r.downline_count,
          balance: minorToMoney(r.balance, c),
          status: r.status,
          joinedAt: r.created_at.getTime(),
          lastLoginAt: r.last_login_at?.getTime() ?? null,
        })),
        total: rows[0]?.total ?? 0,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        path: await team.pathTo(agentId, parentId),
      }
    },

    /**
     * Moves money from the agent's main wallet to members of its team, each their share,
     * in one ledger transaction with each member's notice; the key's earlier answer is
     * replayed before this runs (contract-routes.ts).
     */
    async transfer(
      caller: CallerContext,
      agentId: number,
      input: { shares: readonly { memberId: number; amount: string }[]; paymentPassword: string },
    ) {
      const m = await settings.merchant(caller.merchantCode)
      const ids = input.shares.map((s) => s.memberId)
      if (new Set(ids).size !== ids.length) {
        throw new AppError('transfer_recipients_invalid', 'each member may be named once')
      }
      if (ids.includes(agentId)) throw notInTeam()
      const shares = input.shares.map((s) => ({ memberId: s.memberId, amount: amountOrThrow(s.amount, m) }))
      await deps.checkPaymentPassword(agentId, input.paymentPassword)
      const total = shares.reduce((sum, s) => sum + s.amount, 0n)
      const from = await ledger.memberAccount(m.code, agentId)
      const to = new Map<number, number>()
      for (const s of shares) to.set(s.memberId, await ledger.memberAccount(m.code, s.memberId))
      return orInsufficient(ledger, db, m, () =>
        withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
          const members = await team.activeTeamMembers(tx, agentId, ids)
          if (members.length !== ids.length) throw notInTeam()
          const at = now()
          const posted = await ledger.post(
            tx,
            {
              merchantCode: m.code,
              type: 'DOWNLINE_TRANSFER',
              memberId: agentId,
              memo: members.length === 1 ? `> ${members[0]?.account ?? ''}` : `> ${members.length}`,
              actor: 'member',
              at,
              postings: [
                { accountId: from, amount: -total },
                ...shares.map((s) => ({ accountId: to.get(s.memberId) ?? 0, amount: s.amount })),
              ],
            },
            { walletsOf: agentId },
          )
          for (const s of shares) {
            await notices.record(tx, {
              memberId: s.memberId,
              kind: 'transfer_from_upline',
              amount: s.amount,
              reference: `transfer:${posted.transactionId}`,
              at,
            })
          }
          const sum = (posted.wallets ?? []).reduce((acc, w) => acc + w.balance, 0n)
          const c = currencyOf(m)
          return {
            recipients: shares.length,
            total: minorToMoney(total, c),
            sumBalance: minorToMoney(sum, c),
          }
        }),
      )
    },
  }
}

export type TeamService = ReturnType<typeof createTeamService>
