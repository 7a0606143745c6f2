/**
 * The operator's side of the point mall (decision 030, sections 3 and 8): rewards made (a
 * cash or bonus reward with its unlisted backing promotion, template `pointMall`), changed,
 * restocked, disabled and enabled; redemptions approved or rejected. A rejection returns, in
 * the same transaction, the money paid (`POINT_MALL` back) and then the points
 * (`REDEEM_RETURN`); both decisions tell the member (inbox and push). Each change in the
 * caller's transaction; the command writes the audit row.
 */
import type { PointRewardKind } from '#contract/point-mall'
import { redemptionNumber } from '#contract/point-mall'
import { pointsOf } from '#contract/points-values'
import type { Turnover } from '#contract/promotions'
import { storedNames } from '../../db/localized'
import { AppError } from '../../http/errors'
import type { MerchantRow } from '../../money/common'
import type { Ledger } from '../../money/ledger'
import type { NoticeWriter } from '../../notify/notices'
import { redemptionReason } from '../../notify/redemption-text'
import type { Db, Tx } from '../../plugins/external/db'
import type { PromotionRepository } from '../../promotions/promotions-repository'
import { pointMallTemplateName } from '../../promotions/templates'
import type { MallRepository, NewReward, RedemptionRow, RewardRow } from './mall-repository'
import { redemptionReference } from './mall-service'
import type { PointsLedger } from './points-ledger'

export interface MallAdminDeps {
  repo: MallRepository
  ledger: Ledger
  points: PointsLedger
  promotionRepo: Pick<PromotionRepository, 'add' | 'update'>
  notices: NoticeWriter
  now: () => Date
}

export interface NewRewardInput {
  kind: PointRewardKind
  names: Record<string, string>
  descriptions: Record<string, string>
  imageUrl: string | null
  /** Centipoints per unit. */
  points: bigint
  amountRequired: bigint
  value: bigint
  turnover: Turnover
  stock: number | null
  memberLimit: number | null
  startsAt?: Date
  endsAt?: Date | null
  sort?: number
}

export type RewardEdit = Partial<
  Pick<
    NewReward,
    | 'names'
    | 'descriptions'
    | 'imageUrl'
    | 'points'
    | 'amountRequired'
    | 'value'
    | 'turnover'
    | 'stock'
    | 'memberLimit'
    | 'startsAt'
    | 'endsAt'
    | 'sort'
  >
>

type Ex = Db | Tx

