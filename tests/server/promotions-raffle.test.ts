/**
 * The raffle (decision 028) through its endpoints, its job and its commands: members join a
 * period once, their tickets follow their valid bets, the draw's commitment is shown before
 * and its seed after, anyone re-running the published derivation (the browser's check too)
 * gets the same winners, the winners are credited once whatever runs the draw and told of
 * their win in their language, the books reconcile, and the operator makes a raffle.
 */
import { createHash } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { successEnvelope } from '#contract/envelope'
import { InboxMessageSchema, inboxEndpoints } from '#contract/inbox'
import { locales, type Locale } from '#contract/locales'
import { PromotionListSchema, promotionEndpoints } from '#contract/promotions'
import { RaffleStatusSchema, raffleEndpoints as ep, type RaffleStatus } from '#contract/raffle'
import {
  fundNotices,
  operatorActions,
  promotionClaims,
  promotions,
  raffleEntries,
  raffles as raffleSettings,
} from '#server/db/schema'
import { raffleDrawJob } from '#server/jobs/raffle-draws'
import type { MerchantRow } from '#server/money/common'
import { noticeText, raffleWonReason } from '#server/notify/notice-text'
import { noticeUrl } from '#server/notify/push-service'
import { createPromotionRepository } from '#server/promotions/promotions-repository'
import { drawWinners } from '#server/promotions/raffle-draw'
import { createRaffleRepository } from '#server/promotions/raffle-repository'
import { createRaffleService, type RaffleService } from '#server/promotions/raffle-service'
import { merchantByCode } from '#server/system/brands-repository'
import { checkDraw } from '#src/features/promotions/raffle/verify.ts'
import { build, runOps, type TestServer } from '../build-server'
import { createClock, failureOf, plainCall, tokenOf, valueOf } from '../identity-helpers'
import { mainMinor, moneyCall, moneyMember, newKey, type MoneyMember } from '../money-helpers'
import { launched } from '../play-helpers'

let server: TestServer
let brand: MerchantRow
let raffles: RaffleService
let raffleId = 0
const clock = createClock()

beforeAll(async () => {
  server = await build({ now: clock.now })
  const m = await merchantByCode(server.db, server.config.MERCHANT_CODE)
  if (!m) throw new Error('no demo brand')
  brand = m
  raffles = createRaffleService({
    db: server.db,
    repo: createRaffleRepository(server.db),
    promotionRepo: createPromotionRepository(server.db),
    promotions: server.app.promotions,
    now: clock.now,
  })
  // A ticket per 1.00 of valid bets; 5.00, 2.00 and three of 0.50; drawn a minute after the week.
  const p = await raffles.create(
    brand,
    {
      startsAt: new Date(clock.now().getTime() - 1000),
      ticketValidBets: 100n,
      prizes: [
        { rank: 1, amount: 500, count: 1 },
        { rank: 2, amount: 200, count: 1 },
        { rank: 3, amount: 50, count: 3 },
      ],
      drawDelayMinutes: 1,
    },
    'test',
  )
  raffleId = p.id
})

afterAll(async () => {
  await server?.close()
})

async function status(m: MoneyMember): Promise<RaffleStatus> {
  const res = await plainCall(server, 'GET', `${ep.status.path}?promotionId=${raffleId}`, { token: m.token })
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(RaffleStatusSchema).parse(res.json()).value
}

const join = (m: MoneyMember) => moneyCall(server, m.token, ep.join.path, { promotionId: raffleId })

/** Spins the demo slot `n` times at 1.00: n settled bets of 1.00 valid each. */
async function play(m: MoneyMember, n: number) {
  const url = (await launched(server, m.token, { gameId: 'DSL-0002' })).content.game_url
  const s = new URLSearchParams(new URL(url, 'http://portal.test').hash.slice(1)).get('s') ?? ''
  for (let i = 0; i < n; i++) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/demo-vendor/api/slot/spin',
      headers: { 'content-type': 'application/json', origin: 'null' },
      payload: JSON.stringify({ s, bet: '100' }),
    })
    expect(res.json<{ ok: boolean }>().ok, res.body).toBe(true)
  }
}

const runJob = () =>
  raffleDrawJob(raffles, (code) => merchantByCode(server.db, code)).handler(
    {},
    { id: 'test', attempt: 1, signal: new AbortController().signal, log: server.app.log },
  )

