/**
 * The promotion engine through its endpoints: each member's state per promotion, every way to
 * claim (a tap, a sign-up, the apply form, a promo code, an issued reward, a deposit bonus),
 * the limits under parallel claims, the operator's decisions, and what a visitor or guest
 * may do. Money is checked through the wallet as the member sees it.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { moneyToMinor } from '#contract/money'
import {
  PromotionListSchema,
  promotionEndpoints as ep,
  type Promotion,
  type PromotionState,
} from '#contract/promotions'
import { turnoverEndpoints } from '#contract/turnover'
import { fundNotices, members, promotionClaims, promotions } from '#server/db/schema'
import { createLedger } from '#server/money/ledger'
import { sweptNotices } from '#server/notify/notices'
import { createPromotionRepository } from '#server/promotions/promotions-repository'
import { createPromotionService } from '#server/promotions/promotions-service'
import { unlistedTemplates } from '#server/promotions/templates'
import { turnoverLink } from '#server/promotions/turnover-link'
import { merchantByCode } from '#server/system/brands-repository'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, plainCall } from '../identity-helpers'
import {
  mainMinor,
  moneyCall,
  moneyMember,
  newKey,
  tinyGif,
  tinyPng,
  type MoneyMember,
} from '../money-helpers'

let server: TestServer
const ids = new Map<string, number>()

beforeAll(async () => {
  server = await build()
  const rows = await server.db
    .select({ id: promotions.id, template: promotions.template })
    .from(promotions)
    .where(eq(promotions.merchantCode, server.config.MERCHANT_CODE))
  // The unlisted backing promotions (a mission's bonus, decision 030) are not the demo's own.
  for (const r of rows) if (!unlistedTemplates.includes(r.template)) ids.set(r.template, r.id)
})

afterAll(async () => {
  await server.close()
})

const idOf = (template: string) => {
  const id = ids.get(template)
  if (id === undefined) throw new Error(`no demo promotion ${template}`)
  return id
}

async function listOf(token?: string): Promise<Promotion[]> {
  const res = await plainCall(
    server,
    'GET',
    token ? ep.available.path : ep.merchantAvailable.path,
    token ? { token } : {},
  )
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(PromotionListSchema).parse(res.json()).value.list
}

async function stateOf(token: string, template: string): Promise<PromotionState> {
  const p = (await listOf(token)).find((x) => x.id === idOf(template))
  if (!p) throw new Error(`${template} not listed`)
  return p.state
}

const claim = (m: MoneyMember, template: string, key?: string) =>
  moneyCall(server, m.token, ep.claim.path, { promotionId: idOf(template) }, key)

/** Valid bets of settled bets today, as the bets' triggers keep them for the member. */
async function settledValidBets(memberId: number, minor: bigint) {
  await server.db.execute(sql`
    insert into member_daily_stats (member_id, merchant_code, day, bet_count, bet_amount, valid_bet, payout)
    values (${memberId}, ${server.config.MERCHANT_CODE}, (now() at time zone 'Asia/Phnom_Penh')::date, 1, ${minor}, ${minor}, 0)
    on conflict (member_id, day) do update set valid_bet = member_daily_stats.valid_bet + ${minor}`)
}

const cents = (money: string) => moneyToMinor(money, { decimals: 2 })

