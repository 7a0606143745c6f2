/**
 * The daily rebate and the automatic loss rescue (issue 35): after each period of an automatic
 * promotion paid on valid bets or on the net loss closes in the brand's time zone, every
 * member with play in it is credited the rule's reward, at once, from the house's bonus
 * account. What each member is owed is computed in one grouped query; the rewards are written
 * in chunks, each one transaction holding the chunk's claim rows (the unique key per member
 * and period keeps any already there), their ledger movements, turnover requirements and
 * notices. A rerun, a second instance or a crash midway pays each member's period once or
 * not at all, and the next run pays what is missing.
 */
import type { ContractPeriodUnit } from '#contract/contracts'
import type { Locale } from '#contract/locales'
import { minorToMoney } from '#contract/money'
import type { RebateEstimate, RewardRule } from '#contract/promotions'
import { mainAccountTypeId } from '#contract/wallet'
import { instantAtWall, periodAt, wallDate, type Period } from '../contracts/periods'
import { localName } from '../db/localized'
import { AppError } from '../http/errors'
import { memberBenefits } from '../loyalty/vip/benefits'
import { currencyOf, type MerchantRow } from '../money/common'
import type { Ledger } from '../money/ledger'
import type { NewNotice, NoticeWriter } from '../notify/notices'
import type { Db, Tx } from '../plugins/external/db'
import { allMerchants } from '../system/brands-repository'
import { closedReason, currentPeriod, rewardOf, turnoverOf } from './engine'
import { claimReference, type TurnoverLink } from './promotion-core'
import type { PromotionRepository, PromotionRow } from './promotions-repository'
import { createPromotionRepository } from './promotions-repository'
import { createRebateRepository, type Owed, type RebateRepository } from './rebate-repository'
import { turnoverLink } from './turnover-link'

export interface RebateDeps {
  db: Db
  ledger: Ledger
  repo: RebateRepository
  promotions: Pick<PromotionRepository, 'listed' | 'byId' | 'member' | 'validBetsByType'>
  notices: NoticeWriter
  turnover: TurnoverLink
  now: () => Date
  /** The brands to pay (every brand the platform runs). */
  merchants: () => Promise<readonly MerchantRow[]>
  /** Members written per transaction. */
  chunkSize?: number
  /** Called inside each chunk's transaction after its writes (the crash test's fault). */
  onChunk?: (index: number) => Promise<void> | void
}

/** How long after a period's end it is paid: bets settled just before its end have committed. */
export const rebateGraceMs = 60_000

/** How many closed periods back a run looks for unpaid ones (a stopped job's days are caught up). */
export const rebateLookBack = 7

const units = { daily: 'day', weekly: 'week', monthly: 'month' } as const satisfies Record<
  string,
  ContractPeriodUnit
>

type PaidRule = Extract<RewardRule, { kind: 'validBetRate' | 'lossPercent' }>
type PaidPromotion = PromotionRow & { rule: PaidRule; frequency: keyof typeof units }

/** A promotion the job pays: automatic, on valid bets or the loss, per day, week or month. */
export function isPaidByJob(p: PromotionRow): p is PaidPromotion {
  return (
    p.claimMode === 'auto' &&
    (p.rule.kind === 'validBetRate' || p.rule.kind === 'lossPercent') &&
    p.frequency !== 'once'
  )
}

/** One promotion's period: what each member is owed (the dry run's table) and what was written. */
export interface RebatePeriod {
  promotionId: number
  /** The claims' period key: the period's first day. */
  period: string
  from: string
  to: string
  owed: Owed[]
  /** Rewards this run credited (0 on a dry run, or when another run had credited them). */
  written: number
  paid: bigint
}

