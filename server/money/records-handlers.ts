/**
 * The member's records: ledger movements on their wallets, bets, profit and loss, bonuses.
 * Every read is bounded to the caller's own member id (records-repository.ts); here the
 * minor units become the brand's money.
 */
import type { Endpoints } from '#contract/endpoints'
import type { GameType } from '#contract/games'
import { minorToMoney } from '#contract/money'
import { pointMovementTypes, pointsOf, type PointMovementType } from '#contract/points-values'
import { movementTypes, type MovementType } from '#contract/records'
import { pageOf } from '../db/paging'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'
import { createPointsRepository } from '../loyalty/points/points-repository'
import { currencyOf, ms } from './common'
import { createRecordsRepository } from './records-repository'
import { memberOf, type MoneyDeps } from './wallet-handlers'

/** The points system's switch (PTSYS3): the points details answer feature_disabled while it is off. */
export const pointsFlag = 'PTSYS3'

export function recordHandlers({
  db,
  settings,
  flagOn,
}: MoneyDeps & {
  /** Whether a brand's feature flag is on (server/system/access.ts). */
  flagOn: (merchantCode: string, modId: string) => Promise<boolean>
}): HandlerGroup<Endpoints['records']> {
  const records = createRecordsRepository(db)
  const points = createPointsRepository(db)
  const isPointType = (t: string): t is PointMovementType =>
    (pointMovementTypes as readonly string[]).includes(t)
  const isMoneyType = (t: string): t is MovementType => (movementTypes as readonly string[]).includes(t)

  /** The brand of the caller and a formatter of its minor units. */
  async function brandOf(merchantCode: string) {
    const m = await settings.merchant(merchantCode)
    const currency = currencyOf(m)
    return { m, money: (v: bigint) => minorToMoney(v, currency) }
  }

  return {
    async movements({ input, caller }) {
      const memberId = memberOf(caller)
      const { m, money } = await brandOf(caller.merchantCode)
      const { book, type, ...rest } = input
      if (book === 'points') {
        // The points details (decision 030): the points book's postings, amounts in points,
        // behind the points system's switch as the other points calls.
        if (!(await flagOn(m.code, pointsFlag))) {
          throw new AppError('feature_disabled', `${pointsFlag} is switched off`)
        }
        if (type !== undefined && !isPointType(type)) {
          throw new AppError('validation_failed', `${type} is not a points movement`, {
            fields: [{ path: 'type', code: 'points', message: 'not a points movement' }],
          })
        }
        const page = await points.movementPage({ ...rest, type, memberId, merchantCode: m.code })
        return pageOf(
          page.rows.map((r) => ({
            id: r.id,
            time: r.at.getTime(),
            type: r.type,
            amount: pointsOf(r.amount),
            balanceAfter: pointsOf(r.balanceAfter),
            accountTypeId: 0,
            accountTypeName: 'POINTS',
            memo: r.memo,
          })),
          page.total,
          input,
        )
      }
      if (type !== undefined && !isMoneyType(type)) {
        throw new AppError('validation_failed', `${type} is not a money movement`, {
          fields: [{ path: 'type', code: 'money', message: 'not a money movement' }],
        })
      }
      const names = new Map((await settings.wallets(m)).map((d) => [d.accountTypeId, d.name] as const))
      const { rows, total } = await records.movementPage({ ...rest, type, memberId, merchantCode: m.code })
      return pageOf(
        rows.map((r) => ({
          id: r.id,
          time: r.at.getTime(),
          type: r.type as MovementType,
          amount: money(r.amount),
          balanceAfter: money(r.balanceAfter),
          accountTypeId: r.accountTypeId ?? 0,
          accountTypeName: names.get(r.accountTypeId ?? 0) ?? String(r.accountTypeId),
          memo: r.memo,
        })),
        total,
        input,
      )
    },

    async bets({ input, caller }) {
      const memberId = memberOf(caller)
      const { money } = await brandOf(caller.merchantCode)
      const { rows, total, sums } = await records.betPage({ ...input, memberId })
      return {
        ...pageOf(
          rows.map((r) => ({
            id: r.id,
            betNo: r.betNo,
            productType: r.productType as GameType,
            vendorName: r.vendorName,
            gameName: r.gameName,
            betAmount: money(r.betAmount),
            validBet: money(r.validBet),
            payout: money(r.payout),
            winLoss: money(r.status === 'SETTLED' ? r.payout - r.betAmount : 0n),
            status: r.status,
            betTime: r.betTime.getTime(),
            settledTime: ms(r.settledTime),
          })),
          total,
          input,
        ),
        totals: {
          betAmount: money(sums.bet),
          validBet: money(sums.valid),
          payout: money(sums.payout),
          winLoss: money(sums.payout - sums.settledBet),
        },
      }
    },

    async profit({ input, caller }) {
      const memberId = memberOf(caller)
      const { money } = await brandOf(caller.merchantCode)
      const [products, deposited, withdrawn, bonuses] = await Promise.all([
        records.settledByProduct(memberId, input),
        records.creditedDeposits(memberId, input),
        records.paidWithdrawals(memberId, input),
        records.bonusSum(memberId, input),
      ])
      const rows = products.map((p) => ({ ...p, winLoss: p.payout - p.bet }))
      const sum = (f: (r: (typeof rows)[number]) => bigint) => rows.reduce((s, r) => s + f(r), 0n)
      const winLoss = sum((r) => r.winLoss)
      return {
        products: rows.map((r) => ({
          productType: r.productType as GameType,
          betAmount: money(r.bet),
          validBet: money(r.valid),
          payout: money(r.payout),
          winLoss: money(r.winLoss),
        })),
        totals: {
          betAmount: money(sum((r) => r.bet)),
          validBet: money(sum((r) => r.valid)),
          payout: money(sum((r) => r.payout)),
          winLoss: money(winLoss),
        },
        deposits: money(deposited),
        withdrawals: money(withdrawn),
        bonuses: money(bonuses),
        profit: money(winLoss + bonuses),
      }
    },

    async bonuses({ input, caller }) {
      const memberId = memberOf(caller)
      const { money } = await brandOf(caller.merchantCode)
      const { rows, total, sum } = await records.bonusPage({ ...input, memberId })
      return {
        ...pageOf(
          rows.map((r) => ({ id: r.id, time: r.at.getTime(), amount: money(r.amount), memo: r.memo })),
          total,
          input,
        ),
        totalAmount: money(sum),
      }
    },
  }
}