describe('the list', () => {
  it('shows a visitor every demo promotion, to join, with its rules', async () => {
    const list = await listOf()
    expect(list.map((p) => p.id).sort()).toEqual([...ids.values()].sort())
    expect(new Set(list.map((p) => p.state))).toEqual(new Set(['join']))
    const welcome = list.find((p) => p.id === idOf('firstDeposit'))
    expect(welcome?.reward).toMatchObject({ kind: 'depositPercent', rate: 10_000, cap: '100.00' })
    expect(welcome?.turnover).toEqual({ multipleTenths: 100, base: 'depositAndBonus' })
  })

  it("shows a new member what it may claim at once, and counts them for the reward centre's badge", async () => {
    const m = await moneyMember(server)
    const res = await plainCall(server, 'GET', ep.available.path, { token: m.token })
    const value = successEnvelope(PromotionListSchema).parse(res.json()).value
    const state = (t: string) => value.list.find((p) => p.id === idOf(t))?.state
    expect(state('newbie')).toBe('claim')
    expect(state('dailyLogin')).toBe('claim')
    expect(state('firstDeposit')).toBe('join')
    expect(state('apply')).toBe('join')
    expect(value.claimable).toBe(value.list.filter((p) => p.state === 'claim' || p.state === 'issued').length)
  })

  it('filters by category', async () => {
    const res = await plainCall(server, 'GET', `${ep.merchantAvailable.path}?category=deposit`)
    const list = successEnvelope(PromotionListSchema).parse(res.json()).value.list
    expect(list.map((p) => p.id).sort()).toEqual([idOf('firstDeposit'), idOf('reload')].sort())
  })
})

describe('a claim with one tap', () => {
  it('credits the daily login once per day: in progress while its turnover is open, then claimed', async () => {
    const m = await moneyMember(server)
    const res = await claim(m, 'dailyLogin')
    expect(res.statusCode, res.body).toBe(200)
    expect(await mainMinor(server, m.token)).toBe(50n)
    // Its turnover (1× the reward) is open until valid bets settle for it.
    expect(await stateOf(m.token, 'dailyLogin')).toBe('inProgress')
    await settledValidBets(m.id, 50n)
    expect(await stateOf(m.token, 'dailyLogin')).toBe('claimed')
    const again = await claim(m, 'dailyLogin')
    expect(failureOf(again).errorCode).toBe('promotion_already_claimed')
    expect(await mainMinor(server, m.token)).toBe(50n)
  })

  it('pays one reward for 20 claims sent at once, and replays a retried key', async () => {
    const m = await moneyMember(server)
    const key = newKey()
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => claim(m, 'newbie')),
      claim(m, 'newbie', key),
      claim(m, 'newbie', key),
    ])
    const ok = answers.filter((r) => r.statusCode === 200)
    const codes = answers.filter((r) => r.statusCode !== 200).map((r) => failureOf(r).errorCode)
    expect(new Set(codes)).toEqual(new Set(['promotion_already_claimed']))
    // One request won; the retried key answers as its first request did.
    expect(ok.length).toBeGreaterThanOrEqual(1)
    expect(new Set(ok.map((r) => JSON.stringify((r.json() as { value: unknown }).value))).size).toBe(1)
    expect(await mainMinor(server, m.token)).toBe(500n)
    const claims = await server.db.select().from(promotionClaims).where(eq(promotionClaims.memberId, m.id))
    expect(claims).toHaveLength(1)
  })

  it('refuses the newbie gift to a member who joined more than 7 days ago, and shows it closed', async () => {
    const m = await moneyMember(server)
    await server.db
      .update(members)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(members.id, m.id))
    const list = await listOf(m.token)
    expect(list.find((p) => p.id === idOf('newbie'))).toMatchObject({
      state: 'closed',
      reason: 'notNewMember',
    })
    const res = await claim(m, 'newbie')
    expect(failureOf(res)).toMatchObject({ errorCode: 'promotion_not_eligible' })
    expect(await mainMinor(server, m.token)).toBe(0n)
  })

  it('gives the app-download reward only to the installed app', async () => {
    const m = await moneyMember(server)
    const path = ep.claimAppDownload.path
    const browser = await moneyCall(server, m.token, path, {
      promotionId: idOf('appDownload'),
      displayMode: 'browser',
    })
    expect(failureOf(browser).errorCode).toBe('promotion_not_eligible')
    const installed = await moneyCall(server, m.token, path, {
      promotionId: idOf('appDownload'),
      displayMode: 'standalone',
    })
    expect(installed.statusCode, installed.body).toBe(200)
    expect(await mainMinor(server, m.token)).toBe(200n)
  })

  it('says there is nothing to claim when the rescue has no loss to pay on', async () => {
    const m = await moneyMember(server)
    expect(failureOf(await claim(m, 'rescue')).errorCode).toBe('promotion_nothing_to_claim')
    expect(await mainMinor(server, m.token)).toBe(0n)
  })

  it('refuses a claim of a promotion taken another way', async () => {
    const m = await moneyMember(server)
    expect(failureOf(await claim(m, 'apply')).errorCode).toBe('promotion_wrong_mode')
    expect(failureOf(await claim(m, 'firstDeposit')).errorCode).toBe('promotion_wrong_mode')
    const missing = await moneyCall(server, m.token, ep.claim.path, { promotionId: 999_999 })
    expect(failureOf(missing).errorCode).toBe('promotion_not_found')
  })
})