export function createRebateService(deps: RebateDeps) {
  const { db, ledger, repo, notices, now } = deps
  const chunkSize = deps.chunkSize ?? 500

  const daysOf = (tz: string, p: Period) => ({
    from: wallDate(tz, p.start),
    to: wallDate(tz, new Date(p.end.getTime() - 1)),
  })

  /** Credits one chunk in one transaction; answers what it wrote. */
  async function write(m: MerchantRow, p: PaidPromotion, period: string, chunk: Owed[], index: number) {
    const house = await ledger.houseAccount(m.code, 'bonuses')
    const wallets = await ledger.memberAccounts(
      m.code,
      chunk.map((o) => o.memberId),
      mainAccountTypeId,
    )
    const memo = `${p.titles.en ?? Object.values(p.titles)[0] ?? ''} ${period}`.trim()
    const at = now()
    return db.transaction(async (tx: Tx) => {
      const ids = await repo.insertClaimed(tx, {
        promotionId: p.id,
        merchantCode: m.code,
        period,
        at,
        owed: chunk,
      })
      const paid = chunk.filter((o) => ids.has(o.memberId))
      const claimIds = paid.map((o) => ids.get(o.memberId) ?? 0)
      const txIds = await ledger.postBatchIds(tx, {
        merchantCode: m.code,
        type: 'BONUS',
        actor: 'system',
        at,
        counterAccountId: house,
        items: paid.map((o, i) => ({
          accountId: wallets.get(o.memberId) ?? 0,
          memberId: o.memberId,
          amount: o.amount,
          reference: claimReference(claimIds[i] ?? 0),
          memo,
        })),
      })
      await repo.linkTransactions(tx, claimIds, txIds)
      for (const [i, o] of paid.entries()) {
        const required = turnoverOf(p.turnover, o.amount, 0n)
        if (required <= 0n) continue
        await deps.turnover.add(tx, {
          merchantCode: m.code,
          memberId: o.memberId,
          required,
          bonus: o.amount,
          source: `promotion:${p.id}`,
          reference: claimReference(claimIds[i] ?? 0),
          at,
        })
      }
      const ns: NewNotice[] = paid.map((o, i) => ({
        memberId: o.memberId,
        kind: 'promotion_credited',
        amount: o.amount,
        reference: claimReference(claimIds[i] ?? 0),
        at,
      }))
      await notices.recordMany(tx, ns)
      await deps.onChunk?.(index)
      return { written: paid.length, paid: paid.reduce((s, o) => s + o.amount, 0n) }
    })
  }

  /** Pays (or with `dryRun` only computes) one closed period of one promotion. */
  async function payPeriod(
    m: MerchantRow,
    p: PaidPromotion,
    period: Period,
    opts: { dryRun?: boolean; signal?: AbortSignal } = {},
  ): Promise<RebatePeriod> {
    const days = daysOf(m.timeZone, period)
    const owed = await repo.owed({
      merchantCode: m.code,
      promotionId: p.id,
      period: days.from,
      ...days,
      end: period.end,
      rule: p.rule,
      ...(p.eligibility.newMemberDays === undefined ? {} : { newMemberDays: p.eligibility.newMemberDays }),
      at: now(),
    })
    const result: RebatePeriod = { promotionId: p.id, period: days.from, ...days, owed, written: 0, paid: 0n }
    if (opts.dryRun) return result
    for (let i = 0; i < owed.length; i += chunkSize) {
      if (opts.signal?.aborted) break
      const r = await write(m, p, days.from, owed.slice(i, i + chunkSize), i / chunkSize)
      result.written += r.written
      result.paid += r.paid
    }
    return result
  }

  /** Whether the job pays the promotion now: started, not paused (an ended one still pays its last periods). */
  const runningAt = (p: PromotionRow, at: Date) => p.startsAt <= at && !(p.pausedAt && p.pausedAt <= at)

  /**
   * The closed periods the run looks at, oldest first: at most `rebateLookBack`, each one the
   * promotion ran in (ending after its start, starting before its end).
   */
  function closedPeriods(m: MerchantRow, p: PaidPromotion, at: Date): Period[] {
    const unit = units[p.frequency]
    const cutoff = at.getTime() - rebateGraceMs
    let q = periodAt(unit, m.timeZone, new Date(cutoff))
    const out: Period[] = []
    for (let n = 0; n < rebateLookBack; n++) {
      q = periodAt(unit, m.timeZone, new Date(q.start.getTime() - 1))
      if (q.end <= p.startsAt) break
      if (p.endsAt && p.endsAt <= q.start) continue
      out.unshift(q)
    }
    return out
  }

  /**
   * The member's rebates now (the rebate rates page): each running rebate (a rate of valid
   * bets per game type) the member may have, with the current period's valid bets per game
   * type from the member's figures per day, what each pays and the capped total by the
   * engine's rule (rewardOf, as the claim and the job compute it), and when it is paid: the
   * job pays a closed period a grace after it ends; a claim-mode one is claimed from then.
   */
  async function estimates(m: MerchantRow, memberId: number, locale: Locale) {
    const me = await deps.promotions.member(memberId)
    if (!me || me.type === 4) throw new AppError('in_need_true_account', 'a real account is needed')
    const at = now()
    const money = (v: bigint) => minorToMoney(v, currencyOf(m))
    const running = (await deps.promotions.listed(m.code, at)).filter(
      (p) =>
        p.rule.kind === 'validBetRate' &&
        at >= p.startsAt &&
        closedReason(p, { joinedAt: me.createdAt }, at) === null,
    )
    const list: RebateEstimate[] = []
    // The member's VIP level's extra, added to each rate (the job adds the level's at the period's end).
    const extra = (await memberBenefits(db, m.code, me.id))?.rebateExtraBp ?? 0
    for (const p of running) {
      if (p.rule.kind !== 'validBetRate') continue
      // A once-only rebate pays on a day, as its claim does (promotions-service computedReward).
      const period = currentPeriod(p.frequency === 'once' ? 'daily' : p.frequency, m.timeZone, at)
      const bets = await deps.promotions.validBetsByType(me.id, period.from, period.to)
      const rule = { ...p.rule, rates: p.rule.rates.map((r) => ({ ...r, rate: r.rate + extra })) }
      let counted = 0n
      const rates = rule.rates.map((r) => {
        counted += bets.get(r.gameType) ?? 0n
        return {
          gameType: r.gameType,
          rate: r.rate,
          validBets: money(bets.get(r.gameType) ?? 0n),
          // The engine's rule for this game type alone, uncapped: the table's line.
          rebate: money(rewardOf({ kind: 'validBetRate', rates: [r], cap: 0 }, { validBets: bets })),
        }
      })
      const uncapped = rewardOf({ ...rule, cap: 0 }, { validBets: bets })
      const estimate = rewardOf(rule, { validBets: bets })
      list.push({
        promotionId: p.id,
        title: localName(p.titles, '', locale, m.defaultLanguage),
        claimMode: p.claimMode,
        frequency: p.frequency,
        cap: rule.cap > 0 ? money(BigInt(rule.cap)) : null,
        period: { from: period.from, to: period.to, endsAt: period.end.getTime() },
        paidAt: period.end.getTime() + (p.claimMode === 'auto' ? rebateGraceMs : 0),
        rates,
        validBets: money(counted),
        estimate: money(estimate),
        capped: estimate < uncapped,
      })
    }
    return { list, timeZone: m.timeZone }
  }

  return {
    payPeriod,
    estimates,

    /**
     * The period of promotion `id` containing brand day `day` (YYYY-MM-DD), paid or (dryRun)
     * only computed. Refuses a promotion the job does not pay, or a period not closed yet.
     */
    async runFor(m: MerchantRow, id: number, day: string, dryRun: boolean) {
      if (!instantAtWall(m.timeZone, day)) return { error: 'bad_day' as const }
      const p = await deps.promotions.byId(m.code, id)
      if (!p) return { error: 'promotion_not_found' as const }
      if (!isPaidByJob(p)) return { error: 'not_paid_by_job' as const, promotion: p }
      const noon = instantAtWall(m.timeZone, `${day}T12`)
      if (!noon) return { error: 'bad_day' as const }
      const period = periodAt(units[p.frequency], m.timeZone, noon)
      if (period.end.getTime() > now().getTime() - rebateGraceMs) {
        return { error: 'period_open' as const, promotion: p, period }
      }
      return { promotion: p, result: await payPeriod(m, p, period, { dryRun }) }
    },

    /** Every brand's running automatic rebate and rescue, each closed period within the look-back not paid yet. */
    async payDue(signal?: AbortSignal): Promise<RebatePeriod[]> {
      const done: RebatePeriod[] = []
      const at = now()
      for (const m of await deps.merchants()) {
        const list = (await deps.promotions.listed(m.code, new Date(at.getTime() - 62 * 86_400_000))).filter(
          (p): p is PaidPromotion => isPaidByJob(p) && runningAt(p, at),
        )
        for (const p of list) {
          for (const period of closedPeriods(m, p, at)) {
            if (signal?.aborted) return done
            done.push(await payPeriod(m, p, period, signal ? { signal } : {}))
          }
        }
      }
      return done
    },
  }
}

export type RebateService = ReturnType<typeof createRebateService>

/** The service over the database alone (the plugin's job, the operator's command, the bench). */
export function rebateServiceOf(
  d: Pick<RebateDeps, 'db' | 'ledger' | 'notices' | 'now'> & Partial<RebateDeps>,
): RebateService {
  return createRebateService({
    repo: createRebateRepository(d.db),
    promotions: createPromotionRepository(d.db),
    turnover: turnoverLink(d.db),
    merchants: () => allMerchants(d.db),
    ...d,
  })
}
