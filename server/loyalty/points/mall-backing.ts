/**
 * What the mall pays money through (decision 030): the brand's `pointConvert` promotion for
 * conversions, made on first use, the names a conversion's redemption keeps, and the claim a
 * credit wrote.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Locale } from '#contract/locales'
import type { PointConversionType } from '#contract/points-values'
import { promotionClaims, promotions as promotionsTable } from '../../db/schema/promotions'
import type { MerchantRow } from '../../money/common'
import type { Tx } from '../../plugins/external/db'
import type { PromotionRepository, PromotionRow } from '../../promotions/promotions-repository'
import { pointConvertTemplateName } from '../../promotions/templates'

/** The names a conversion's redemption keeps, per language. */
export const conversionNames: Record<PointConversionType, Record<Locale, string>> = {
  cash: {
    en: 'Points to cash',
    km: 'ពិន្ទុទៅជាសាច់ប្រាក់',
    zh: '积分兑换现金',
    th: 'แลกคะแนนเป็นเงินสด',
    vi: 'Đổi điểm lấy tiền mặt',
  },
  bonus: {
    en: 'Points to bonus',
    km: 'ពិន្ទុទៅជាប្រាក់រង្វាន់',
    zh: '积分兑换红利',
    th: 'แลกคะแนนเป็นโบนัส',
    vi: 'Đổi điểm lấy tiền thưởng',
  },
}

/** The brand's `pointConvert` promotion, made once (two first conversions at once make one). */
export async function convertBacking(
  m: MerchantRow,
  tx: Tx,
  promotionRepo: Pick<PromotionRepository, 'byId' | 'add'>,
  now: () => Date,
): Promise<PromotionRow> {
  const find = async () => {
    const [r] = await tx
      .select({ id: promotionsTable.id })
      .from(promotionsTable)
      .where(
        and(eq(promotionsTable.merchantCode, m.code), eq(promotionsTable.template, pointConvertTemplateName)),
      )
    return r ? promotionRepo.byId(m.code, r.id, tx) : undefined
  }
  const found = await find()
  if (found) return found
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pointConvert:${m.code}`}))`)
  const again = await find()
  if (again) return again
  const at = now()
  return promotionRepo.add(
    {
      merchantCode: m.code,
      template: pointConvertTemplateName,
      category: 'pointsMall',
      claimMode: 'auto',
      frequency: 'once',
      rule: { kind: 'fixed', amount: 0 },
      eligibility: {},
      turnover: { multipleTenths: 0, base: 'bonus' },
      code: null,
      codeUses: null,
      titles: {
        en: 'Points conversion',
        km: 'ការប្តូរពិន្ទុ',
        zh: '积分兑换',
        th: 'การแลกคะแนน',
        vi: 'Đổi điểm',
      },
      contents: {},
      imageUrl: null,
      startsAt: at,
      endsAt: null,
      pausedAt: null,
      sort: 1000,
      createdAt: at,
      createdBy: 'system',
    },
    tx,
  )
}

export async function claimOf(promotionId: number, memberId: number, period: string, tx: Tx) {
  const [c] = await tx
    .select({ id: promotionClaims.id })
    .from(promotionClaims)
    .where(
      and(
        eq(promotionClaims.promotionId, promotionId),
        eq(promotionClaims.memberId, memberId),
        eq(promotionClaims.period, period),
      ),
    )
  return c?.id ?? null
}
