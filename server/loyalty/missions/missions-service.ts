/**
 * The missions a member sees and claims (decision 030, section 4): the summary with each
 * mission's state, the sign-in strip and the badge's count; the rules; the milestones; the
 * week's leaderboard; and the claim. A claim is one transaction: the claim row (its unique
 * key per mission, member, period and tier is the limit), then the reward: points by the
 * points book (`MISSION`, reference `mission-claim:<id>`), bonus or cash by the promotion
 * engine's `give` on the mission's unlisted backing promotion, without a notice.
 */
import type { Locale } from '#contract/locales'
import type {
  Leaderboard,
  Milestones,
  Mission,
  MissionClaimed,
  MissionReward,
  MissionSummary,
  SignIn,
} from '#contract/missions'
import { minorToMoney } from '#contract/money'
import { pointsOf } from '#contract/points-values'
import { periodAt, wallDate } from '../../contracts/periods'
import { localName } from '../../db/localized'
import { AppError } from '../../http/errors'
import { currencyOf, type MerchantRow } from '../../money/common'
import { maskUsername } from '../../play/winners'
import type { Tx } from '../../plugins/external/db'
import { currentPeriod, periodOf, previousPeriod, rewardOf } from '../../promotions/engine'
import type { PromotionRepository } from '../../promotions/promotions-repository'
import type { PromotionService } from '../../promotions/promotions-service'
import type { PointsLedger } from '../points/points-ledger'
import type { MissionClaimRow, MissionRepository, MissionRow } from './missions-repository'
import { dayBefore, missionClosedReason, missionStateOf, streakDayAfter } from './state'

export interface MissionDeps {
  repo: MissionRepository
  points: PointsLedger
  promotions: Pick<PromotionService, 'give'>
  promotionRepo: Pick<PromotionRepository, 'byId'>
  now: () => Date
}

type Run = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>
type Member = NonNullable<Awaited<ReturnType<MissionRepository['member']>>>

export const missionClaimReference = (id: number) => `mission-claim:${id}`

/** How long an ended mission is still shown (as closed). */
const endedShownMs = 3 * 86_400_000
/** The leaderboard's length and how long a brand's board is kept. */
export const leaderboardSize = 50
const boardTtlMs = 60_000

/** What a mission pays now and whether it is done, from the member's facts. */
interface Progress {
  claimed: boolean
  done: boolean
  rewardNow?: bigint
  amount: bigint
  progress: { done: string; target: string } | null
}

