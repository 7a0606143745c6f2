/**
 * What the promotion engine's flows share (promotions-service.ts puts them together): the
 * views of a promotion and a claim, the reward a claim-mode promotion pays now, the credit of
 * a reward (the ledger movement from the house's bonus account, its turnover requirement),
 * and the checks every flow makes of the promotion and the member.
 */
import type { Locale } from '#contract/locales'
import { minorToMoney } from '#contract/money'
import { type Promotion, type PromotionCategory, type PromotionClaim } from '#contract/promotions'
import { localName } from '../db/localized'
import { AppError } from '../http/errors'
import { currencyOf, type MerchantRow } from '../money/common'
import { bonusShardOf, type Ledger } from '../money/ledger'
import type { NewNotice, NoticeWriter } from '../notify/notices'
import type { Db, Tx } from '../plugins/external/db'
import { closedReason, previousPeriod, rewardOf, turnoverOf, type EngineClaim } from './engine'
import type { ClaimRow, PromotionRepository, PromotionRow } from './promotions-repository'
import { isUnlisted } from './templates'

/**
 * What the turnover requirements (decision 026) offer the engine: a requirement written in
 * the credit's transaction, and which of the member's rewards still have one open.
 */
export interface TurnoverLink {
  add(
    tx: Tx,
    r: {
      merchantCode: string
      memberId: number
      required: bigint
      bonus: bigint
      source: string
      reference: string
      at: Date
    },
  ): Promise<unknown>
  /** Of these references (`promotion-claim:<id>`), those whose requirement is still open. */
  openOf(memberId: number, references: readonly string[]): Promise<ReadonlySet<string>>
}

/** No requirements: for a process without the turnover area (and the engine's own tests). */
export const noTurnover: TurnoverLink = {
  async add() {},
  async openOf() {
    return new Set()
  },
}

export const claimReference = (id: number) => `promotion-claim:${id}`

/** The end of "since joining": every day the brand's calendar has. */
export const lastDay = '9999-12-31'

/** How far back an ended promotion is still listed (as closed), so a member sees it ended. */
export const endedShownMs = 3 * 86_400_000

export interface PromotionDeps {
  db: Db
  repo: PromotionRepository
  ledger: Ledger
  notices: NoticeWriter
  turnover: TurnoverLink
  now: () => Date
}

export type Run = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>