describe('the clock and the operator', () => {
  it('shows coming soon before the start, closed when paused or ended, and refuses claims then', async () => {
    const m = await moneyMember(server)
    const start = new Date(Date.now() + 86_400_000).toISOString()
    const made = await runOps(server, 'promotion', 'create', 'dailyLogin', '--start', start)
    const id = Number(/#(\d+)/.exec(made)?.[1])
    const find = async () => (await listOf(m.token)).find((p) => p.id === id)
    expect(await find()).toMatchObject({ state: 'comingSoon', changesAt: Date.parse(start) })
    expect(failureOf(await moneyCall(server, m.token, ep.claim.path, { promotionId: id })).errorCode).toBe(
      'promotion_not_started',
    )
    await runOps(server, 'promotion', 'edit', String(id), 'start', new Date(Date.now() - 1000).toISOString())
    expect((await find())?.state).toBe('claim')
    await runOps(server, 'promotion', 'pause', String(id))
    expect(await find()).toMatchObject({ state: 'closed', reason: 'paused' })
    expect(failureOf(await moneyCall(server, m.token, ep.claim.path, { promotionId: id })).errorCode).toBe(
      'promotion_ended',
    )
    await runOps(server, 'promotion', 'resume', String(id))
    await runOps(server, 'promotion', 'edit', String(id), 'end', new Date(Date.now() - 1000).toISOString())
    expect(await find()).toMatchObject({ state: 'closed', reason: 'ended' })
    expect(await mainMinor(server, m.token)).toBe(0n)
  })
})

describe('a sign-up promotion', () => {
  it('joins, shows progress, refuses a claim until the valid bets are there, then pays once', async () => {
    const m = await moneyMember(server)
    const id = idOf('signUp')
    const joined = await moneyCall(server, m.token, ep.signUp.path, { promotionId: id })
    expect(joined.statusCode, joined.body).toBe(200)
    const p = (await listOf(m.token)).find((x) => x.id === id)
    expect(p).toMatchObject({ state: 'signedUp', progress: { done: '0.00', target: '500.00' } })
    expect(failureOf(await moneyCall(server, m.token, ep.signUp.path, { promotionId: id })).errorCode).toBe(
      'promotion_already_claimed',
    )
    expect(failureOf(await claim(m, 'signUp')).errorCode).toBe('promotion_not_eligible')
    await settledValidBets(m.id, 50_000n)
    expect(await stateOf(m.token, 'signUp')).toBe('claim')
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(m, 'signUp')))
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(await mainMinor(server, m.token)).toBe(800n)
    expect(await stateOf(m.token, 'signUp')).toBe('inProgress')
  })
})

