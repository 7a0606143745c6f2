/**
 * The promotion engine's service: the list with each member's state, every way to claim
 * (tap, sign up, apply, code, an issued reward, a deposit bonus), the operator's decisions
 * and the jobs' issues. Each reward is one transaction: the claim row (whose unique key per
 * member and period is the limit), the ledger movement from the house's bonus account, its
 * turnover requirement and the member's notice.
 */
import type { ImageUpload } from '#contract/funds'
import type { Locale } from '#contract/locales'
import { minorToMoney } from '#contract/money'
import {
  maxApplyImages,
  maxRemarkLength,
  type ClaimStatus,
  type Promotion,
  type PromotionCategory,
  type PromotionClaim,
} from '#contract/promotions'
import { wallDate } from '../contracts/periods'
import { localName } from '../db/localized'
import { AppError } from '../http/errors'
import { cleanImage, type CleanImage } from '../money/clean-image'
import { currencyOf, storeImage, type MerchantRow } from '../money/common'
import { bonusShardOf, type Ledger } from '../money/ledger'
import type { NewNotice, NoticeWriter } from '../notify/notices'
import type { Db, Tx } from '../plugins/external/db'
import {
  closedReason,
  periodOf,
  previousPeriod,
  remarkLength,
  rewardOf,
  stateOf,
  turnoverOf,
  type EngineClaim,
} from './engine'
import type { ClaimRow, PromotionRepository, PromotionRow } from './promotions-repository'
import {
  eligibilityInMinor,
  isUnlisted,
  kindOfTemplate,
  ruleInMinor,
  templates,
  type TemplateName,
} from './templates'

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
const lastDay = '9999-12-31'

/** How far back an ended promotion is still listed (as closed), so a member sees it ended. */
const endedShownMs = 3 * 86_400_000

export interface PromotionDeps {
  db: Db
  repo: PromotionRepository
  ledger: Ledger
  notices: NoticeWriter
  turnover: TurnoverLink
  now: () => Date
}

type Run = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>