describe('joining', () => {
  it('twenty joins at once make one entry, and the member shows as joined', async () => {
    const m = await moneyMember(server)
    const before = await status(m)
    expect(before.current).toMatchObject({ joined: false, tickets: 0 })
    const answers = await Promise.all(Array.from({ length: 20 }, () => join(m)))
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200))
    const rows = await server.db
      .select()
      .from(raffleEntries)
      .where(and(eq(raffleEntries.promotionId, raffleId), eq(raffleEntries.memberId, m.id)))
    expect(rows).toHaveLength(1)
    expect((await status(m)).current).toMatchObject({ joined: true, commitment: before.current?.commitment })
  })

  it('a visitor or a guest cannot join', async () => {
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const token = (guest.json() as { value: { token: string } }).value.token
    for (const t of [undefined, token]) {
      const res = await plainCall(server, 'POST', ep.join.path, {
        ...(t ? { token: t } : {}),
        body: { promotionId: raffleId },
        headers: { 'idempotency-key': newKey() },
      })
      expect(res.statusCode).toBeGreaterThanOrEqual(401)
      expect(res.statusCode).toBeLessThan(500)
    }
  })

  it('a promotion that is not a raffle, or none, is refused', async () => {
    const m = await moneyMember(server)
    const [daily] = await server.db.select().from(promotions).where(eq(promotions.template, 'dailyLogin'))
    const wrong = await moneyCall(server, m.token, ep.join.path, { promotionId: daily?.id ?? 0 })
    expect(failureOf(wrong).errorCode).toBe('promotion_wrong_mode')
    const none = await moneyCall(server, m.token, ep.join.path, { promotionId: 999_999 })
    expect(failureOf(none).errorCode).toBe('promotion_not_found')
  })
})

describe('the draw', () => {
  it('pays the joined members with tickets once, with a seed that matches its commitment and re-draws the same', async () => {
    const a = await moneyMember(server, '20.00')
    const b = await moneyMember(server, '20.00')
    const idle = await moneyMember(server)
    const outsider = await moneyMember(server, '20.00')
    for (const m of [a, b, idle]) expect((await join(m)).statusCode).toBe(200)
    await play(a, 3)
    await play(b, 5)
    await play(outsider, 6)
    const seenA = await status(a)
    expect(seenA.current).toMatchObject({ joined: true, tickets: 3 })
    expect((await status(b)).current?.tickets).toBe(5)
    expect((await status(outsider)).current).toMatchObject({ joined: false, tickets: 0 })
    const current = seenA.current
    if (!current) throw new Error('the raffle is not running')
    expect(current.commitment).toMatch(/^[0-9a-f]{64}$/)
    expect(current.totalTickets).toBeGreaterThanOrEqual(8)

    // Before its time the command refuses to draw, and its dry run keeps the seed secret.
    await expect(runOps(server, 'raffle', 'draw', String(raffleId), current.period)).rejects.toThrow(
      /the draw of .* is at /,
    )
    const dry = await runOps(server, 'raffle', 'draw', String(raffleId), current.period, '--dry-run')
    expect(dry).toMatch(/THROWAWAY seed/)

    const balances = new Map<number, bigint>()
    for (const m of [a, b, idle, outsider]) balances.set(m.id, await mainMinor(server, m.token))
    clock.advance(current.drawAt - clock.now().getTime() + 1000)
    // Two runs at once (two instances), then a rerun: one draw.
    await Promise.all([runJob(), runJob()])
    await runJob()
    // A week on, the sessions have ended: each logs in again.
    for (const m of [a, b, idle, outsider]) m.token = await tokenOf(server, m.username, 'lotus123')
    expect(await runOps(server, 'raffle', 'draw', String(raffleId), current.period)).toMatch(
      /was drawn already/,
    )

    const after = await status(a)
    const last = after.last
    if (!last) throw new Error('no draw published')
    expect(last.period).toBe(current.period)
    expect(last.commitment).toBe(current.commitment)
    expect(createHash('sha256').update(Buffer.from(last.seed, 'hex')).digest('hex')).toBe(current.commitment)
    expect(dry).not.toContain(last.seed)
    expect(last.totalTickets).toBe(last.entries.reduce((s, e) => s + e.tickets, 0))
    expect(last.entries.find((e) => e.mine)).toMatchObject({ tickets: 3 })

    // Anyone re-runs the derivation from what is published and gets the same winners.
    const redrawn = drawWinners(
      last.seed,
      raffleId,
      last.period,
      last.entries.map((e) => ({ memberId: e.firstTicket, firstTicket: e.firstTicket, tickets: e.tickets })),
      [
        { rank: 1, amount: 500, count: 1 },
        { rank: 2, amount: 200, count: 1 },
        { rank: 3, amount: 50, count: 3 },
      ],
    )
    expect(redrawn.map((w) => [w.rank, w.ticket])).toEqual(last.winners.map((w) => [w.rank, w.ticket]))

    // a and b both won (two members with tickets, five prizes), each once; the others did not.
    const won = await server.db
      .select()
      .from(promotionClaims)
      .where(eq(promotionClaims.promotionId, raffleId))
    expect(won.map((c) => c.memberId).sort()).toEqual([a.id, b.id].sort())
    expect(won.map((c) => c.amount).sort()).toEqual([200n, 500n])
    for (const c of won) {
      const m = c.memberId === a.id ? a : b
      expect(await mainMinor(server, m.token)).toBe((balances.get(m.id) ?? 0n) + (c.amount ?? 0n))
    }
    for (const m of [idle, outsider]) expect(await mainMinor(server, m.token)).toBe(balances.get(m.id))

    // Each winner is told of the win itself (not a generic credit), in their inbox and language.
    const notices = await server.db
      .select()
      .from(fundNotices)
      .where(inArray(fundNotices.memberId, [a.id, b.id, idle.id, outsider.id]))
    const wins = notices.filter((n) => n.kind === 'raffle_won')
    expect(wins.map((n) => n.memberId).sort()).toEqual([a.id, b.id].sort())
    expect(notices.filter((n) => n.kind === 'promotion_credited')).toEqual([])
    for (const [m, language] of [
      [a, 'EN'],
      [b, 'CN'],
    ] as const) {
      const c = won.find((x) => x.memberId === m.id)
      const rank = c?.amount === 500n ? 1 : 2
      const res = await plainCall(server, 'GET', inboxEndpoints.list.path, {
        token: m.token,
        headers: { language },
      })
      const [top] = valueOf(res, (v) => z.object({ list: z.array(z.unknown()) }).parse(v)).list.map((x) =>
        InboxMessageSchema.parse(x),
      )
      expect(top).toMatchObject({ type: 'raffle_won', url: `/promoDetail?id=${raffleId}` })
      expect(top?.body).toBe(
        language === 'EN'
          ? `You won rank ${rank} in Weekly raffle: $${rank === 1 ? '5.00' : '2.00'} is in your balance.`
          : `您在每周抽奖中获得第 ${rank} 名：$${rank === 1 ? '5.00' : '2.00'} 已存入您的余额。`,
      )
    }

    // The member's browser checks the published draw with WebCrypto and finds it sound.
    const checked = await checkDraw(raffleId, after.prizes, last)
    expect(checked).toMatchObject({ commitment: true, tickets: true, winners: true })
    expect(checked.derived).toEqual(last.winners.map(({ mine: _, ...w }) => w))
    expect((await status(b)).last?.winners.filter((w) => w.mine)).toHaveLength(1)
    expect((await status(idle)).last?.winners.some((w) => w.mine)).toBe(false)

    // The next period is committed afresh.
    expect(after.current?.period).not.toBe(current.period)
    expect(after.current?.commitment).not.toBe(current.commitment)
  })

  it('the books reconcile after the draw', async () => {
    await expect(runOps(server, 'reconcile')).resolves.toMatch(/./)
  })
})