describe('a promo code', () => {
  const code = (m: MoneyMember, c: string) => moneyCall(server, m.token, ep.claimPromoCode.path, { code: c })

  it('credits the right code in any case once, and answers a wrong one alike', async () => {
    const m = await moneyMember(server)
    expect(failureOf(await code(m, 'NOPE')).errorCode).toBe('promo_code_invalid')
    const ok = await code(m, ' lotus3 ')
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await mainMinor(server, m.token)).toBe(300n)
    expect(failureOf(await code(m, 'LOTUS3')).errorCode).toBe('promotion_already_claimed')
  })

  it('stops a burst of guesses', async () => {
    const m = await moneyMember(server)
    const answers = []
    for (let i = 0; i < 7; i++) answers.push(failureOf(await code(m, `GUESS${i}`)).errorCode)
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('promo_code_invalid'))
    expect(answers.slice(5)).toEqual(['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS'])
    // Blocked means blocked: the right code waits too.
    expect(failureOf(await code(m, 'LOTUS3')).errorCode).toBe('TOO_MANY_REQUESTS')
  })

  it('never passes its number of uses, with members claiming at once', async () => {
    const made = await runOps(server, 'promotion', 'create', 'promoCode', '--code', 'FEW3', '--uses', '3')
    const id = Number(/#(\d+)/.exec(made)?.[1])
    const crowd = await Promise.all(Array.from({ length: 8 }, () => moneyMember(server)))
    const answers = await Promise.all(crowd.map((m) => code(m, 'FEW3')))
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3)
    expect(new Set(answers.filter((r) => r.statusCode !== 200).map((r) => failureOf(r).errorCode))).toEqual(
      new Set(['promo_code_invalid']),
    )
    const [n] = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(promotionClaims)
      .where(eq(promotionClaims.promotionId, id))
    expect(n?.n).toBe(3)
  })
})

describe('the apply form and the operator', () => {
  const apply = (m: MoneyMember, remark: string, images: { contentType: string; data: string }[]) =>
    moneyCall(server, m.token, ep.apply.path, { promotionId: idOf('apply'), remark, images })
  const png = { contentType: 'image/png', data: tinyPng }

  it('refuses 141 characters, 4 images, a GIF named PNG and an executable named PNG, storing nothing', async () => {
    const m = await moneyMember(server)
    expect(failureOf(await apply(m, 'ខ'.repeat(141), [])).errorCode).toBe('remark_too_long')
    expect(failureOf(await apply(m, 'ok', [png, png, png, png])).errorCode).toBe('too_many_images')
    expect(failureOf(await apply(m, 'ok', [{ contentType: 'image/png', data: tinyGif }])).errorCode).toBe(
      'image_invalid',
    )
    const exe = Buffer.from('MZ\x90\x00 this program cannot be run in DOS mode').toString('base64')
    expect(failureOf(await apply(m, 'ok', [{ contentType: 'image/png', data: exe }])).errorCode).toBe(
      'image_invalid',
    )
    const big = { contentType: 'image/png', data: Buffer.alloc(6 * 1024 * 1024, 1).toString('base64') }
    const tooBig = await apply(m, 'ok', [big])
    expect(tooBig.statusCode).toBeGreaterThanOrEqual(400)
    expect(tooBig.statusCode).toBeLessThan(500)
    const rows = await server.db.select().from(promotionClaims).where(eq(promotionClaims.memberId, m.id))
    expect(rows).toHaveLength(0)
  })

  it('takes 140 Khmer characters and 3 images; the operator approves and the member is paid and told', async () => {
    const m = await moneyMember(server)
    const sent = await apply(m, 'ខ'.repeat(140), [png, png, png])
    expect(sent.statusCode, sent.body).toBe(200)
    expect(await stateOf(m.token, 'apply')).toBe('applying')
    expect(failureOf(await apply(m, 'again', [])).errorCode).toBe('promotion_already_claimed')
    const [row] = await server.db.select().from(promotionClaims).where(eq(promotionClaims.memberId, m.id))
    expect(row?.images).toHaveLength(3)
    const listed = await runOps(server, 'application', 'list')
    expect(listed).toContain(`#${row?.id} applying ${m.username}`)
    await runOps(server, 'application', 'approve', String(row?.id))
    expect(await mainMinor(server, m.token)).toBe(1000n)
    expect(await stateOf(m.token, 'apply')).toBe('inProgress')
    const notices = await server.db
      .select()
      .from(fundNotices)
      .where(and(eq(fundNotices.memberId, m.id), eq(fundNotices.kind, 'promotion_approved')))
    expect(notices).toHaveLength(1)
    await expect(runOps(server, 'application', 'approve', String(row?.id))).rejects.toThrow(
      /applying|claimed/,
    )
    expect(await mainMinor(server, m.token)).toBe(1000n)
  })

  it('a rejection is shown with its reason, told to the member, and forbids a new application this week', async () => {
    const m = await moneyMember(server)
    await apply(m, 'my win', [png])
    const [row] = await server.db.select().from(promotionClaims).where(eq(promotionClaims.memberId, m.id))
    await runOps(server, 'application', 'reject', String(row?.id), 'the', 'screenshot', 'is', 'unreadable')
    const p = (await listOf(m.token)).find((x) => x.id === idOf('apply'))
    expect(p).toMatchObject({ state: 'rejected', rejectReason: 'the screenshot is unreadable' })
    expect(failureOf(await apply(m, 'second try', [png])).errorCode).toBe('promotion_already_claimed')
    const notices = await server.db
      .select()
      .from(fundNotices)
      .where(and(eq(fundNotices.memberId, m.id), eq(fundNotices.kind, 'promotion_rejected')))
    expect(notices[0]?.reason).toBe('the screenshot is unreadable')
    expect(await mainMinor(server, m.token)).toBe(0n)
  })
})