export function createPromotionService(deps: PromotionDeps) {
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

    /** The brand's running and coming promotions with the member's (or a visitor's) state. */
    async list(m: MerchantRow, memberId: number | null, locale: Locale, category?: PromotionCategory) {
      const at = now()
      const all = (await repo.listed(m.code, new Date(at.getTime() - endedShownMs))).filter(
        (p) => !category || p.category === category,
      )
      const me = memberId === null ? undefined : await repo.member(memberId)
      const periods = new Map(all.map((p) => [p.id, periodOf(p.frequency, m.timeZone, at)]))
      const claims = me
        ? await repo.claimsFor(
            me.id,
            all.map((p) => p.id),
            [...new Set([...periods.values()].map((x) => x.key))],
          )
        : []
      const claimedRefs = claims.filter((c) => c.status === 'claimed').map((c) => claimReference(c.id))
      const open = me && claimedRefs.length > 0 ? await deps.turnover.openOf(me.id, claimedRefs) : new Set()
      const list: Promotion[] = []
      for (const p of all) {
        const period = periods.get(p.id) ?? { key: '', end: null }
        const mine = claims.filter((c) => c.promotionId === p.id)
        const current = mine.find((c) => c.period === period.key) ?? null
        const issued = mine.find((c) => c.status === 'issued') ?? null
        let qualifyDone = 0n
        if (me && current?.status === 'signedUp') {
          qualifyDone = await repo.validBetsBetween(me.id, wallDate(m.timeZone, current.createdAt), lastDay)
        }
        // What a tap would pay, for a tap-to-claim promotion the member may take now: the
        // claim's own computation, so a Claim shown is a Claim that pays.
        const tappable =
          me &&
          p.claimMode === 'claim' &&
          !current &&
          !issued &&
          at >= p.startsAt &&
          closedReason(p, { joinedAt: me.createdAt }, at) === null
        const rewardNow = tappable ? (await computedReward(m, p, me.id, db)).amount : undefined
        const d = stateOf(
          p,
          {
            member: me ? { joinedAt: me.createdAt } : null,
            current: current ? engineClaim(current) : null,
            issued: issued ? engineClaim(issued) : null,
            requirementOpen: current !== null && open.has(claimReference(current.id)),
            qualifyDone,
            ...(rewardNow === undefined ? {} : { rewardNow }),
          },
          period,
          at,
        )
        const claimRow = d.claim ? (mine.find((c) => c.id === d.claim?.id) ?? null) : null
        const target = p.eligibility.qualifyValidBets
        list.push({
          id: p.id,
          kind: kindOfTemplate(p.template),
          category: p.category,
          claimMode: p.claimMode,
          frequency: p.frequency,
          title: textOf(p.titles, locale, m),
          content: textOf(p.contents, locale, m),
          imageUrl: p.imageUrl,
          startsAt: p.startsAt.getTime(),
          endsAt: p.endsAt ? p.endsAt.getTime() : null,
          reward: rewardView(p, m),
          turnover: p.turnover,
          state: d.state,
          reason: d.reason,
          progress:
            p.claimMode === 'signUp' && target !== undefined && current?.status === 'signedUp'
              ? {
                  done: minorToMoney(qualifyDone, currencyOf(m)),
                  target: minorToMoney(BigInt(target), currencyOf(m)),
                }
              : null,
          claimId: claimRow?.id ?? null,
          amount: claimRow?.amount == null ? null : minorToMoney(claimRow.amount, currencyOf(m)),
          rejectReason: claimRow?.status === 'rejected' ? claimRow.reason : null,
          changesAt: d.changesAt ? d.changesAt.getTime() : null,
          needsForm: p.claimMode === 'apply',
          needsCode: p.claimMode === 'promoCode',
        })
      }
      return {
        list,
        claimable: list.filter((x) => x.state === 'claim' || x.state === 'issued').length,
        timeZone: m.timeZone,
      }
    },

    /** Categories with a listed promotion, and how many, in the filter's order. */
    async categories(m: MerchantRow) {
      const at = now()
      const listed = (await repo.listed(m.code, at)).filter((p) => !p.pausedAt)
      const counts = new Map<PromotionCategory, number>()
      for (const p of listed) counts.set(p.category, (counts.get(p.category) ?? 0) + 1)
      return { list: [...counts].map(([category, count]) => ({ category, count })) }
    },

    async claimList(
      m: MerchantRow,
      memberId: number,
      locale: Locale,
      q: { pageNo: number; pageSize: number; startTime?: number; endTime?: number; status?: ClaimStatus },
    ) {
      const { rows, total } = await repo.claimPage({
        memberId,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        ...(q.startTime === undefined ? {} : { from: new Date(q.startTime) }),
        ...(q.endTime === undefined ? {} : { to: new Date(q.endTime) }),
        ...(q.status === undefined ? {} : { status: q.status }),
      })
      return {
        list: rows.map((r) => claimView(r.claim, { titles: r.titles, category: r.category }, locale, m)),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      }
    },

    /** Joins a sign-up promotion for the current period. */
    async signUp(m: MerchantRow, memberId: number, locale: Locale, promotionId: number, run: Run) {
      return run(async (tx) => {
        const me = await memberOrThrow(memberId, tx)
        const p = await listedOrThrow(m, promotionId, tx)
        if (p.claimMode !== 'signUp') throw new AppError('promotion_wrong_mode', 'not a sign-up promotion')
        const at = now()
        openOrThrow(p, me, at)
        const c = await repo.insertClaim(
          {
            promotionId: p.id,
            merchantCode: m.code,
            memberId,
            period: periodOf(p.frequency, m.timeZone, at).key,
            status: 'signedUp',
            createdAt: at,
          },
          tx,
        )
        if (!c) throw already()
        return answer(m, p, c, locale, null)
      })
    },

    /**
     * Claims a promotion the member may take with one tap now: a claim-mode one (the daily
     * login, the newbie bonus, the app-download reward, a rescue), or a sign-up one it has
     * qualified for. `installed`: how the page runs, for the app-download reward.
     */
    async claim(
      m: MerchantRow,
      memberId: number,
      locale: Locale,
      promotionId: number,
      run: Run,
      installed?: boolean,
    ) {
      return run(async (tx) => {
        const me = await memberOrThrow(memberId, tx)
        const p = await listedOrThrow(m, promotionId, tx)
        const at = now()
        const period = periodOf(p.frequency, m.timeZone, at)
        if (p.claimMode === 'signUp') {
          const [mine] = await repo.claimsFor(memberId, [p.id], [period.key], tx)
          if (!mine || mine.status !== 'signedUp') {
            if (mine) throw already()
            throw new AppError('promotion_not_eligible', 'join it first', { reason: 'notSignedUp' })
          }
          openOrThrow(p, me, at)
          const target = BigInt(p.eligibility.qualifyValidBets ?? 0)
          const done = await repo.validBetsBetween(
            memberId,
            wallDate(m.timeZone, mine.createdAt),
            lastDay,
            tx,
          )
          if (done < target) {
            throw new AppError('promotion_not_eligible', 'not qualified yet', {
              target: minorToMoney(target, currencyOf(m)),
              done: minorToMoney(done, currencyOf(m)),
            })
          }
          const amount = rewardOf(p.rule, {})
          if (amount <= 0n) throw new AppError('promotion_nothing_to_claim', 'nothing to claim')
          const c = await repo.moveClaim(
            mine.id,
            'signedUp',
            { status: 'claimed', amount, base: done, claimedAt: at },
            tx,
            memberId,
          )
          if (!c) throw already()
          const balance = await credit(tx, m, p, c, amount, 0n, 'member')
          return answer(m, p, c, locale, balance)
        }
        if (p.claimMode !== 'claim') throw new AppError('promotion_wrong_mode', 'not claimed with a tap')
        openOrThrow(p, me, at)
        if (p.eligibility.installed && !installed) {
          throw new AppError('promotion_not_eligible', 'open the app from the home screen', {
            reason: 'notInstalled',
          })
        }
        const { amount, base } = await computedReward(m, p, memberId, tx)
        if (amount <= 0n) throw new AppError('promotion_nothing_to_claim', 'nothing to claim')
        const c = await repo.insertClaim(
          {
            promotionId: p.id,
            merchantCode: m.code,
            memberId,
            period: period.key,
            status: 'claimed',
            amount,
            base,
            createdAt: at,
            claimedAt: at,
          },
          tx,
        )
        if (!c) throw already()
        const balance = await credit(tx, m, p, c, amount, 0n, 'member')
        return answer(m, p, c, locale, balance)
      })
    },

    /** Claims a reward the platform issued to this member (the reward centre's one tap). */
    async claimIssued(m: MerchantRow, memberId: number, locale: Locale, claimId: number, run: Run) {
      return run(async (tx) => {
        await memberOrThrow(memberId, tx)
        const at = now()
        const c = await repo.moveClaim(claimId, 'issued', { status: 'claimed', claimedAt: at }, tx, memberId)
        if (!c) {
          const seen = await repo.claim(claimId, tx)
          // Another member's claim answers as a missing one.
          if (!seen || seen.memberId !== memberId) {
            throw new AppError('promotion_nothing_to_claim', 'nothing issued to claim')
          }
          throw already()
        }
        const p = await listedOrThrow(m, c.promotionId, tx)
        const balance = await credit(tx, m, p, c, c.amount ?? 0n, 0n, 'member')
        return answer(m, p, c, locale, balance)
      })
    },

    /**
     * A promo code: a wrong, expired, not started or used-up code answers alike
     * (promo_code_invalid), so a burst of guesses learns nothing; the handler throttles them.
     */
    async claimCode(m: MerchantRow, memberId: number, locale: Locale, code: string, run: Run) {
      const wanted = code.trim().toUpperCase()
      return run(async (tx) => {
        const me = await memberOrThrow(memberId, tx)
        const p = wanted ? await repo.byCode(m.code, wanted, tx) : undefined
        const invalid = () => new AppError('promo_code_invalid', 'no such code')
        if (!p || isUnlisted(p) || p.claimMode !== 'promoCode') throw invalid()
        const at = now()
        if (at < p.startsAt || closedReason(p, null, at)) throw invalid()
        const reason = closedReason(p, { joinedAt: me.createdAt }, at)
        if (reason) throw new AppError('promotion_not_eligible', 'not eligible', { reason })
        if (p.codeUses !== null) {
          // The uses are counted under the promotion's lock: parallel members cannot pass the limit.
          await repo.lock(p.id, tx)
          if ((await repo.claimCount(p.id, tx)) >= p.codeUses) throw invalid()
        }
        const amount = rewardOf(p.rule, {})
        if (amount <= 0n) throw new AppError('promotion_nothing_to_claim', 'nothing to claim')
        const c = await repo.insertClaim(
          {
            promotionId: p.id,
            merchantCode: m.code,
            memberId,
            period: periodOf(p.frequency, m.timeZone, at).key,
            status: 'claimed',
            amount,
            createdAt: at,
            claimedAt: at,
          },
          tx,
        )
        if (!c) throw already()
        const balance = await credit(tx, m, p, c, amount, 0n, 'member')
        return answer(m, p, c, locale, balance)
      })
    },

    /** The apply form: checked before anything is stored; the operator decides later. */
    async apply(
      m: MerchantRow,
      memberId: number,
      locale: Locale,
      input: { promotionId: number; remark: string; images: readonly ImageUpload[] },
      run: Run,
    ) {
      const remark = input.remark.trim()
      if (remarkLength(remark) > maxRemarkLength) {
        throw new AppError('remark_too_long', 'the remark is too long', { max: maxRemarkLength })
      }
      if (input.images.length > maxApplyImages) {
        throw new AppError('too_many_images', 'too many images', { max: maxApplyImages })
      }
      const cleaned: CleanImage[] = []
      for (const i of input.images) cleaned.push(await cleanImage(i))
      return run(async (tx) => {
        const me = await memberOrThrow(memberId, tx)
        const p = await listedOrThrow(m, input.promotionId, tx)
        if (p.claimMode !== 'apply') throw new AppError('promotion_wrong_mode', 'not an apply promotion')
        const at = now()
        openOrThrow(p, me, at)
        const period = periodOf(p.frequency, m.timeZone, at).key
        const [mine] = await repo.claimsFor(memberId, [p.id], [period], tx)
        if (mine) throw already()
        const images: number[] = []
        for (const img of cleaned) images.push(await storeImage(tx, memberId, img, at))
        const c = await repo.insertClaim(
          {
            promotionId: p.id,
            merchantCode: m.code,
            memberId,
            period,
            status: 'applying',
            remark,
            images,
            createdAt: at,
          },
          tx,
        )
        if (!c) throw already()
        return answer(m, p, c, locale, null)
      })
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

    /** The deposit bonuses the member may choose with a deposit of `amount` (minor units). */
    async depositOptions(m: MerchantRow, memberId: number, locale: Locale, amount: bigint | null) {
      const at = now()
      const me = await memberOrThrow(memberId)
      const list = (await repo.listed(m.code, at)).filter(
        (p) =>
          p.claimMode === 'auto' &&
          p.rule.kind === 'depositPercent' &&
          at >= p.startsAt &&
          closedReason(p, { joinedAt: me.createdAt }, at) === null,
      )
      const firstDone = list.some((p) => p.eligibility.firstDeposit)
        ? await repo.hasCreditedDeposit(memberId, null)
        : false
      const periods = [...new Set(list.map((p) => periodOf(p.frequency, m.timeZone, at).key))]
      const taken = new Set(
        (
          await repo.claimsFor(
            memberId,
            list.map((p) => p.id),
            periods,
          )
        ).map((c) => c.promotionId),
      )
      const c = currencyOf(m)
      return {
        list: list
          .filter((p) => !taken.has(p.id) && !(p.eligibility.firstDeposit && firstDone))
          .flatMap((p) =>
            p.rule.kind === 'depositPercent'
              ? [
                  {
                    id: p.id,
                    title: textOf(p.titles, locale, m),
                    bonus: minorToMoney(amount === null ? 0n : rewardOf(p.rule, { deposit: amount }), c),
                    minDeposit: minorToMoney(BigInt(p.rule.minDeposit), c),
                    cap: minorToMoney(BigInt(p.rule.cap), c),
                    rate: p.rule.rate,
                    turnover: p.turnover,
                  },
                ]
              : [],
          ),
      }
    },

    /**
     * Keeps the bonus the member chose with a deposit, in the deposit's transaction: refused
     * now (not when the money arrives) if the promotion is not one the member may choose.
     */
    async chooseForDeposit(
      tx: Tx,
      m: MerchantRow,
      memberId: number,
      depositId: number,
      amount: bigint,
      promotionId: number,
    ) {
      const me = await memberOrThrow(memberId, tx)
      const p = await listedOrThrow(m, promotionId, tx)
      if (p.claimMode !== 'auto' || p.rule.kind !== 'depositPercent') {
        throw new AppError('promotion_wrong_mode', 'not a deposit bonus')
      }
      openOrThrow(p, me, now())
      if (p.eligibility.firstDeposit && (await repo.hasCreditedDeposit(memberId, null, tx))) {
        throw new AppError('promotion_not_eligible', 'for a first deposit only', {
          reason: 'notFirstDeposit',
        })
      }
      if (rewardOf(p.rule, { deposit: amount }) <= 0n) {
        throw new AppError('promotion_not_eligible', 'the deposit is below the minimum', {
          minDeposit: minorToMoney(BigInt(p.rule.minDeposit), currencyOf(m)),
        })
      }
      await repo.chooseForDeposit(depositId, p.id, tx)
    },

    /**
     * In the transaction that credits a deposit: the bonus the member chose with it, if it
     * still applies (the promotion open, the period's bonus not taken, a first deposit still
     * the first). A bonus that no longer applies is left out; the deposit is credited alike.
     */
    async onDepositCredited(
      tx: Tx,
      m: MerchantRow,
      d: { id: number; memberId: number; amount: bigint },
    ): Promise<void> {
      const promotionId = await repo.chosenForDeposit(d.id, tx)
      if (promotionId === undefined) return
      const p = await repo.byId(m.code, promotionId, tx)
      const me = await repo.member(d.memberId, tx)
      if (!p || !me || p.rule.kind !== 'depositPercent') return
      const at = now()
      if (at < p.startsAt || closedReason(p, { joinedAt: me.createdAt }, at)) return
      if (p.eligibility.firstDeposit && (await repo.hasCreditedDeposit(d.memberId, d.id, tx))) return
      const amount = rewardOf(p.rule, { deposit: d.amount })
      if (amount <= 0n) return
      const c = await repo.insertClaim(
        {
          promotionId: p.id,
          merchantCode: m.code,
          memberId: d.memberId,
          period: periodOf(p.frequency, m.timeZone, at).key,
          status: 'claimed',
          amount,
          base: d.amount,
          depositId: d.id,
          createdAt: at,
          claimedAt: at,
          decidedBy: 'system',
        },
        tx,
      )
      if (!c) return
      await credit(tx, m, p, c, amount, d.amount, 'system')
      await notice(tx, {
        memberId: d.memberId,
        kind: 'promotion_credited',
        amount,
        reference: claimReference(c.id),
      })
    },
  }
}

export type PromotionService = ReturnType<typeof createPromotionService>