export function createMissionService(deps: MissionDeps) {
  const { repo, points, promotions, promotionRepo, now } = deps
  const boards = new Map<string, { at: number; rows: Awaited<ReturnType<MissionRepository['board']>> }>()

  const textOf = (texts: Record<string, string>, locale: Locale, m: MerchantRow) =>
    localName(texts, '', locale, m.defaultLanguage)

  function rewardView(mission: MissionRow, units: bigint, m: MerchantRow): MissionReward {
    return {
      kind: mission.rewardKind,
      amount: mission.rewardKind === 'points' ? pointsOf(units) : minorToMoney(units, currencyOf(m)),
    }
  }

  async function memberOrThrow(memberId: number): Promise<Member> {
    const me = await repo.member(memberId)
    if (!me) throw new AppError('CUSTOMER_NOT_LOGIN', 'log in first')
    return me
  }

  /** The member's progress on one mission now; `claims` holds this period's (and yesterday's). */
  async function progressOf(
    mission: MissionRow,
    me: Member,
    m: MerchantRow,
    claims: readonly MissionClaimRow[],
    at: Date,
  ): Promise<Progress & { signIn?: SignIn }> {
    const tz = m.timeZone
    const period = periodOf(mission.frequency, tz, at)
    const mine = claims.filter((c) => c.missionId === mission.id && c.period === period.key)
    const rule = mission.rule
    switch (rule.kind) {
      case 'signIn': {
        const today = mine.find((c) => c.step === 0)
        const yesterday = claims.find((c) => c.missionId === mission.id && c.period === dayBefore(period.key))
        const day = today?.streakDay ?? streakDayAfter(yesterday?.streakDay ?? null)
        const signIn: SignIn = {
          missionId: mission.id,
          today: day,
          checkedInToday: today !== undefined,
          days: rule.days.map((units, i) => ({
            day: i + 1,
            reward: rewardView(mission, BigInt(units), m),
            checkedIn: i + 1 < day || (i + 1 === day && today !== undefined),
          })),
          nextAt: (period.end ?? at).getTime(),
        }
        return {
          claimed: today !== undefined,
          done: true,
          amount: BigInt(rule.days[day - 1] ?? 0),
          progress: null,
          signIn,
        }
      }
      case 'newbie': {
        const done = mission.goal !== null && mission.goal !== 'appInstalled' && me[mission.goal]
        return {
          claimed: mine.length > 0,
          done,
          amount: BigInt(rule.reward),
          progress: { done: done ? '1' : '0', target: '1' },
        }
      }
      case 'rescue': {
        const before = previousPeriod('daily', tz, at)
        const { loss } = await repo.figures(me.id, before.from, before.to)
        const amount = rewardOf({ ...rule, kind: 'lossPercent' }, { loss })
        return { claimed: mine.length > 0, done: amount > 0n, rewardNow: amount, amount, progress: null }
      }
      case 'milestone': {
        const validBets = await milestoneBets(mission, me.id, tz, at)
        const taken = new Set(mine.map((c) => c.step))
        const next = rule.tiers.findIndex((t, i) => !taken.has(i))
        const ready = rule.tiers.some((t, i) => !taken.has(i) && validBets >= BigInt(t.turnover))
        const tier = rule.tiers[next === -1 ? rule.tiers.length - 1 : next]
        const c = currencyOf(m)
        return {
          claimed: next === -1,
          done: ready,
          amount: BigInt(tier?.reward ?? 0),
          progress: {
            done: minorToMoney(validBets, c),
            target: minorToMoney(BigInt(tier?.turnover ?? 0), c),
          },
        }
      }
    }
  }

  async function milestoneBets(mission: MissionRow, memberId: number, tz: string, at: Date) {
    if (mission.frequency === 'once') return 0n
    const p = currentPeriod(mission.frequency, tz, at)
    return (await repo.figures(memberId, p.from, wallDate(tz, at))).validBet
  }

  /** This period's keys of every mission, and yesterday's (the sign-in's streak). */
  function periodKeys(list: readonly MissionRow[], tz: string, at: Date): string[] {
    const keys = new Set(list.map((x) => periodOf(x.frequency, tz, at).key))
    keys.add(dayBefore(wallDate(tz, at)))
    return [...keys]
  }

  return {
    async summary(m: MerchantRow, memberId: number, locale: Locale): Promise<MissionSummary> {
      const at = now()
      const me = await memberOrThrow(memberId)
      const list = await repo.shown(m.code, new Date(at.getTime() - endedShownMs))
      const claims = await repo.claimsOf(
        memberId,
        list.map((x) => x.id),
        periodKeys(list, m.timeZone, at),
      )
      let signIn: SignIn | null = null
      const views: Mission[] = []
      for (const mission of list) {
        const p = await progressOf(mission, me, m, claims, at)
        const period = periodOf(mission.frequency, m.timeZone, at)
        const d = missionStateOf(mission, { joinedAt: me.createdAt, ...p }, period, at)
        if (p.signIn && !signIn) signIn = p.signIn
        views.push({
          id: mission.id,
          kind: mission.kind,
          goal: mission.goal,
          frequency: mission.frequency,
          title: textOf(mission.titles, locale, m),
          imageUrl: mission.imageUrl,
          state: d.state,
          reason: d.reason,
          progress: p.progress,
          reward: rewardView(mission, p.amount, m),
          turnover: mission.turnover,
          score: mission.score,
          changesAt: d.changesAt ? d.changesAt.getTime() : null,
        })
      }
      return {
        list: views,
        signIn,
        claimable: views.filter((v) => v.state === 'claim').length,
        timeZone: m.timeZone,
      }
    },

    async rules(m: MerchantRow, missionId: number, locale: Locale) {
      const mission = await repo.byId(m.code, missionId)
      if (!mission) throw new AppError('mission_not_found', 'no such mission')
      return {
        missionId: mission.id,
        title: textOf(mission.titles, locale, m),
        rules: textOf(mission.rules, locale, m),
      }
    },

    async milestones(m: MerchantRow, memberId: number, locale: Locale): Promise<Milestones> {
      const at = now()
      const list = (await repo.shown(m.code, at)).filter(
        (x) =>
          x.rule.kind === 'milestone' && x.frequency !== 'once' && missionClosedReason(x, null, at) === null,
      )
      const claims = await repo.claimsOf(
        memberId,
        list.map((x) => x.id),
        periodKeys(list, m.timeZone, at),
      )
      const c = currencyOf(m)
      const out: Milestones['list'] = []
      for (const mission of list) {
        if (mission.rule.kind !== 'milestone') continue
        const period = periodOf(mission.frequency, m.timeZone, at)
        const bets = await milestoneBets(mission, memberId, m.timeZone, at)
        const taken = new Set(
          claims.filter((x) => x.missionId === mission.id && x.period === period.key).map((x) => x.step),
        )
        out.push({
          missionId: mission.id,
          title: textOf(mission.titles, locale, m),
          frequency: mission.frequency,
          period: period.key,
          endsAt: period.end ? period.end.getTime() : null,
          validBets: minorToMoney(bets, c),
          tiers: mission.rule.tiers.map((t, step) => ({
            step,
            turnover: minorToMoney(BigInt(t.turnover), c),
            reward: rewardView(mission, BigInt(t.reward), m),
            state: taken.has(step) ? 'claimed' : bets >= BigInt(t.turnover) ? 'claim' : 'inProgress',
          })),
        })
      }
      return { list: out }
    },

    /** The brand's week: the top 50 masked, and the caller's rank and score. Kept 60 s per brand. */
    async leaderboard(m: MerchantRow, memberId: number): Promise<Leaderboard> {
      const at = now()
      const week = periodOf('weekly', m.timeZone, at)
      const key = `${m.code}:${week.key}`
      let board = boards.get(key)
      if (!board || at.getTime() - board.at >= boardTtlMs) {
        const span = periodAt('week', m.timeZone, at)
        board = { at: at.getTime(), rows: await repo.board(m.code, span.start, span.end) }
        boards.set(key, board)
      }
      const rows = board.rows
      const mine = rows.findIndex((r) => r.memberId === memberId)
      return {
        period: week.key,
        list: rows.slice(0, leaderboardSize).map((r, i) => ({
          rank: i + 1,
          account: maskUsername(r.username),
          score: r.score,
        })),
        me: { rank: mine === -1 ? null : mine + 1, score: mine === -1 ? 0 : (rows[mine]?.score ?? 0) },
      }
    },

    /** Checks in (the sign-in) or claims a done mission; a milestone's tier by `step`. */
    async claim(
      m: MerchantRow,
      memberId: number,
      input: { missionId: number; step?: number; installed?: boolean },
      run: Run,
    ): Promise<MissionClaimed> {
      const mission = await repo.byId(m.code, input.missionId)
      if (!mission) throw new AppError('mission_not_found', 'no such mission')
      const me = await memberOrThrow(memberId)
      const openAt = (at: Date) => {
        if (at < mission.startsAt) throw new AppError('mission_closed', 'not started yet')
        const closed = missionClosedReason(mission, me.createdAt, at)
        if (closed) throw new AppError('mission_closed', 'closed', { reason: closed })
        return { at, period: periodOf(mission.frequency, m.timeZone, at) }
      }
      // A check-in reads its instant under the member's lock, in its transaction (below).
      const early = mission.rule.kind === 'signIn' ? null : openAt(now())
      const earlyAt = (): Date => {
        if (!early) throw new Error('a check-in reads its instant in its transaction')
        return early.at
      }
      const rule = mission.rule
      const step = rule.kind === 'milestone' ? (input.step ?? 0) : 0
      let amount = 0n
      let base: bigint | null = null
      switch (rule.kind) {
        case 'signIn':
          break
        case 'newbie': {
          const done =
            mission.goal === 'appInstalled'
              ? input.installed === true
              : mission.goal !== null && me[mission.goal]
          if (!done) throw new AppError('mission_not_done', 'not done yet', { done: '0', target: '1' })
          amount = BigInt(rule.reward)
          break
        }
        case 'rescue': {
          const before = previousPeriod('daily', m.timeZone, earlyAt())
          base = (await repo.figures(memberId, before.from, before.to)).loss
          amount = rewardOf({ ...rule, kind: 'lossPercent' }, { loss: base })
          if (amount <= 0n)
            throw new AppError('mission_closed', 'nothing to claim', { reason: 'nothingToClaim' })
          break
        }
        case 'milestone': {
          const tier = rule.tiers[step]
          if (!tier) throw new AppError('mission_not_found', 'no such tier')
          const bets = await milestoneBets(mission, memberId, m.timeZone, earlyAt())
          if (bets < BigInt(tier.turnover)) {
            const c = currencyOf(m)
            throw new AppError('mission_not_done', 'tier not reached', {
              done: minorToMoney(bets, c),
              target: minorToMoney(BigInt(tier.turnover), c),
            })
          }
          amount = BigInt(tier.reward)
          break
        }
      }
      // Accounts and the backing promotion before the transaction (PGlite has one connection).
      const pointsKind = mission.rewardKind === 'points'
      const accounts = pointsKind
        ? {
            member: await points.memberAccount(m.code, memberId),
            house: await points.houseAccount(m.code, 'points_issued', memberId),
          }
        : null
      const backing =
        !pointsKind && mission.promotionId !== null
          ? await promotionRepo.byId(m.code, mission.promotionId)
          : undefined
      if (!pointsKind && !backing) throw new Error(`mission ${mission.id} has no backing promotion`)

      return run(async (tx) => {
        let streakDay: number | null = null
        let when = early
        if (rule.kind === 'signIn') {
          // One check-in of a member at a time, its brand day and yesterday both taken from
          // one instant read under the lock: a check-in just after the brand's midnight waits
          // for one just before it to commit, and then sees it (never a streak reset by a
          // day's claim still in flight, nor by a clock read before another's commit).
          await repo.lockCheckIn(memberId, tx)
          when = openAt(now())
          const y = await repo.claimOn(mission.id, memberId, dayBefore(when.period.key), tx)
          streakDay = streakDayAfter(y?.streakDay ?? null)
          amount = BigInt(rule.days[streakDay - 1] ?? 0)
        }
        if (!when) throw new Error('no instant for the claim')
        const { at, period } = when
        const c = await repo.insertClaim(
          {
            missionId: mission.id,
            memberId,
            merchantCode: m.code,
            period: period.key,
            step,
            streakDay,
            points: pointsKind ? amount : 0n,
            amount: pointsKind ? 0n : amount,
            score: mission.score,
            claimedAt: at,
          },
          tx,
        )
        if (!c) throw new AppError('mission_already_claimed', 'already claimed for this period')
        let after: bigint | null = null
        if (accounts && amount > 0n) {
          const posted = await points.post(tx, {
            merchantCode: m.code,
            type: 'MISSION',
            memberId,
            reference: missionClaimReference(c.id),
            memo: textOf(mission.titles, 'en', m),
            actor: 'member',
            at,
            postings: [
              { accountId: accounts.house, amount: -amount },
              { accountId: accounts.member, amount },
            ],
          })
          after = posted.balances.get(accounts.member) ?? 0n
          await repo.setPaid(c.id, { pointTransactionId: posted.transactionId }, tx)
        } else if (accounts) {
          after = await points.balance(tx, accounts.member)
        } else if (backing && amount > 0n) {
          const key = `${period.key}:${step}`
          await promotions.give(tx, m, backing, memberId, key, amount, base, null)
          const claimId = await repo.promotionClaimOf(backing.id, memberId, key, tx)
          if (claimId !== undefined) await repo.setPaid(c.id, { promotionClaimId: claimId }, tx)
        }
        return {
          claim: {
            id: c.id,
            missionId: mission.id,
            step,
            streakDay,
            reward: rewardView(mission, amount, m),
          },
          points: after === null ? null : pointsOf(after),
        }
      })
    },
  }
}

export type MissionService = ReturnType<typeof createMissionService>
