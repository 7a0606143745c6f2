/**
 * The point mall for members (decision 030, section 3): the catalogue, a redemption and a
 * conversion, each one transaction in the lock order of the design (the reward's row, then
 * money accounts, then points accounts), and the member's history.
 *
 * A redemption: lock the reward; count its units and the member's (redemptions not
 * rejected); write the redemption; take the amount required from the main wallet to
 * `house:mall` (`POINT_MALL`); credit cash or a bonus through the promotion engine's `give`
 * on the reward's unlisted backing promotion (period `redemption:<id>`); then debit the points
 * (`REDEEM`). A physical item waits `inProcess` for the operator; cash and bonus are approved.
 * A conversion writes an approved redemption of type `conversion`, credits through the brand's
 * `pointConvert` promotion (period `conversion:<id>`) and debits the points (`CONVERT`).
 */
import type { Locale } from '#contract/locales'
import { minorToMoney } from '#contract/money'
import {
  redemptionNumber,
  type PointReward,
  type PointRewardKind,
  type Redemption,
  type RedemptionStatus,
} from '#contract/point-mall'
import { pointsOf, type PointConversionType } from '#contract/points-values'
import { localName, storedNames } from '../../db/localized'

import { AppError } from '../../http/errors'
import { currencyOf, type MerchantRow } from '../../money/common'
import { InsufficientFunds, type Ledger } from '../../money/ledger'
import type { Db, Tx } from '../../plugins/external/db'
import type { PromotionRepository } from '../../promotions/promotions-repository'
import type { PromotionService } from '../../promotions/promotions-service'
import { claimOf, conversionNames, convertBacking } from './mall-backing'

import type { MallRepository, RedemptionRow, RewardRow } from './mall-repository'
import type { PointConfigs } from './point-config'
import { InsufficientPoints, type PointsLedger } from './points-ledger'

export type Run = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>

export const redemptionReference = (id: number) => `point-redemption:${id}`

export interface MallDeps {
  db: Db
  repo: MallRepository
  ledger: Ledger
  points: PointsLedger
  configs: PointConfigs
  promotions: Pick<PromotionService, 'give'>
  promotionRepo: Pick<PromotionRepository, 'byId' | 'add'>
  /** The countries a phone is checked against (spec section 5). */
  phoneOf: (phone: string, dialingCode: string, path: string) => Promise<string>
  now: () => Date
  /** How long a brand's rewards are kept between reads. */
  cacheMs: number
}

export interface RedeemInput {
  rewardId: number
  quantity: number
  address?: string | undefined
  phone?: string | undefined
  countryDialingCode?: string | undefined
}

/** What a redeem or convert answers. */
export interface Redeemed {
  redemption: Redemption
  points: string
  balance: string
}

const notFound = () => new AppError('point_reward_not_found', 'no such reward')

/** Whether a reward is offered at `at`: enabled, started, not ended. */
export function offered(r: Pick<RewardRow, 'disabledAt' | 'startsAt' | 'endsAt'>, at: Date): boolean {
  return r.disabledAt === null && r.startsAt <= at && (r.endsAt === null || r.endsAt > at)
}