describe('the derivation', () => {
  const seed = 'ab'.repeat(32)
  const prizes = [
    { rank: 2, amount: 200, count: 2 },
    { rank: 1, amount: 500, count: 1 },
  ]
  const entries = [
    { memberId: 7, firstTicket: 1, tickets: 10 },
    { memberId: 9, firstTicket: 11, tickets: 1 },
    { memberId: 12, firstTicket: 12, tickets: 40 },
  ]

  it('is the same on every run, gives prizes in rank order and each member at most one', () => {
    const once = drawWinners(seed, 3, '2026-11-23', entries, prizes)
    expect(drawWinners(seed, 3, '2026-11-23', entries, prizes)).toEqual(once)
    expect(once.map((w) => w.rank)).toEqual([1, 2, 2])
    expect(new Set(once.map((w) => w.memberId)).size).toBe(3)
    for (const w of once) {
      const e = entries.find((x) => x.memberId === w.memberId)
      expect(w.ticket).toBeGreaterThanOrEqual(e?.firstTicket ?? 0)
      expect(w.ticket).toBeLessThan((e?.firstTicket ?? 0) + (e?.tickets ?? 0))
    }
    expect(drawWinners(seed, 3, '2026-11-30', entries, prizes)).not.toEqual(once)
  })

  it('draws tickets uniformly: each of 3 tickets about a third of 3,000 draws', () => {
    const counts = [0, 0, 0]
    for (let i = 0; i < 3000; i++) {
      const [w] = drawWinners(
        seed,
        i,
        'p',
        [{ memberId: 1, firstTicket: 1, tickets: 3 }],
        [{ rank: 1, amount: 1, count: 1 }],
      )
      const t = (w?.ticket ?? 1) - 1
      counts[t] = (counts[t] ?? 0) + 1
    }
    for (const c of counts) expect(c).toBeGreaterThan(850)
  })

  it('draws nothing without tickets', () => {
    expect(drawWinners(seed, 1, 'p', [{ memberId: 1, firstTicket: 1, tickets: 0 }], prizes)).toEqual([])
  })
})