describe('an issued reward', () => {
  async function give(memberId: number, template: string, amount: bigint, period: string) {
    const m = await merchantByCode(server.db, server.config.MERCHANT_CODE)
    const repo = createPromotionRepository(server.db)
    const p = await repo.byId(server.config.MERCHANT_CODE, idOf(template))
    if (!m || !p) throw new Error('no brand or promotion')
    const service = createPromotionService({
      db: server.db,
      repo,
      ledger: createLedger(server.db),
      notices: sweptNotices,
      turnover: turnoverLink(server.db),
      now: () => new Date(),
    })
    return server.db.transaction((tx) => service.give(tx, m, p, memberId, period, amount, null))
  }

  it('waits in the reward centre, is claimed with one tap once, and is no one else’s', async () => {
    const m = await moneyMember(server)
    const other = await moneyMember(server)
    expect(await give(m.id, 'rescue', 1234n, '2026-11-01')).toBe(true)
    expect(await give(m.id, 'rescue', 1234n, '2026-11-01')).toBe(false)
    const p = (await listOf(m.token)).find((x) => x.id === idOf('rescue'))
    expect(p).toMatchObject({ state: 'issued', amount: '12.34' })
    const claimId = p?.claimId ?? 0
    const stolen = await moneyCall(server, other.token, ep.claimIssued.path, { claimId })
    expect(failureOf(stolen).errorCode).toBe('promotion_nothing_to_claim')
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => moneyCall(server, m.token, ep.claimIssued.path, { claimId })),
    )
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(await mainMinor(server, m.token)).toBe(1234n)
    expect(await mainMinor(server, other.token)).toBe(0n)
  })

  it('an automatic one is credited at once with its notice', async () => {
    const m = await moneyMember(server)
    expect(await give(m.id, 'rebate', 777n, '2026-11-02')).toBe(true)
    expect(await mainMinor(server, m.token)).toBe(777n)
    const notices = await server.db
      .select()
      .from(fundNotices)
      .where(and(eq(fundNotices.memberId, m.id), eq(fundNotices.kind, 'promotion_credited')))
    expect(notices).toHaveLength(1)
  })
})