export function createMallAdmin(deps: MallAdminDeps) {
  const { repo, ledger, points, promotionRepo, notices, now } = deps

  async function found(m: MerchantRow, id: number, ex: Ex): Promise<RewardRow> {
    const r = await repo.byId(m.code, id, ex)
    if (!r) throw new AppError('point_reward_not_found', 'no such reward')
    return r
  }

  async function opened(m: MerchantRow, id: number, ex: Ex): Promise<RedemptionRow> {
    const r = await repo.redemption(m.code, id, ex)
    if (!r) throw new AppError('point_reward_not_found', `no redemption ${id}`)
    return r
  }

  return {
    async add(m: MerchantRow, input: NewRewardInput, by: string, ex: Ex): Promise<RewardRow> {
      if (input.kind === 'physical' && input.value !== 0n) throw new Error('an item credits no money')
      if (input.kind !== 'physical' && input.value <= 0n)
        throw new Error('a cash or bonus reward credits money')
      const at = now()
      const turnover = input.kind === 'bonus' ? input.turnover : { multipleTenths: 0, base: 'bonus' as const }
      const promotionId =
        input.kind === 'physical'
          ? null
          : (
              await promotionRepo.add(
                {
                  merchantCode: m.code,
                  template: pointMallTemplateName,
                  category: 'pointsMall',
                  claimMode: 'auto',
                  frequency: 'once',
                  rule: { kind: 'fixed', amount: 0 },
                  eligibility: {},
                  turnover,
                  code: null,
                  codeUses: null,
                  titles: input.names,
                  contents: input.descriptions,
                  imageUrl: input.imageUrl,
                  startsAt: at,
                  endsAt: null,
                  pausedAt: null,
                  sort: 1000,
                  createdAt: at,
                  createdBy: by,
                },
                ex,
              )
            ).id
      return repo.add(
        {
          merchantCode: m.code,
          kind: input.kind,
          names: input.names,
          descriptions: input.descriptions,
          imageUrl: input.imageUrl,
          points: input.points,
          amountRequired: input.amountRequired,
          value: input.value,
          turnover,
          stock: input.stock,
          memberLimit: input.memberLimit,
          startsAt: input.startsAt ?? at,
          endsAt: input.endsAt ?? null,
          sort: input.sort ?? 100,
          promotionId,
          createdAt: at,
          createdBy: by,
        },
        ex,
      )
    },

    /** Changes fields of a reward; its backing promotion follows its names and turnover. */
    async edit(m: MerchantRow, id: number, set: RewardEdit, ex: Ex) {
      const before = await found(m, id, ex)
      if (set.value !== undefined && (before.kind === 'physical') !== (set.value === 0n)) {
        throw new AppError(
          'validation_failed',
          before.kind === 'physical' ? 'an item credits no money' : 'the value is above zero',
        )
      }
      if (set.turnover !== undefined && before.kind !== 'bonus') {
        throw new AppError('validation_failed', 'only a bonus carries a turnover')
      }
      const after = await repo.update(id, set, ex)
      if (before.promotionId !== null && (set.names || set.turnover || set.descriptions)) {
        await promotionRepo.update(
          before.promotionId,
          {
            titles: after.names,
            contents: after.descriptions,
            turnover: after.turnover,
          },
          ex,
        )
      }
      return { before, after }
    },

    async setDisabled(m: MerchantRow, id: number, disabled: boolean, ex: Ex) {
      const before = await found(m, id, ex)
      return { before, after: await repo.update(id, { disabledAt: disabled ? now() : null }, ex) }
    },

    all: (m: MerchantRow, ex: Ex) => repo.all(m.code, ex),
    unitsTaken: (ids: readonly number[], ex: Ex) => repo.unitsTaken(ids, ex),
    redemptions: (m: MerchantRow, all: boolean, ex: Ex) => repo.forOperator(m.code, all, ex),

    /**
     * Approves or rejects a redemption in process, once (a second decision answers
     * `point_redemption_decided` as an OpsError by the command). A rejection returns the
     * money, then the points, in the same transaction; the stock comes back by itself.
     */
    async decide(
      m: MerchantRow,
      id: number,
      decision: { approve: true } | { approve: false; remark: string },
      by: string,
      ex: Ex,
    ): Promise<{ before: RedemptionRow; after: RedemptionRow | undefined }> {
      const before = await opened(m, id, ex)
      const wallet = await ledger.memberAccount(m.code, before.memberId)
      const mall = await ledger.houseAccount(m.code, 'mall')
      const member = await points.memberAccount(m.code, before.memberId)
      const house = await points.houseAccount(m.code, 'points_redeemed', before.memberId)
      return ex.transaction(async (tx) => {
        const at = now()
        const remark = decision.approve ? null : decision.remark
        const after = await repo.decide(
          m.code,
          id,
          { status: decision.approve ? 'approved' : 'rejected', remark, decidedAt: at, decidedBy: by },
          tx,
        )
        if (!after) return { before, after }
        const reference = redemptionReference(id)
        if (!decision.approve) {
          if (after.amount > 0n) {
            await ledger.post(tx, {
              merchantCode: m.code,
              type: 'POINT_MALL',
              memberId: after.memberId,
              reference,
              memo: remark,
              actor: 'operator',
              at,
              postings: [
                { accountId: mall, amount: -after.amount },
                { accountId: wallet, amount: after.amount },
              ],
            })
          }
          await points.post(tx, {
            merchantCode: m.code,
            type: 'REDEEM_RETURN',
            memberId: after.memberId,
            reference,
            memo: remark,
            actor: 'operator',
            at,
            postings: [
              { accountId: house, amount: -after.points },
              { accountId: member, amount: after.points },
            ],
          })
        }
        await notices.record(tx, {
          memberId: after.memberId,
          kind: decision.approve ? 'redemption_approved' : 'redemption_rejected',
          amount: decision.approve ? 0n : after.amount,
          reference,
          reason: redemptionReason({
            number: redemptionNumber(id),
            names: storedNames(after.names),
            points: pointsOf(after.points),
            remark,
          }),
          at,
        })
        return { before, after }
      })
    },
  }
}

export type MallAdmin = ReturnType<typeof createMallAdmin>