export function createMallService(deps: MallDeps) {
  const { db, repo, ledger, points, configs, promotions, promotionRepo, now } = deps
  const cache = new Map<string, { at: number; rows: RewardRow[] }>()

  async function rewardsOf(merchantCode: string, at: Date): Promise<RewardRow[]> {
    const hit = cache.get(merchantCode)
    if (hit && at.getTime() - hit.at < deps.cacheMs) return hit.rows
    const rows = await repo.live(merchantCode, at)
    cache.set(merchantCode, { at: at.getTime(), rows })
    return rows
  }

  function view(r: RedemptionRow, m: MerchantRow, locale: Locale): Redemption {
    const c = currencyOf(m)
    return {
      id: r.id,
      transactionNo: redemptionNumber(r.id),
      time: r.createdAt.getTime(),
      type: r.type,
      itemName: localName(r.names, '', locale, m.defaultLanguage),
      quantity: r.quantity,
      points: pointsOf(r.points),
      amount: r.amount > 0n ? minorToMoney(r.amount, c) : null,
      value: r.value > 0n ? minorToMoney(r.value, c) : null,
      status: r.status,
      remark: r.remark,
      address: r.address,
      phone: r.phone,
      decidedAt: r.decidedAt ? r.decidedAt.getTime() : null,
    }
  }

  /** The balances a redeem or convert answers, read in its transaction. */
  async function after(tx: Tx, m: MerchantRow, wallet: number, pointsAccount: number) {
    return {
      points: pointsOf(await points.balance(tx, pointsAccount)),
      balance: minorToMoney(await ledger.balance(tx, wallet), currencyOf(m)),
    }
  }

  /** Refusals of the books as the member's errors, with the balance to show. */
  async function orShort<T>(m: MerchantRow, pointsAccount: number, work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if (err instanceof InsufficientPoints) {
        throw new AppError('points_insufficient', 'not enough points', {
          points: pointsOf(await points.balance(db, pointsAccount)),
        })
      }
      if (err instanceof InsufficientFunds) {
        throw new AppError('insufficient_balance', 'the balance is not enough', {
          balance: minorToMoney(await ledger.balance(db, err.accountId), currencyOf(m)),
        })
      }
      throw err
    }
  }

  return {
    view,

    /** The rewards offered now, with the stock left and what this member may still take. */
    async catalogue(
      m: MerchantRow,
      memberId: number,
      locale: Locale,
      kind?: PointRewardKind,
    ): Promise<PointReward[]> {
      const at = now()
      const list = (await rewardsOf(m.code, at)).filter(
        (r) => offered(r, at) && (kind === undefined || r.kind === kind),
      )
      const stocked = list.filter((r) => r.stock !== null).map((r) => r.id)
      const limited = list.filter((r) => r.memberLimit !== null).map((r) => r.id)
      const [taken, mine] = await Promise.all([repo.unitsTaken(stocked), repo.memberUnits(memberId, limited)])
      const c = currencyOf(m)
      return list.map((r) => ({
        id: r.id,
        kind: r.kind,
        name: localName(r.names, '', locale, m.defaultLanguage),
        description: localName(r.descriptions, '', locale, m.defaultLanguage),
        imageUrl: r.imageUrl,
        points: pointsOf(r.points),
        amountRequired: r.amountRequired > 0n ? minorToMoney(r.amountRequired, c) : null,
        value: r.kind === 'physical' ? null : minorToMoney(r.value, c),
        turnoverMultiple: String(r.kind === 'bonus' ? r.turnover.multipleTenths / 10 : 0),
        stockLeft: r.stock === null ? null : Math.max(0, r.stock - (taken.get(r.id) ?? 0)),
        memberLimit: r.memberLimit,
        memberLeft: r.memberLimit === null ? null : Math.max(0, r.memberLimit - (mine.get(r.id) ?? 0)),
        endsAt: r.endsAt ? r.endsAt.getTime() : null,
      }))
    },

    /** Drops the cached rewards (after an operator's change in this process). */
    forget(merchantCode?: string) {
      if (merchantCode === undefined) cache.clear()
      else cache.delete(merchantCode)
    },

    /**
     * Redeems `quantity` units of a reward (the payment password already checked). One
     * transaction through `run` (the idempotency key's); see the module comment.
     */
    async redeem(
      m: MerchantRow,
      memberId: number,
      input: RedeemInput,
      locale: Locale,
      run: Run,
    ): Promise<Redeemed> {
      const q = input.quantity
      // Read outside the transaction, for what needs no lock: the kind, the backing promotion.
      const seen = await repo.byId(m.code, input.rewardId)
      if (!seen || !offered(seen, now())) throw notFound()
      let address: string | null = null
      let phone: string | null = null
      if (seen.kind === 'physical') {
        address = input.address?.trim() || null
        const fields: { path: string; code: string; message: string }[] = []
        if (!address)
          fields.push({ path: 'address', code: 'required', message: 'the receiving address is required' })
        if (!input.phone?.trim() || !input.countryDialingCode?.trim()) {
          fields.push({ path: 'phone', code: 'required', message: 'the phone is required' })
        }
        if (fields.length > 0)
          throw new AppError('validation_failed', 'address and phone are required', { fields })
        phone = await deps.phoneOf(input.phone ?? '', input.countryDialingCode ?? '', 'phone')
      }
      const backing = seen.promotionId === null ? null : await promotionRepo.byId(m.code, seen.promotionId)
      if (seen.kind !== 'physical' && !backing) throw new Error(`reward ${seen.id} has no backing promotion`)
      const wallet = await ledger.memberAccount(m.code, memberId)
      const mall = await ledger.houseAccount(m.code, 'mall')
      const member = await points.memberAccount(m.code, memberId)
      const house = await points.houseAccount(m.code, 'points_redeemed', memberId)

      return orShort(m, member, () =>
        run(async (tx) => {
          const r = await repo.lock(m.code, input.rewardId, tx)
          const at = now()
          if (!r || !offered(r, at)) throw notFound()
          if (r.stock !== null) {
            const left = r.stock - ((await repo.unitsTaken([r.id], tx)).get(r.id) ?? 0)
            if (left < q)
              throw new AppError('point_reward_out_of_stock', 'not enough stock', { left: Math.max(0, left) })
          }
          if (r.memberLimit !== null) {
            const left = r.memberLimit - ((await repo.memberUnits(memberId, [r.id], tx)).get(r.id) ?? 0)
            if (left < q) {
              throw new AppError('point_reward_limit_reached', 'over the limit per member', {
                limit: r.memberLimit,
                left: Math.max(0, left),
              })
            }
          }
          const cost = r.points * BigInt(q)
          const amount = r.amountRequired * BigInt(q)
          const value = r.value * BigInt(q)
          let row = await repo.insert(
            {
              merchantCode: m.code,
              memberId,
              type: r.kind,
              rewardId: r.id,
              names: storedNames(r.names),
              quantity: q,
              points: cost,
              amount,
              value,
              status: r.kind === 'physical' ? 'inProcess' : 'approved',
              address,
              phone,
              createdAt: at,
              decidedAt: r.kind === 'physical' ? null : at,
              decidedBy: r.kind === 'physical' ? null : 'system',
            },
            tx,
          )
          const reference = redemptionReference(row.id)
          const memo = localName(r.names, '', 'en', m.defaultLanguage)
          if (amount > 0n) {
            await ledger.post(tx, {
              merchantCode: m.code,
              type: 'POINT_MALL',
              memberId,
              reference,
              memo,
              actor: 'member',
              at,
              postings: [
                { accountId: wallet, amount: -amount },
                { accountId: mall, amount },
              ],
            })
          }
          let claimId: number | null = null
          if (backing && value > 0n) {
            const period = `redemption:${row.id}`
            await promotions.give(
              tx,
              m,
              { ...backing, turnover: r.turnover },
              memberId,
              period,
              value,
              null,
              null,
            )
            claimId = await claimOf(backing.id, memberId, period, tx)
          }
          const posted = await points.post(tx, {
            merchantCode: m.code,
            type: 'REDEEM',
            memberId,
            reference,
            memo,
            actor: 'member',
            at,
            postings: [
              { accountId: member, amount: -cost },
              { accountId: house, amount: cost },
            ],
          })
          row = await repo.setPaid(
            row.id,
            { pointTransactionId: posted.transactionId, promotionClaimId: claimId },
            tx,
          )
          return { redemption: view(row, m, locale), ...(await after(tx, m, wallet, member)) }
        }),
      )
    },

    /**
     * Converts whole points to money at the settings in force: `typed` is what the member
     * entered. At least the type's minimum, in its steps, and within the balance.
     */
    async convert(
      m: MerchantRow,
      memberId: number,
      input: { type: PointConversionType; points: string },
      locale: Locale,
      run: Run,
    ): Promise<Redeemed> {
      const at = now()
      const way = (await configs.current(m.code, at))?.conversions.find((w) => w.type === input.type)
      if (!way) throw new AppError('point_conversion_unavailable', 'this conversion is not offered')
      const whole = /^\d{1,9}$/.test(input.points.trim()) ? Number(input.points.trim()) : Number.NaN
      const value = Number.isFinite(whole) ? (BigInt(whole) * BigInt(way.moneyPer100Points)) / 100n : 0n
      if (!(whole >= way.minPoints) || whole % way.stepPoints !== 0 || value <= 0n) {
        throw new AppError('point_amount_invalid', 'not a number of points this conversion takes', {
          min: way.minPoints,
          step: way.stepPoints,
        })
      }
      const cost = BigInt(whole) * 100n
      const wallet = await ledger.memberAccount(m.code, memberId)
      const member = await points.memberAccount(m.code, memberId)
      const house = await points.houseAccount(m.code, 'points_redeemed', memberId)
      const have = await points.balance(db, member)
      if (have < cost)
        throw new AppError('points_insufficient', 'not enough points', { points: pointsOf(have) })

      return orShort(m, member, () =>
        run(async (tx) => {
          const backing = await convertBacking(m, tx, promotionRepo, now)
          let row = await repo.insert(
            {
              merchantCode: m.code,
              memberId,
              type: 'conversion',
              rewardId: null,
              names: conversionNames[input.type],
              quantity: 1,
              points: cost,
              value,
              status: 'approved',
              createdAt: at,
              decidedAt: at,
              decidedBy: 'system',
            },
            tx,
          )
          const period = `conversion:${row.id}`
          const turnover = {
            multipleTenths: input.type === 'bonus' ? way.turnoverTenths : 0,
            base: 'bonus' as const,
          }
          await promotions.give(tx, m, { ...backing, turnover }, memberId, period, value, null, null)
          const claimId = await claimOf(backing.id, memberId, period, tx)
          const posted = await points.post(tx, {
            merchantCode: m.code,
            type: 'CONVERT',
            memberId,
            reference: redemptionReference(row.id),
            memo: conversionNames[input.type].en,
            actor: 'member',
            at,
            postings: [
              { accountId: member, amount: -cost },
              { accountId: house, amount: cost },
            ],
          })
          row = await repo.setPaid(
            row.id,
            { pointTransactionId: posted.transactionId, promotionClaimId: claimId },
            tx,
          )
          return { redemption: view(row, m, locale), ...(await after(tx, m, wallet, member)) }
        }),
      )
    },

    /** The member's redemptions, newest first. */
    async history(
      m: MerchantRow,
      memberId: number,
      locale: Locale,
      q: {
        pageNo: number
        pageSize: number
        startTime?: number
        endTime?: number
        status?: RedemptionStatus
        id?: number
      },
    ) {
      const { rows, total } = await repo.page(memberId, {
        ...(q.startTime !== undefined ? { from: new Date(q.startTime) } : {}),
        ...(q.endTime !== undefined ? { to: new Date(q.endTime) } : {}),
        ...(q.status ? { status: q.status } : {}),
        ...(q.id !== undefined ? { id: q.id } : {}),
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      })
      return { list: rows.map((r) => view(r, m, locale)), total, pageNo: q.pageNo, pageSize: q.pageSize }
    },
  }
}

export type MallService = ReturnType<typeof createMallService>
