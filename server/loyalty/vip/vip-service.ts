/**
 * VIP levels (decision 030 section 5): the upgrade (on the fly and on the member's progress
 * read), its level-up bonuses through the promotion engine, and the member's reads. The
 * monthly evaluation is evaluate.ts.
 *
 * An upgrade raises the member's row only above its stored rank (repository `raise`), so a
 * second upgrader to the same level changes nothing. Each level gained pays its level-up
 * bonus through `give(…, 'rank:<n>', …)` on the brand's unlisted `vipLevelUp` promotion: the
 * claim's unique key pays each rank once per member ever, so a member who drops and climbs
 * back is not paid again. The `vip_level_up` notice names the level in the member's language.
 */
import { sql } from 'drizzle-orm'
import type { Locale } from '#contract/locales'
import { minorToMoney } from '#contract/money'
import type { VipLevel, VipProgress } from '#contract/vip'
import { periodAt, wallDate } from '../../contracts/periods'
import { localName, storedNames } from '../../db/localized'
import { currencyOf, type MerchantRow } from '../../money/common'
import { vipLevelUpReason } from '../../notify/notice-text'
import type { NoticeWriter } from '../../notify/notices'
import type { Db, Tx } from '../../plugins/external/db'
import type { PromotionRepository, PromotionRow } from '../../promotions/promotions-repository'
import type { PromotionService } from '../../promotions/promotions-service'
import { vipLevelUpTemplateName } from '../../promotions/templates'
import { reachedRank, shortestWay } from './rules'
import { noFigures, type Change, type Figures, type LevelRow, type VipRepository } from './vip-repository'

export interface VipDeps {
  db: Db
  repo: VipRepository
  promotions: Pick<PromotionService, 'give'>
  promotionRepo: Pick<PromotionRepository, 'all' | 'add'>
  notices: NoticeWriter
  now: () => Date
  /** Members upgraded per transaction by the job. */
  chunkSize?: number
}

/** The brand month (YYYY-MM) and its first and last brand days at `at`. */
export function monthOf(timeZone: string, at: Date) {
  const p = periodAt('month', timeZone, at)
  const from = wallDate(timeZone, p.start)
  return { key: from.slice(0, 7), from, to: wallDate(timeZone, new Date(p.end.getTime() - 1)), period: p }
}

export function levelView(l: LevelRow, m: MerchantRow, locale: Locale): VipLevel {
  const c = currencyOf(m)
  const lines = (l.benefits ?? {}) as Record<string, unknown>
  const pick = lines[locale] ?? lines[m.defaultLanguage] ?? lines.en ?? []
  return {
    rank: l.rank,
    name: localName(l.names, '', locale, m.defaultLanguage),
    badge: l.badgeUrl,
    monthlyTurnover: minorToMoney(l.monthlyTurnover, c),
    monthlyDeposit: minorToMoney(l.monthlyDeposit, c),
    totalTurnover: minorToMoney(l.totalTurnover, c),
    totalDeposit: minorToMoney(l.totalDeposit, c),
    keepTurnover: minorToMoney(l.keepTurnover, c),
    levelUpBonus: minorToMoney(l.levelUpBonus, c),
    birthdayBonus: minorToMoney(l.birthdayBonus, c),
    bonusTurnover: l.bonusTurnoverTenths / 10,
    rebateExtraBp: l.rebateExtraBp,
    withdrawDailyCount: l.withdrawDailyCount,
    withdrawDailyMax: l.withdrawDailyMax === null ? null : minorToMoney(l.withdrawDailyMax, c),
    vipService: l.vipService,
    benefits: Array.isArray(pick) ? pick.filter((x): x is string => typeof x === 'string') : [],
  }
}

const sqlLock = (key: string) => sql`select pg_advisory_xact_lock(hashtext(${key}))`

