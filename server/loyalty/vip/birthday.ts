/**
 * The VIP birthday bonus (decision 030 section 5): the `vip.birthdays` job (hourly, per
 * brand in its time zone) pays each member born on the brand's today (and yesterday, so a
 * day the job missed near midnight is caught up) their level's `birthday_bonus`, with the
 * level's turnover, through `give(…, '<year>', …)` on the brand's unlisted `vipBirthday`
 * promotion, with the `vip_birthday` notice.
 *
 * Exactly once per member and year: the claim's unique key (promotion, member, period = the
 * birthday's brand year) lets a second instance, a rerun or the next hour pay nothing again;
 * each member is paid in a transaction of its own, so a crash midway leaves the paid ones
 * paid and the next run pays the rest. A Feb 29 birthday is paid on Feb 28 of a common year.
 * A member without a birthday, a trial account, a disabled account or a level without a
 * birthday bonus gets nothing.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { wallDate } from '../../contracts/periods'
import { defineJob } from '../../jobs/define-job'
import type { MerchantRow } from '../../money/common'
import { rowsOf, type Db, type Tx } from '../../plugins/external/db'
import type { PromotionRepository, PromotionRow } from '../../promotions/promotions-repository'
import type { PromotionService } from '../../promotions/promotions-service'
import { vipBirthdayTemplateName } from '../../promotions/templates'

export const vipBirthdays = { name: 'vip.birthdays', payload: z.object({}) }

export interface BirthdayDeps {
  db: Db
  promotions: Pick<PromotionService, 'give'>
  promotionRepo: Pick<PromotionRepository, 'all' | 'add'>
  now: () => Date
  /** Members read per query. */
  chunkSize?: number
  /** Called after each member's transaction (the crash test's fault). */
  onPaid?: (memberId: number) => Promise<void> | void
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0

/**
 * The birthdays a brand day celebrates, as { month, day }: its own date, and on Feb 28 of a
 * common year also Feb 29.
 */
export function birthdaysOn(day: string): { month: number; days: number[] } {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number]
  return { month: mo, days: mo === 2 && d === 28 && !isLeap(y) ? [28, 29] : [d] }
}

/** The brand days the job pays at `at`: yesterday (a missed run caught up) and today. */
export function birthdayDays(timeZone: string, at: Date): string[] {
  const today = wallDate(timeZone, at)
  const yesterday = wallDate(timeZone, new Date(at.getTime() - 86_400_000))
  return yesterday === today ? [today] : [yesterday, today]
}

const titles = {
  en: 'VIP birthday bonus',
  km: 'ប្រាក់រង្វាន់ថ្ងៃកំណើត VIP',
  zh: 'VIP 生日礼金',
  th: 'โบนัสวันเกิด VIP',
  vi: 'Thưởng sinh nhật VIP',
}

interface Due {
  memberId: number
  amount: bigint
  turnoverTenths: number
}

export function createBirthdays(deps: BirthdayDeps) {
  const { db, now } = deps
  const chunkSize = deps.chunkSize ?? 500

  /** The brand's unlisted birthday promotion, made the first time it is needed. */
  async function backing(m: MerchantRow, tx: Tx): Promise<PromotionRow> {
    // One maker at a time per brand: two first runs at once make one promotion.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vipBirthday:${m.code}`}))`)
    const found = (await deps.promotionRepo.all(m.code, tx)).find(
      (p) => p.template === vipBirthdayTemplateName,
    )
    if (found) return found
    const at = now()
    return deps.promotionRepo.add(
      {
        merchantCode: m.code,
        template: vipBirthdayTemplateName,
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

  /** The next chunk of the brand's members born on the day, with a bonus, not paid for `year`. */
  async function due(m: MerchantRow, p: PromotionRow, day: string, afterId: number): Promise<Due[]> {
    const { month, days } = birthdaysOn(day)
    const year = day.slice(0, 4)
    const rows = rowsOf<{ id: number; amount: string; tenths: number }>(
      await db.execute(sql`
        select mb.id, l.birthday_bonus::text as amount, l.bonus_turnover_tenths as tenths
        from members mb
        cross join lateral (
          select lv.birthday_bonus, lv.bonus_turnover_tenths from vip_levels lv
          where lv.merchant_code = mb.merchant_code
            and lv.rank <= coalesce((select v.rank from member_vip v where v.member_id = mb.id), 1)
          order by lv.rank desc limit 1) l
        where mb.merchant_code = ${m.code} and mb.birthday is not null
          and extract(month from mb.birthday) = ${month}
          and extract(day from mb.birthday) = any(${`{${days.join(',')}}`}::int[])
          and mb.type <> 4 and mb.status = 'active' and l.birthday_bonus > 0 and mb.id > ${afterId}
          and not exists (
            select 1 from promotion_claims c
            where c.promotion_id = ${p.id} and c.member_id = mb.id and c.period = ${year})
        order by mb.id limit ${chunkSize}`),
    )
    return rows.map((r) => ({
      memberId: Number(r.id),
      amount: BigInt(r.amount),
      turnoverTenths: Number(r.tenths),
    }))
  }

  /** Pays the brand's birthdays of the days due at now; answers how many were paid by this run. */
  async function payDue(m: MerchantRow, signal?: AbortSignal): Promise<number> {
    const p = await db.transaction((tx) => backing(m, tx))
    let paid = 0
    for (const day of birthdayDays(m.timeZone, now())) {
      const year = day.slice(0, 4)
      let after = 0
      for (;;) {
        if (signal?.aborted) return paid
        const chunk = await due(m, p, day, after)
        if (chunk.length === 0) break
        for (const d of chunk) {
          if (signal?.aborted) return paid
          const given = await db.transaction((tx) =>
            deps.promotions.give(
              tx,
              m,
              { ...p, turnover: { multipleTenths: d.turnoverTenths, base: 'bonus' } },
              d.memberId,
              year,
              d.amount,
              null,
              { kind: 'vip_birthday', reason: null },
            ),
          )
          if (given) paid += 1
          await deps.onPaid?.(d.memberId)
        }
        after = chunk.at(-1)?.memberId ?? after
      }
    }
    return paid
  }

  return { payDue, backing }
}

export type Birthdays = ReturnType<typeof createBirthdays>

export function birthdayJob(
  birthdays: Pick<Birthdays, 'payDue'>,
  merchants: () => Promise<readonly MerchantRow[]>,
) {
  return defineJob({
    ...vipBirthdays,
    schedule: { everySeconds: 3600 },
    policy: 'exclusive',
    retry: { limit: 2, delaySeconds: 10, backoff: true, maxDelaySeconds: 120 },
    timeoutSeconds: 1800,
    async handler(_payload, { log, signal }) {
      let paid = 0
      for (const m of await merchants()) {
        if (signal.aborted) break
        paid += await birthdays.payDue(m, signal)
      }
      if (paid > 0) log.info({ paid }, 'vip birthday bonuses credited')
    },
  })
}