export function createPromotionCore(deps: PromotionDeps) {
  const { db, repo, ledger, notices, now } = deps

  const textOf = (texts: Record<string, string>, locale: Locale, m: MerchantRow) =>
    localName(texts, '', locale, m.defaultLanguage)

  function claimView(
    c: ClaimRow,
    p: { titles: Record<string, string>; category: PromotionCategory },
    locale: Locale,
    m: MerchantRow,
  ): PromotionClaim {
    return {
      id: c.id,
      promotionId: c.promotionId,
      title: textOf(p.titles, locale, m),
      category: p.category,
      status: c.status,
      amount: c.amount === null ? null : minorToMoney(c.amount, currencyOf(m)),
      period: c.period,
      createdAt: c.createdAt.getTime(),
      claimedAt: c.claimedAt ? c.claimedAt.getTime() : null,
      rejectReason: c.reason,
    }
  }

  function rewardView(p: PromotionRow, m: MerchantRow): Promotion['reward'] {
    const money = (v: number) => minorToMoney(BigInt(v), currencyOf(m))
    const r = p.rule
    switch (r.kind) {
      case 'fixed':
        return { kind: r.kind, amount: money(r.amount), rate: null, cap: null, minimum: null, rates: [] }
      case 'depositPercent':
        return {
          kind: r.kind,
          amount: null,
          rate: r.rate,
          cap: r.cap > 0 ? money(r.cap) : null,
          minimum: money(r.minDeposit),
          rates: [],
        }
      case 'lossPercent':
        return {
          kind: r.kind,
          amount: null,
          rate: r.rate,
          cap: r.cap > 0 ? money(r.cap) : null,
          minimum: money(r.minLoss),
          rates: [],
        }
      case 'validBetRate':
        return {
          kind: r.kind,
          amount: null,
          rate: Math.max(0, ...r.rates.map((x) => x.rate)),
          cap: r.cap > 0 ? money(r.cap) : null,
          minimum: null,
          rates: r.rates.map((x) => ({ gameType: x.gameType, rate: x.rate })),
        }
    }
  }

  const engineClaim = (c: ClaimRow): EngineClaim => ({ id: c.id, status: c.status, amount: c.amount })

  /** The reward of a claim-mode promotion for this member now, from the previous period's play. */
  async function computedReward(m: MerchantRow, p: PromotionRow, memberId: number, ex: Db | Tx) {
    const r = p.rule
    if (r.kind === 'fixed') return { amount: rewardOf(r, {}), base: null }
    if (r.kind === 'depositPercent') return { amount: 0n, base: null }
    const freq = p.frequency === 'once' ? 'daily' : p.frequency
    const prev = previousPeriod(freq, m.timeZone, now())
    if (r.kind === 'lossPercent') {
      const loss = await repo.lossBetween(memberId, prev.from, prev.to, ex)
      return { amount: rewardOf(r, { loss }), base: loss }
    }
    const byType = await repo.validBetsByType(memberId, prev.from, prev.to, ex)
    let total = 0n
    for (const v of byType.values()) total += v
    return { amount: rewardOf(r, { validBets: byType }), base: total }
  }

  /**
   * Credits a claim's reward inside `tx`: the house's bonus account to the member's main
   * wallet (a BONUS movement, shown in bonus details), the turnover it adds, and the claim's
   * transaction id. Answers the wallet's balance after it.
   */
  async function credit(
    tx: Tx,
    m: MerchantRow,
    p: PromotionRow,
    claim: ClaimRow,
    amount: bigint,
    deposit: bigint,
    actor: 'member' | 'operator' | 'system',
  ): Promise<bigint> {
    // The member's own bonus account of the house's spread (ledger.ts, bonusAccountShards).
    const house = await ledger.houseAccount(m.code, 'bonuses', tx, bonusShardOf(claim.memberId))
    const wallet = await ledger.memberAccount(m.code, claim.memberId, undefined, tx)
    const at = now()
    const posted = await ledger.post(tx, {
      merchantCode: m.code,
      type: 'BONUS',
      memberId: claim.memberId,
      reference: claimReference(claim.id),
      memo: textOf(p.titles, 'en', m),
      actor,
      at,
      postings: [
        { accountId: house, amount: -amount },
        { accountId: wallet, amount },
      ],
    })
    await repo.setTransaction(claim.id, posted.transactionId, tx)
    const required = turnoverOf(p.turnover, amount, deposit)
    if (required > 0n) {
      await deps.turnover.add(tx, {
        merchantCode: m.code,
        memberId: claim.memberId,
        required,
        bonus: amount,
        source: `promotion:${p.id}`,
        reference: claimReference(claim.id),
        at,
      })
    }
    return posted.balances.get(wallet) ?? 0n
  }

  async function promotionOrThrow(m: MerchantRow, id: number, ex: Db | Tx = db): Promise<PromotionRow> {
    const p = await repo.byId(m.code, id, ex)
    if (!p) throw new AppError('promotion_not_found', 'no such promotion')
    return p
  }

  /**
   * A promotion a member's call names: a backing promotion of another area (unlisted: the
   * VIP level-up, a mission's) answers exactly as a missing id, so a guessed id learns nothing.
   */
  async function listedOrThrow(m: MerchantRow, id: number, ex: Db | Tx = db): Promise<PromotionRow> {
    const p = await repo.byId(m.code, id, ex)
    if (!p || isUnlisted(p)) throw new AppError('promotion_not_found', 'no such promotion')
    return p
  }

  /** Refuses a promotion that has not started, has ended or is paused, or that the member may not take. */
  function openOrThrow(p: PromotionRow, member: { createdAt: Date }, at: Date) {
    if (at < p.startsAt) {
      throw new AppError('promotion_not_started', 'this promotion has not started', {
        startsAt: p.startsAt.getTime(),
      })
    }
    const reason = closedReason(p, { joinedAt: member.createdAt }, at)
    if (reason === 'ended' || reason === 'paused') {
      throw new AppError('promotion_ended', 'this promotion is over', { reason })
    }
    if (reason) throw new AppError('promotion_not_eligible', 'not eligible', { reason })
  }

  async function memberOrThrow(memberId: number, ex: Db | Tx = db) {
    const me = await repo.member(memberId, ex)
    if (!me || me.type === 4) throw new AppError('in_need_true_account', 'a real account is needed')
    return me
  }

  const already = () => new AppError('promotion_already_claimed', 'already claimed for this period')

  function answer(m: MerchantRow, p: PromotionRow, c: ClaimRow, locale: Locale, balance: bigint | null) {
    return {
      claim: claimView(c, p, locale, m),
      balance: balance === null ? null : minorToMoney(balance, currencyOf(m)),
    }
  }

  const notice = (tx: Tx, n: Omit<NewNotice, 'at'>) => notices.record(tx, { ...n, at: now() })

  return {
    deps,
    db,
    repo,
    now,
    textOf,
    claimView,
    rewardView,
    engineClaim,
    computedReward,
    credit,
    promotionOrThrow,
    listedOrThrow,
    openOrThrow,
    memberOrThrow,
    already,
    answer,
    notice,
  }
}

export type PromotionCore = ReturnType<typeof createPromotionCore>
