/**
 * The operator's and the jobs' side of the promotion engine: making and changing promotions,
 * the applications waiting for a decision, approving (the reward credited) or rejecting one
 * with the member's notice, and the jobs' rewards of a period (give).
 */
import { AppError } from '../http/errors'
import { type MerchantRow } from '../money/common'
import type { NewNotice } from '../notify/notices'
import type { Db, Tx } from '../plugins/external/db'
import { rewardOf } from './engine'
import { claimReference, type PromotionCore } from './promotion-core'
import type { PromotionRow } from './promotions-repository'
import { eligibilityInMinor, ruleInMinor, templates, type TemplateName } from './templates'

export function createPromotionOperator(core: PromotionCore) {
  const { db, repo, now, credit, promotionOrThrow, notice } = core
  return {
    /** Makes a promotion from a template (templates.ts), amounts in the brand's currency. */
    async create(
      m: MerchantRow,
      name: TemplateName,
      opts: { startsAt?: Date; endsAt?: Date | null; code?: string | null; codeUses?: number | null },
      createdBy: string,
      ex: Db | Tx = db,
    ): Promise<PromotionRow> {
      const t = templates[name]
      const code = opts.code === undefined ? (t.code ?? null) : opts.code
      if (t.claimMode === 'promoCode' && !code) {
        throw new AppError('validation_failed', 'a promo-code promotion needs its code')
      }
      const at = now()
      return repo.add(
        {
          merchantCode: m.code,
          template: name,
          category: t.category,
          claimMode: t.claimMode,
          frequency: t.frequency,
          rule: ruleInMinor(t.rule, m.currencyDecimals),
          eligibility: eligibilityInMinor(t.eligibility, m.currencyDecimals),
          turnover: t.turnover,
          code: t.claimMode === 'promoCode' && code ? code.trim().toUpperCase() : null,
          codeUses:
            t.claimMode === 'promoCode'
              ? opts.codeUses === undefined
                ? (t.codeUses ?? null)
                : opts.codeUses
              : null,
          titles: t.titles,
          contents: t.contents,
          imageUrl: t.imageUrl,
          startsAt: opts.startsAt ?? at,
          endsAt: opts.endsAt ?? null,
          pausedAt: null,
          sort: t.sort,
          createdAt: at,
          createdBy,
        },
        ex,
      )
    },

    /** Changes what the operator may change of a promotion; the rest stays as made. */
    async edit(
      m: MerchantRow,
      id: number,
      set: Partial<
        Pick<
          PromotionRow,
          | 'rule'
          | 'eligibility'
          | 'turnover'
          | 'titles'
          | 'contents'
          | 'imageUrl'
          | 'startsAt'
          | 'endsAt'
          | 'sort'
          | 'codeUses'
          | 'pausedAt'
        >
      >,
    ): Promise<{ before: PromotionRow; after: PromotionRow }> {
      return db.transaction(async (tx) => {
        await repo.lock(id, tx)
        const before = await promotionOrThrow(m, id, tx)
        const after = await repo.update(id, set, tx)
        return { before, after }
      })
    },

    async all(m: MerchantRow) {
      return repo.all(m.code)
    },

    async applications(m: MerchantRow, all: boolean) {
      return repo.applications(m.code, all ? undefined : 'applying')
    },

    /** The operator approves an application: its reward (the rule's, or the amount given) is credited. */
    async approve(m: MerchantRow, claimId: number, operator: string, amountGiven?: bigint) {
      return db.transaction(async (tx) => {
        const seen = await repo.claim(claimId, tx)
        if (!seen || seen.merchantCode !== m.code)
          throw new AppError('promotion_not_found', 'no such application')
        const p = await promotionOrThrow(m, seen.promotionId, tx)
        const amount = amountGiven ?? rewardOf(p.rule, {})
        if (amount <= 0n) throw new AppError('promotion_nothing_to_claim', 'give the amount to credit')
        const at = now()
        const c = await repo.moveClaim(
          claimId,
          'applying',
          { status: 'claimed', amount, decidedAt: at, decidedBy: `operator:${operator}`, claimedAt: at },
          tx,
        )
        if (!c) throw new AppError('promotion_already_claimed', `application ${claimId} is ${seen.status}`)
        await credit(tx, m, p, c, amount, 0n, 'operator')
        await notice(tx, {
          memberId: c.memberId,
          kind: 'promotion_approved',
          amount,
          reference: claimReference(c.id),
        })
        return c
      })
    },

    async reject(m: MerchantRow, claimId: number, operator: string, reason: string) {
      return db.transaction(async (tx) => {
        const seen = await repo.claim(claimId, tx)
        if (!seen || seen.merchantCode !== m.code)
          throw new AppError('promotion_not_found', 'no such application')
        const c = await repo.moveClaim(
          claimId,
          'applying',
          { status: 'rejected', reason, decidedAt: now(), decidedBy: `operator:${operator}` },
          tx,
        )
        if (!c) throw new AppError('promotion_already_claimed', `application ${claimId} is ${seen.status}`)
        await notice(tx, {
          memberId: c.memberId,
          kind: 'promotion_rejected',
          amount: 0n,
          reference: claimReference(c.id),
          reason,
        })
        return c
      })
    },

    /**
     * Gives a member a reward of a period inside `tx` (a job's rebate or rescue): issued to
     * claim in the reward centre, or credited at once when the promotion is automatic. Once
     * per member and period: a second run finds the row and gives nothing. Answers whether it
     * gave. `told`: the notice's own kind and reason in place of the engine's (a raffle win);
     * null writes no notice (a mission the member just tapped).
     */
    async give(
      tx: Tx,
      m: MerchantRow,
      p: PromotionRow,
      memberId: number,
      period: string,
      amount: bigint,
      base: bigint | null,
      told?: Pick<NewNotice, 'kind' | 'reason'> | null,
    ): Promise<boolean> {
      if (amount <= 0n) return false
      const at = now()
      const auto = p.claimMode === 'auto'
      const c = await repo.insertClaim(
        {
          promotionId: p.id,
          merchantCode: m.code,
          memberId,
          period,
          status: auto ? 'claimed' : 'issued',
          amount,
          base,
          createdAt: at,
          decidedAt: at,
          decidedBy: 'system',
          claimedAt: auto ? at : null,
        },
        tx,
      )
      if (!c) return false
      if (auto) await credit(tx, m, p, c, amount, 0n, 'system')
      if (told === null) return true
      await notice(tx, {
        memberId,
        kind: auto ? 'promotion_credited' : 'promotion_issued',
        amount,
        reference: claimReference(c.id),
        ...told,
      })
      return true
    },
  }
}
