/**
 * The raffle (decision 028): members join a period of a raffle promotion; their tickets are
 * their valid bets of the period (brand days) over the ticket's price, derived until the
 * draw; the period's draw is committed (SHA-256 of a fresh seed) when its row is first
 * needed and drawn once, after the period and the raffle's delay, in one transaction under
 * the draw row's lock: tickets frozen and numbered, winners drawn from the seed
 * (raffle-draw.ts), credited through the promotion engine, the seed published.
 */
import type { Locale } from '#contract/locales'
import { minorToMoney } from '#contract/money'
import type { RaffleStatus } from '#contract/raffle'
import { numberTickets, type DrawnWinner } from '#contract/raffle-draw'
import { wallDate } from '../contracts/periods'
import type { RafflePrize } from '../db/schema/raffles'
import { AppError } from '../http/errors'
import { commitmentOf, newSeed } from '../lottery/rng'
import { currencyOf, type MerchantRow } from '../money/common'
import { raffleWonReason } from '../notify/notice-text'
import { maskUsername } from '../play/winners'
import type { Db, Tx } from '../plugins/external/db'
import { closedReason, periodOf } from './engine'
import type { PromotionRepository, PromotionRow } from './promotions-repository'
import type { PromotionService } from './promotions-service'
import { drawWinners } from './raffle-draw'
import type { DrawRow, RaffleRepository, RaffleRow } from './raffle-repository'
import { isUnlisted, raffleDefaults, raffleTemplate, raffleTemplateName } from './templates'

export interface RaffleDeps {
  db: Db
  repo: RaffleRepository
  promotionRepo: PromotionRepository
  promotions: Pick<PromotionService, 'give'>
  now: () => Date
}

type Run = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>
type Ex = Db | Tx

export interface DrawOutcome {
  promotionId: number
  period: string
  /** False when it had been drawn already (by another run). */
  drawn: boolean
  totalTickets: number
  winners: (DrawnWinner & { username: string })[]
  seed: string
  commitment: string
}

const minuteMs = 60_000

export interface RaffleOptions {
  startsAt?: Date
  endsAt?: Date | null
  ticketValidBets?: bigint
  prizes?: { rank: number; amount: number; count: number }[]
  drawDelayMinutes?: number
  titles?: Partial<Record<Locale, string>>
}

/** The longest wait after a week before its draw: a day. */
export const maxDrawDelayMinutes = 1440
/** The most prizes one draw gives (every count added). */
export const maxRafflePrizes = 1000

/** The rules without figures, for a raffle with its own price and prizes. */
const raffleContents: Record<Locale, string> = {
  en: '<p>Tap Join. Your valid bets this week earn tickets: the more you play, the more tickets you hold. After the week the prizes are drawn among the members who joined, from a seed fixed before the week began. Anyone can check the draw.</p>',
  km: '<p>ចុចចូលរួម។ ការភ្នាល់ត្រឹមត្រូវរបស់អ្នកក្នុងសប្តាហ៍នេះផ្តល់សំបុត្រ៖ លេងកាន់តែច្រើន សំបុត្រកាន់តែច្រើន។ បន្ទាប់ពីសប្តាហ៍ រង្វាន់ត្រូវបានចាប់ក្នុងចំណោមសមាជិកដែលបានចូលរួម ពីគ្រាប់ពូជដែលបានកំណត់មុនសប្តាហ៍ចាប់ផ្តើម។ អ្នកណាក៏អាចពិនិត្យការចាប់ឆ្នោតបាន។</p>',
  zh: '<p>点击参加。本周的有效投注可获得抽奖券：玩得越多，券越多。本周结束后，从参加的会员中开奖，所用种子在本周开始前已确定。任何人都可以验证开奖结果。</p>',
  th: '<p>แตะเข้าร่วม ยอดเดิมพันที่ถูกต้องของคุณในสัปดาห์นี้ได้รับตั๋ว ยิ่งเล่นมาก ยิ่งมีตั๋วมาก หลังจบสัปดาห์ จะจับรางวัลจากสมาชิกที่เข้าร่วม ด้วยค่าสุ่มที่กำหนดไว้ก่อนสัปดาห์เริ่ม ทุกคนตรวจสอบผลได้</p>',
  vi: '<p>Chạm Tham gia. Cược hợp lệ của bạn trong tuần này mang lại vé: chơi càng nhiều, càng nhiều vé. Sau tuần, giải thưởng được quay giữa các thành viên đã tham gia, từ một hạt giống cố định trước khi tuần bắt đầu. Ai cũng có thể kiểm tra kết quả.</p>',
}