describe('a deposit bonus', () => {
  const deposit = (m: MoneyMember, amount: string, promotionId?: number) =>
    moneyCall(server, m.token, '/wps/relay/depositTransferGeneric', {
      methodCode: 'BANK',
      amount,
      reference: 'Dara',
      ...(promotionId === undefined ? {} : { promotionId }),
    })

  it('is offered with what it pays, kept with the deposit, and credited with it', async () => {
    const m = await moneyMember(server)
    const offered = await plainCall(server, 'GET', `${ep.depositPromotions.path}?amount=150`, {
      token: m.token,
    })
    expect(offered.statusCode, offered.body).toBe(200)
    const list = (offered.json() as { value: { list: { id: number; bonus: string }[] } }).value.list
    expect(list.find((x) => x.id === idOf('firstDeposit'))?.bonus).toBe('100.00')
    expect(list.find((x) => x.id === idOf('reload'))?.bonus).toBe('15.00')
    const res = await deposit(m, '150', idOf('firstDeposit'))
    expect(res.statusCode, res.body).toBe(200)
    const depositId = (res.json() as { value: { id: number } }).value.id
    expect(await mainMinor(server, m.token)).toBe(0n)
    await runOps(server, 'deposits', 'approve', String(depositId))
    expect(await mainMinor(server, m.token)).toBe(cents('250.00'))
    // 10× the deposit and the bonus to wager before a withdrawal.
    expect(await stateOf(m.token, 'firstDeposit')).toBe('inProgress')
    const turnover = await plainCall(server, 'GET', turnoverEndpoints.info.path, { token: m.token })
    expect(turnover.statusCode, turnover.body).toBe(200)
    expect(JSON.stringify(turnover.json())).toContain('2500.00')
    // The first deposit is made: the welcome bonus is no longer offered.
    const after = await plainCall(server, 'GET', `${ep.depositPromotions.path}?amount=150`, {
      token: m.token,
    })
    const ids2 = (after.json() as { value: { list: { id: number }[] } }).value.list.map((x) => x.id)
    expect(ids2).not.toContain(idOf('firstDeposit'))
    const refused = await deposit(m, '150', idOf('firstDeposit'))
    expect(failureOf(refused).errorCode).toBe('promotion_not_eligible')
  })

  it('refuses a bonus below its minimum deposit or one that is not a deposit bonus, writing no deposit', async () => {
    const m = await moneyMember(server)
    expect(failureOf(await deposit(m, '15', idOf('reload'))).errorCode).toBe('promotion_not_eligible')
    expect(failureOf(await deposit(m, '50', idOf('newbie'))).errorCode).toBe('promotion_wrong_mode')
    const [n] = await server.db
      .execute<{ n: number }>(sql`select count(*)::int as n from deposits where member_id = ${m.id}`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows)
    expect(n?.n).toBe(0)
  })
})

describe('who may call', () => {
  it('a visitor or a guest may read but claims nothing', async () => {
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const token = (guest.json() as { value: { token: string } }).value.token
    for (const t of [undefined, token]) {
      const res = await plainCall(server, 'POST', ep.claim.path, {
        ...(t ? { token: t } : {}),
        body: { promotionId: idOf('dailyLogin') },
        headers: { 'idempotency-key': newKey() },
      })
      expect(res.statusCode).toBeGreaterThanOrEqual(401)
      expect(res.statusCode).toBeLessThan(500)
      const list = await plainCall(server, 'GET', ep.available.path, t ? { token: t } : {})
      expect(list.statusCode).toBeGreaterThanOrEqual(401)
    }
    const visitor = await plainCall(server, 'GET', ep.merchantAvailable.path)
    expect(visitor.statusCode).toBe(200)
  })

  it('a member’s claim list holds only its own claims', async () => {
    const a = await moneyMember(server)
    const b = await moneyMember(server)
    await claim(a, 'dailyLogin')
    const res = await plainCall(server, 'GET', ep.claimList.path, { token: b.token })
    expect((res.json() as { value: { total: number } }).value.total).toBe(0)
    const mine = await plainCall(server, 'GET', ep.claimList.path, { token: a.token })
    expect((mine.json() as { value: { list: { status: string; amount: string }[] } }).value.list).toEqual([
      expect.objectContaining({ status: 'claimed', amount: '0.50' }),
    ])
  })
})