export function createVipService(deps: VipDeps) {
  const { db, repo, now } = deps
  const chunkSize = deps.chunkSize ?? 500

  /** The brand's unlisted level-up promotion, made the first time it is needed. */
  async function backing(m: MerchantRow, tx: Tx): Promise<PromotionRow> {
    // One maker at a time per brand: two first upgrades at once make one promotion.
    await tx.execute(sqlLock(`vipLevelUp:${m.code}`))
    const found = (await deps.promotionRepo.all(m.code, tx)).find(
      (p) => p.template === vipLevelUpTemplateName,
    )
    if (found) return found
    const at = now()
    const titles = {
      en: 'VIP level-up bonus',
      km: 'ប្រាក់រង្វាន់ឡើងកម្រិត VIP',
      zh: 'VIP 晋级奖金',
      th: 'โบนัสเลื่อนระดับ VIP',
      vi: 'Thưởng thăng cấp VIP',
    }
    return deps.promotionRepo.add(
      {
        merchantCode: m.code,
        template: vipLevelUpTemplateName,
        category: 'ranking',
        claimMode: 'auto',
        frequency: 'once',
        rule: { kind: 'fixed', amount: 0 },
        eligibility: {},
        turnover: { multipleTenths: 0, base: 'bonus' },
        code: null,
        codeUses: null,
        titles,
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

  /**
   * Pays the level-up bonus of every level the changes gained (once per member and rank
   * ever) and tells each member: a notice per bonus paid, and one for the level reached
   * when its own bonus was not paid now.
   */
  async function rewardChanges(
    tx: Tx,
    m: MerchantRow,
    levels: readonly LevelRow[],
    changes: readonly Change[],
  ) {
    if (changes.length === 0) return
    const p = await backing(m, tx)
    const at = now()
    for (const c of changes) {
      let topPaid = false
      for (const l of levels) {
        if (l.rank <= c.fromRank || l.rank > c.toRank) continue
        const told = {
          kind: 'vip_level_up' as const,
          reason: vipLevelUpReason({ rank: l.rank, names: storedNames(l.names) }),
        }
        const withTurnover = {
          ...p,
          turnover: { multipleTenths: l.bonusTurnoverTenths, base: 'bonus' as const },
        }
        const paid = await deps.promotions.give(
          tx,
          m,
          withTurnover,
          c.memberId,
          `rank:${l.rank}`,
          l.levelUpBonus,
          null,
          told,
        )
        if (l.rank === c.toRank) topPaid = paid
      }
      const top = levels.find((l) => l.rank === c.toRank)
      if (!topPaid && top) {
        await deps.notices.record(tx, {
          memberId: c.memberId,
          kind: 'vip_level_up',
          amount: 0n,
          reference: `vip:${c.toRank}`,
          reason: vipLevelUpReason({ rank: top.rank, names: storedNames(top.names) }),
          at,
        })
      }
    }
  }

  /**
   * Upgrades the members whose figures reach a rank above their own, in one transaction:
   * their rows locked, raised, the changes recorded and rewarded. Answers the changes.
   *
   * The figures counted are those after a member's last operator change (repository
   * `figures` with the zone): an operator's level holds until play after it earns more. A
   * member whose operator change came after `figures` were read is left to the next pass.
   */
  async function upgrade(
    m: MerchantRow,
    levels: readonly LevelRow[],
    memberIds: readonly number[],
    figures?: Map<number, Figures>,
  ): Promise<Change[]> {
    if (levels.length === 0 || memberIds.length === 0) return []
    const month = monthOf(m.timeZone, now())
    const f = figures ?? (await repo.figures(memberIds, month.from, month.to, db, m.timeZone))
    const wanted = memberIds
      .map((id) => ({ id, rank: reachedRank(levels, f.get(id) ?? noFigures) }))
      .filter((w) => w.rank > 1)
    if (wanted.length === 0) return []
    return db.transaction(async (tx) => {
      const ids = wanted.map((w) => w.id)
      const ranks = await repo.lockRanks(tx, ids)
      const counted = await repo.countedFrom(tx, ids, m.timeZone)
      const targets = wanted
        .filter((w) => (f.get(w.id)?.countedFrom ?? null) === (counted.get(w.id) ?? null))
        .map((w) => ({ memberId: w.id, fromRank: ranks.get(w.id) ?? 1, toRank: w.rank }))
        .filter((t) => t.toRank > t.fromRank)
      const changes = await repo.raise(tx, m.code, targets, 'upgrade', now(), 'system')
      await rewardChanges(tx, m, levels, changes)
      return changes
    })
  }

  /** The member's level row (rank 1 when none) and its level among the brand's. */
  async function current(m: MerchantRow, memberId: number, levels: readonly LevelRow[]) {
    const row = await repo.memberLevel(memberId)
    const rank = row?.rank ?? 1
    const level = levels.find((l) => l.rank === rank) ?? levels.filter((l) => l.rank <= rank).at(-1) ?? null
    return { rank, since: row ? row.since : null, level }
  }

  return {
    upgrade,
    rewardChanges,
    backing,

    /** The job's pass: every brand member with figures today or yesterday, in chunks. */
    async upgradeActive(m: MerchantRow, signal?: AbortSignal): Promise<number> {
      const levels = await repo.levels(m.code)
      if (levels.length < 2) return 0
      const at = now()
      const days = [wallDate(m.timeZone, at), wallDate(m.timeZone, new Date(at.getTime() - 86_400_000))]
      let after = 0
      let changed = 0
      for (;;) {
        if (signal?.aborted) break
        const ids = await repo.activeMembers(m.code, days, after, chunkSize)
        if (ids.length === 0) break
        // The chunk's figures in one read; each member raised and paid in a short transaction
        // of its own, so the job never holds many members' wallets and the house's bonus
        // accounts at once (a deposit with a bonus locks a wallet, then a bonus account).
        const month = monthOf(m.timeZone, at)
        const figures = await repo.figures(ids, month.from, month.to, db, m.timeZone)
        for (const id of ids) {
          if (signal?.aborted) break
          changed += (await upgrade(m, levels, [id], figures)).length
        }
        after = ids.at(-1) ?? after
      }
      return changed
    },

    /** The table of levels in the caller's language. */
    async rules(m: MerchantRow, locale: Locale) {
      return { list: (await repo.levels(m.code)).map((l) => levelView(l, m, locale)) }
    },

    /** The member's level and progress; a level reached now is taken at once. */
    async progress(m: MerchantRow, memberId: number, locale: Locale): Promise<VipProgress> {
      const levels = await repo.levels(m.code)
      const month = monthOf(m.timeZone, now())
      const counted = await repo.figures([memberId], month.from, month.to, db, m.timeZone)
      await upgrade(m, levels, [memberId], counted)
      // The way to the next level counts what a raise counts; keeping a level, the whole month.
      const f = counted.get(memberId) ?? noFigures
      const all = (await repo.figures([memberId], month.from, month.to)).get(memberId) ?? noFigures
      const { rank, since, level } = await current(m, memberId, levels)
      const c = currencyOf(m)
      const money = (v: bigint) => minorToMoney(v, c)
      const next = levels.find((l) => l.rank > rank) ?? null
      const pair = (actual: bigint, expected: bigint) => ({
        actual: money(actual),
        expected: money(expected),
      })
      return {
        playerRankName: level ? localName(level.names, '', locale, m.defaultLanguage) : '',
        rank,
        badge: level?.badgeUrl ?? null,
        since: since ? since.getTime() : null,
        month: month.key,
        timeZone: m.timeZone,
        keep: pair(all.monthlyTurnover, level?.keepTurnover ?? 0n),
        next: next
          ? {
              rank: next.rank,
              name: localName(next.names, '', locale, m.defaultLanguage),
              monthlyTurnover: pair(f.monthlyTurnover, next.monthlyTurnover),
              monthlyDeposit: pair(f.monthlyDeposit, next.monthlyDeposit),
              totalTurnover: pair(f.totalTurnover, next.totalTurnover),
              totalDeposit: pair(f.totalDeposit, next.totalDeposit),
              shortest: shortestWay(next, f).map((s) => ({ figure: s.figure, more: money(s.more) })),
            }
          : null,
      }
    },

    /** The level below the member's, the member's, and the next. */
    async nearby(m: MerchantRow, memberId: number, locale: Locale) {
      const levels = await repo.levels(m.code)
      const { level } = await current(m, memberId, levels)
      const rank = level?.rank ?? 1
      const view = (l: LevelRow | undefined) => (l ? levelView(l, m, locale) : null)
      return {
        below: view(levels.filter((l) => l.rank < rank).at(-1)),
        current: view(level ?? undefined),
        next: view(levels.find((l) => l.rank > rank)),
      }
    },

    /** The member's current level's benefits. */
    async benefits(m: MerchantRow, memberId: number, locale: Locale) {
      const levels = await repo.levels(m.code)
      const { level } = await current(m, memberId, levels)
      return { level: level ? levelView(level, m, locale) : null }
    },

    /** The name of the member's level in the language, or null while the brand has no levels. */
    async levelName(m: MerchantRow, memberId: number, locale: Locale): Promise<string | null> {
      const levels = await repo.levels(m.code)
      const { level } = await current(m, memberId, levels)
      return level ? localName(level.names, '', locale, m.defaultLanguage) : null
    },
  }
}

export type VipService = ReturnType<typeof createVipService>