/** Refuses settings a draw could not run with: no ticket price, ranks not 1, 2, 3…, no prize. */
function checkSettings(opts: RaffleOptions, prizes: readonly RafflePrize[], startsAt: Date) {
  const bad = (message: string) => new AppError('validation_failed', message)
  if (opts.ticketValidBets !== undefined && opts.ticketValidBets <= 0n)
    throw bad('a ticket costs more than zero in valid bets')
  if (prizes.length === 0) throw bad('a raffle needs at least one prize')
  const ranks = prizes.map((x) => x.rank).sort((a, b) => a - b)
  if (ranks.some((r, i) => r !== i + 1)) throw bad('the ranks are 1, 2, 3… each once')
  for (const x of prizes) {
    if (!Number.isSafeInteger(x.amount) || x.amount <= 0) throw bad(`rank ${x.rank}: the prize is above zero`)
    if (!Number.isInteger(x.count) || x.count < 1) throw bad(`rank ${x.rank}: at least one prize`)
  }
  if (prizes.reduce((n, x) => n + x.count, 0) > maxRafflePrizes)
    throw bad(`at most ${maxRafflePrizes} prizes in all`)
  const delay = opts.drawDelayMinutes
  if (delay !== undefined && (!Number.isInteger(delay) || delay < 0 || delay > maxDrawDelayMinutes))
    throw bad(`the draw delay is 0 to ${maxDrawDelayMinutes} minutes`)
  if (opts.endsAt && opts.endsAt <= startsAt) throw bad('the end comes after the start')
}