describe('the operator makes a raffle', () => {
  it('`raffle create` makes a running raffle with its price, prizes, delay and titles, audited, that members see as a raffle', async () => {
    const out = await runOps(
      server,
      'raffle',
      'create',
      '--ticket',
      '2.50',
      '--prizes',
      '1:10.00:1,2:3.00:2',
      '--delay',
      '15',
      '--title-en',
      'Lucky week',
      '--title-zh',
      '幸运周',
    )
    const id = Number(/made raffle #(\d+)/.exec(out)?.[1])
    expect(out).toContain('a ticket per 2.50 of valid bets')
    expect(out).toContain('rank 2 3.00 ×2')

    const [row] = await server.db.select().from(promotions).where(eq(promotions.id, id))
    expect(row).toMatchObject({ template: 'raffle', createdBy: 'operator:test-operator' })
    expect(row?.titles).toMatchObject({ en: 'Lucky week', zh: '幸运周', vi: 'Rút thăm hằng tuần' })
    const [settings] = await server.db.select().from(raffleSettings).where(eq(raffleSettings.promotionId, id))
    expect(settings).toEqual({
      promotionId: id,
      ticketValidBets: 250n,
      prizes: [
        { rank: 1, amount: 1000, count: 1 },
        { rank: 2, amount: 300, count: 2 },
      ],
      drawDelayMinutes: 15,
    })
    const [audit] = await server.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, `raffle #${id}`))
    expect(audit).toMatchObject({
      operator: 'test-operator',
      action: 'raffle create',
      before: null,
      after: { ticket: '2.50', prizes: ['rank 1 10.00 ×1', 'rank 2 3.00 ×2'], drawDelayMinutes: 15 },
    })

    // A member sees it as a raffle in the list, and its status with the operator's settings.
    const m = await moneyMember(server)
    const res = await plainCall(server, 'GET', promotionEndpoints.available.path, {
      token: m.token,
      headers: { language: 'EN' },
    })
    const listed = successEnvelope(PromotionListSchema).parse(res.json()).value.list
    expect(listed.find((p) => p.id === id)).toMatchObject({ kind: 'raffle', title: 'Lucky week' })
    expect(listed.filter((p) => p.kind === 'raffle').every((p) => p.category === 'others')).toBe(true)
    expect(listed.find((p) => p.kind === null)).toBeDefined()
    const seen = await plainCall(server, 'GET', `${ep.status.path}?promotionId=${id}`, { token: m.token })
    const st = successEnvelope(RaffleStatusSchema).parse(seen.json()).value
    expect(st).toMatchObject({
      ticketValidBets: '2.50',
      prizes: [
        { rank: 1, amount: '10.00', count: 1 },
        { rank: 2, amount: '3.00', count: 2 },
      ],
      timeZone: brand.timeZone,
      current: { joined: false, tickets: 0 },
    })
  })
})

describe('the win notice', () => {
  const reason = raffleWonReason({
    rank: 3,
    promotionId: 41,
    titles: { en: 'Weekly raffle', km: 'ឆ្នោតរង្វាន់ប្រចាំសប្តាហ៍', zh: '每周抽奖' },
  })
  const usd = { symbol: '$', decimals: 2 }

  it('names the rank, the raffle and the prize in each language, the raffle in English where it has no title', () => {
    const body = (l: Locale) => noticeText('raffle_won', l, 500n, usd, reason).body
    expect(body('en')).toBe('You won rank 3 in Weekly raffle: $5.00 is in your balance.')
    expect(body('km')).toContain('ឆ្នោតរង្វាន់ប្រចាំសប្តាហ៍')
    expect(body('zh')).toBe('您在每周抽奖中获得第 3 名：$5.00 已存入您的余额。')
    expect(body('th')).toBe('คุณได้อันดับที่ 3 ในWeekly raffle: $5.00 เข้ายอดเงินของคุณแล้ว')
    expect(body('vi')).toContain('hạng 3 trong Weekly raffle: $5.00')
    for (const l of locales) expect(noticeText('raffle_won', l, 500n, usd, reason).title).not.toBe('')
  })

  it('opens the raffle’s page', () => {
    expect(noticeUrl('raffle_won', reason)).toBe('/promoDetail?id=41')
    expect(noticeUrl('raffle_won', null)).toBe('/promotions')
  })
})