export function createRaffleService(deps: RaffleDeps) {
  const { db, repo, promotionRepo, now } = deps

  async function raffleOrThrow(m: MerchantRow, promotionId: number, ex: Ex) {
    const p = await promotionRepo.byId(m.code, promotionId, ex)
    // Another area's backing promotion answers as a missing one (a guessed id learns nothing).
    if (!p || isUnlisted(p)) throw new AppError('promotion_not_found', 'no such promotion')
    const r = await repo.settings(p.id, ex)
    if (!r) throw new AppError('promotion_wrong_mode', 'not a raffle')
    return { p, r }
  }

  async function memberOrThrow(memberId: number, ex: Ex) {
    const me = await promotionRepo.member(memberId, ex)
    if (!me || me.type === 4) throw new AppError('in_need_true_account', 'a real account is needed')
    return me
  }

  /** The period `at` falls in: its key, last day and draw time. */
  function periodAt(m: MerchantRow, p: PromotionRow, r: RaffleRow, at: Date) {
    const period = periodOf(p.frequency, m.timeZone, at)
    const end = period.end ?? new Date(8.64e15)
    return {
      period: period.key,
      lastDay: wallDate(m.timeZone, new Date(end.getTime() - 1)),
      drawAt: new Date(end.getTime() + r.drawDelayMinutes * minuteMs),
    }
  }

  /** The period's draw row, committed now if it is the period's first need of it. */
  function ensureDraw(m: MerchantRow, p: PromotionRow, r: RaffleRow, at: Date, ex: Ex): Promise<DrawRow> {
    const seed = newSeed()
    return repo.ensureDraw(
      { promotionId: p.id, ...periodAt(m, p, r, at), seed, commitment: commitmentOf(seed), createdAt: at },
      ex,
    )
  }

  const ticketsOf = (validBets: bigint, r: RaffleRow) =>
    r.ticketValidBets > 0n && validBets > 0n ? Number(validBets / r.ticketValidBets) : 0

  async function liveEntries(d: DrawRow, r: RaffleRow, ex: Ex) {
    const rows = await repo.entriesWithBets(d.promotionId, d.period, d.period, d.lastDay, ex)
    return rows.map((e) => ({ ...e, tickets: ticketsOf(e.validBets, r) }))
  }

  async function statusOf(
    m: MerchantRow,
    p: PromotionRow,
    r: RaffleRow,
    memberId: number,
    ex: Ex,
  ): Promise<RaffleStatus> {
    const at = now()
    const c = currencyOf(m)
    const running = at >= p.startsAt && closedReason(p, null, at) === null
    let current: RaffleStatus['current'] = null
    if (running) {
      const d = await ensureDraw(m, p, r, at, ex)
      const entries = await liveEntries(d, r, ex)
      const mine = entries.find((e) => e.memberId === memberId)
      current = {
        period: d.period,
        joined: mine !== undefined,
        tickets: mine?.tickets ?? 0,
        totalTickets: entries.reduce((s, e) => s + e.tickets, 0),
        entrants: entries.length,
        drawAt: d.drawAt.getTime(),
        commitment: d.commitment,
      }
    }
    let last: RaffleStatus['last'] = null
    const drawn = await repo.lastDrawn(p.id, ex)
    if (drawn?.drawnAt) {
      const entries = await repo.frozen(p.id, drawn.period, ex)
      last = {
        period: drawn.period,
        drawnAt: drawn.drawnAt.getTime(),
        commitment: drawn.commitment,
        seed: drawn.seed,
        totalTickets: drawn.totalTickets ?? 0,
        winners: entries
          .filter((e) => e.rank !== null)
          .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || (a.winningTicket ?? 0) - (b.winningTicket ?? 0))
          .map((e) => ({
            rank: e.rank ?? 0,
            account: maskUsername(e.username),
            amount: minorToMoney(e.prize ?? 0n, c),
            ticket: e.winningTicket ?? 0,
            mine: e.memberId === memberId,
          })),
        entries: entries.map((e) => ({
          account: maskUsername(e.username),
          firstTicket: e.firstTicket ?? 0,
          tickets: e.tickets ?? 0,
          mine: e.memberId === memberId,
        })),
      }
    }
    return {
      promotionId: p.id,
      timeZone: m.timeZone,
      ticketValidBets: minorToMoney(r.ticketValidBets, c),
      prizes: [...r.prizes]
        .sort((a, b) => a.rank - b.rank)
        .map((x) => ({ rank: x.rank, amount: minorToMoney(BigInt(x.amount), c), count: x.count })),
      current,
      last,
    }
  }

  /** Entries numbered and winners drawn with `seed`: what the draw does, and the dry run shows. */
  async function outcomeOf(d: DrawRow, r: RaffleRow, seed: string, ex: Ex) {
    const entries = numberTickets(await liveEntries(d, r, ex))
    const holding = entries.flatMap((e) =>
      e.firstTicket === null
        ? []
        : [{ memberId: e.memberId, firstTicket: e.firstTicket, tickets: e.tickets }],
    )
    const winners = drawWinners(seed, d.promotionId, d.period, holding, r.prizes)
    const names = new Map(entries.map((e) => [e.memberId, e.username]))
    return {
      entries,
      totalTickets: holding.reduce((s, e) => s + e.tickets, 0),
      winners: winners.map((w) => ({ ...w, username: names.get(w.memberId) ?? '' })),
    }
  }

  const api = {
    /**
     * Makes a raffle: its promotion (template raffleTemplate) and its settings, amounts in
     * minor units; titles given replace the template's in their languages. A raffle with its
     * own ticket price or prizes gets the rules' text without the demo's figures (its panel
     * shows the real ones). Settings that could not run are refused (validation_failed).
     */
    async create(m: MerchantRow, opts: RaffleOptions, createdBy: string, ex: Ex = db): Promise<PromotionRow> {
      const t = raffleTemplate
      const unit = 10 ** m.currencyDecimals
      const prizes =
        opts.prizes ?? raffleDefaults.prizes.map((x) => ({ ...x, amount: Math.round(x.amount * unit) }))
      const at = now()
      checkSettings(opts, prizes, opts.startsAt ?? at)
      const first = prizes.find((x) => x.rank === 1)?.amount ?? 0
      const own = opts.prizes !== undefined || opts.ticketValidBets !== undefined
      const p = await promotionRepo.add(
        {
          merchantCode: m.code,
          template: raffleTemplateName,
          category: t.category,
          claimMode: t.claimMode,
          frequency: t.frequency,
          rule: { kind: 'fixed', amount: first },
          eligibility: t.eligibility,
          turnover: t.turnover,
          code: null,
          codeUses: null,
          titles: { ...t.titles, ...opts.titles },
          contents: own ? raffleContents : t.contents,
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
      await repo.add(
        {
          promotionId: p.id,
          ticketValidBets: opts.ticketValidBets ?? BigInt(Math.round(raffleDefaults.ticketValidBets * unit)),
          prizes,
          drawDelayMinutes: opts.drawDelayMinutes ?? raffleDefaults.drawDelayMinutes,
        },
        ex,
      )
      return p
    },

    async status(m: MerchantRow, memberId: number, promotionId: number): Promise<RaffleStatus> {
      await memberOrThrow(memberId, db)
      const { p, r } = await raffleOrThrow(m, promotionId, db)
      return statusOf(m, p, r, memberId, db)
    },

    /** Joins the current period (once; joining again answers the same). */
    async join(m: MerchantRow, memberId: number, promotionId: number, run: Run): Promise<RaffleStatus> {
      return run(async (tx) => {
        await memberOrThrow(memberId, tx)
        const { p, r } = await raffleOrThrow(m, promotionId, tx)
        const at = now()
        if (at < p.startsAt) {
          throw new AppError('promotion_not_started', 'this raffle has not started', {
            startsAt: p.startsAt.getTime(),
          })
        }
        const reason = closedReason(p, null, at)
        if (reason) throw new AppError('promotion_ended', 'this raffle is over', { reason })
        const d = await ensureDraw(m, p, r, at, tx)
        await repo.join({ promotionId: p.id, period: d.period, memberId, joinedAt: at }, tx)
        return statusOf(m, p, r, memberId, tx)
      })
    },

    /**
     * Draws a period, exactly once: under the draw row's lock, a period already drawn answers
     * `drawn: false` and changes nothing. Tickets are frozen, winners drawn from the committed
     * seed and credited through the promotion engine (once per member and period), and the
     * seed published, all in one transaction.
     */
    async draw(m: MerchantRow, promotionId: number, period: string): Promise<DrawOutcome> {
      return db.transaction(async (tx) => {
        const { p, r } = await raffleOrThrow(m, promotionId, tx)
        const d = await repo.lockDraw(p.id, period, tx)
        if (!d) throw new AppError('promotion_nothing_to_claim', `no one joined ${period}`)
        const base = { promotionId: p.id, period, seed: d.seed, commitment: d.commitment }
        if (d.drawnAt) {
          const entries = await repo.frozen(p.id, period, tx)
          return {
            ...base,
            drawn: false,
            totalTickets: d.totalTickets ?? 0,
            winners: entries.flatMap((e) =>
              e.rank === null
                ? []
                : [
                    {
                      memberId: e.memberId,
                      username: e.username,
                      rank: e.rank,
                      amount: Number(e.prize ?? 0n),
                      ticket: e.winningTicket ?? 0,
                    },
                  ],
            ),
          }
        }
        const at = now()
        if (d.drawAt > at) {
          throw new AppError('promotion_not_started', `the draw of ${period} is at ${d.drawAt.toISOString()}`)
        }
        const o = await outcomeOf(d, r, d.seed, tx)
        const won = new Map(o.winners.map((w) => [w.memberId, w]))
        for (const e of o.entries) {
          const w = won.get(e.memberId)
          await repo.freeze(
            p.id,
            period,
            {
              memberId: e.memberId,
              tickets: e.tickets,
              firstTicket: e.firstTicket,
              rank: w?.rank ?? null,
              winningTicket: w?.ticket ?? null,
              prize: w ? BigInt(w.amount) : null,
            },
            tx,
          )
        }
        for (const w of o.winners) {
          const told = {
            kind: 'raffle_won' as const,
            reason: raffleWonReason({ rank: w.rank, promotionId: p.id, titles: p.titles }),
          }
          await deps.promotions.give(tx, m, p, w.memberId, period, BigInt(w.amount), null, told)
        }
        await repo.publish(p.id, period, o.totalTickets, at, tx)
        return { ...base, drawn: true, totalTickets: o.totalTickets, winners: o.winners }
      })
    },

    /**
     * Who would win the period now with a throwaway seed (not the draw's, which stays
     * secret): for the operator to see the tickets and the prizes at work. Changes nothing.
     */
    async dryRun(m: MerchantRow, promotionId: number, period: string) {
      const { p, r } = await raffleOrThrow(m, promotionId, db)
      const d = await repo.draw(p.id, period)
      if (!d) throw new AppError('promotion_nothing_to_claim', `no one joined ${period}`)
      const seed = newSeed()
      return { seed, drawnAt: d.drawnAt, ...(await outcomeOf(d, r, seed, db)) }
    },

    /** Every brand's periods due: drawn one by one, each in its own transaction. */
    async drawDue(merchantOf: (code: string) => Promise<MerchantRow | undefined>, signal?: AbortSignal) {
      const done: DrawOutcome[] = []
      for (const due of await repo.due(now())) {
        if (signal?.aborted) break
        const m = await merchantOf(due.merchantCode)
        if (!m) continue
        done.push(await api.draw(m, due.promotionId, due.period))
      }
      return done
    },
  }
  return api
}

export type RaffleService = ReturnType<typeof createRaffleService>
