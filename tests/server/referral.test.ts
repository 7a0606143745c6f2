/**
 * Member referrals (decision 032) through their endpoints, the registration, the rewards job
 * and the operator's commands: a member's code made once under 20 first asks; a registration
 * with it recording the referrer (not the team); the friends list, masked and paged; a code
 * refused on oneself and a second referrer refused, also under 20 binds at once; a likely
 * self-referral held until the operator decides; the reward paid exactly once per friend,
 * also with runs of the job at once; the books reconciled; and who may see what. Runs on
 * PostgreSQL too (TEST_DATABASE_URL).
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvitationSchema } from '#contract/agent-invite'
import { successEnvelope } from '#contract/envelope'
import { DepositSchema } from '#contract/funds'
import { referralEndpoints as ep } from '#contract/referral'
import {
  betRecords,
  members,
  merchants,
  operatorActions,
  promotionClaims,
  referrals,
} from '#server/db/schema'
import { reconcile } from '#server/money/ledger-reconcile'
import { reconcilePromotions } from '#server/promotions/reconcile'
import { referralServicesOf } from '#server/referral/referral-of'
import { build, runOps, type TestServer } from '../build-server'
import { addresses, createClock, failureOf, plainCall, tokenOf, valueOf } from '../identity-helpers'
import { mainMinor, moneyCall, moneyMember, tinyPng, type MoneyMember } from '../money-helpers'
import { registerTools } from './identity-register-setup'

let server: TestServer
const clock = createClock()
const nextIp = addresses('10.37')
const { registerAs } = registerTools(() => server, clock, nextIp)
const code = () => server.config.MERCHANT_CODE

const details = (token?: string) =>
  plainCall(server, 'GET', `${ep.details.path}?autoGenerate=true`, token === undefined ? {} : { token })
async function codeOf(m: MoneyMember): Promise<string> {
  const res = await details(m.token)
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(InvitationSchema).parse(res.json()).value.referralCode
}
const friends = (m: MoneyMember, q = '') =>
  plainCall(server, 'GET', `${ep.friends.path}${q}`, { token: m.token })
async function friendList(m: MoneyMember, q = '') {
  const res = await friends(m, q)
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(ep.friends.response).parse(res.json()).value
}
async function overview(m: MoneyMember) {
  const res = await plainCall(server, 'GET', ep.overview.path, { token: m.token })
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(ep.overview.response).parse(res.json()).value
}
const bind = (m: MoneyMember, body: unknown) =>
  server.app.inject({
    method: 'POST',
    url: ep.bind.path,
    headers: { authorization: m.token, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })

let n = 0
/** A friend registered through the API with `referralCode`, from a fresh address unless given. */
async function registerFriend(referralCode: string, ip?: string, device?: string): Promise<number> {
  n += 1
  const username = `rf${process.pid % 1000}x${n}`
  const res = await registerAs(
    { username, referralCode, ...(device ? { loginDeviceId: device } : {}) },
    ip ?? nextIp(),
  )
  expect(res.statusCode, res.body).toBe(200)
  const [row] = await server.db.select().from(members).where(eq(members.username, username))
  if (!row) throw new Error('not registered')
  return row.id
}

let bets = 0
/** The friend plays: a deposit the operator approves (when `deposits`), and a settled bet of `validBet`. */
async function plays(friendId: number, deposits: number, validBet: bigint, at = new Date()) {
  if (deposits > 0) {
    const [f] = await server.db.select().from(members).where(eq(members.id, friendId))
    const token = await tokenOf(server, f?.username ?? '', 'abc12345')
    const d = valueOf(
      await moneyCall(server, token, '/wps/relay/depositTransferGeneric', {
        methodCode: 'BANK',
        amount: '100.00',
        reference: 'ABA 2',
        receipt: { contentType: 'image/png', data: tinyPng },
      }),
      (v) => DepositSchema.parse(v),
    )
    await runOps(server, 'deposits', 'approve', String(d.id))
  }
  bets += 1
  await server.db.insert(betRecords).values({
    merchantCode: code(),
    memberId: friendId,
    betNo: `ref-${process.pid}-${bets}`,
    productType: 'RNG',
    accountTypeId: 2,
    vendorName: 'Slots Co',
    gameName: 'game',
    betAmount: validBet,
    validBet,
    payout: 0n,
    status: 'SETTLED',
    betTime: at,
    settledTime: at,
  })
}

const services = () => referralServicesOf(server.db)
async function payDue(): Promise<number> {
  const [m] = await server.db.select().from(merchants).where(eq(merchants.code, code()))
  if (!m) throw new Error('no brand')
  return services().referrals.payDue(m)
}

async function booksClean() {
  const r = await reconcile(server.db)
  expect(
    r.ok,
    JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  ).toBe(true)
  const p = await reconcilePromotions(server.db, code())
  expect(p.ok, JSON.stringify(p)).toBe(true)
}

beforeAll(async () => {
  server = await build({ now: clock.now })
  await runOps(
    server,
    'referral',
    'settings',
    'on',
    '--amount',
    '50',
    '--turnover',
    '500',
    '--reward-turnover',
    '1',
  )
})

afterAll(async () => {
  await server.close()
})

describe("a member's referral code", () => {
  it('is made once for 20 first asks at once, and is the link the registration reads', async () => {
    const m = await moneyMember(server)
    const answers = await Promise.all(Array.from({ length: 20 }, () => details(m.token)))
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    const values = answers.map((r) => successEnvelope(InvitationSchema).parse(r.json()).value)
    expect(new Set(values.map((v) => v.referralCode)).size).toBe(1)
    const [row] = await server.db.select().from(members).where(eq(members.id, m.id))
    expect(row?.affiliateCode).toBe(values[0]?.referralCode)
    expect(values[0]?.registerUrl).toBe(`http://localhost:80/register?referralCode=${row?.affiliateCode}`)
    expect(values[0]?.totalInvitations).toBe(0)
  })

  it('previews a shared link with the brand (Open Graph), as an agent’s does', async () => {
    const m = await moneyMember(server)
    const res = await server.app.inject({
      method: 'GET',
      url: `/register?referralCode=${await codeOf(m)}`,
      headers: { accept: '*/*' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatch(/<meta property="og:title" content="[^"]+"/)
    expect(res.body).toContain(`og:url" content="http://localhost:80/register?referralCode=`)
  })
})

describe('link unfurlers', () => {
  const pagesToShare = [
    '/index',
    '/elott',
    '/vnlottery',
    '/promotions',
    '/help',
    '/register?referralCode=LOTUS01',
  ]
  const unfurlers: [string, Record<string, string>][] = [
    ['Telegram, Accept */*', { 'user-agent': 'TelegramBot (like TwitterBot)', accept: '*/*' }],
    [
      'Messenger, no Accept',
      { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
    ],
    ['Twitter asking JSON first', { 'user-agent': 'Twitterbot/1.0', accept: 'application/json, */*;q=0.1' }],
    [
      'Slack asking text/*',
      { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', accept: 'text/*' },
    ],
    [
      'Discord with Sec-Fetch-Mode',
      {
        'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0)',
        accept: 'application/json',
        'sec-fetch-mode': 'no-cors',
      },
    ],
    ['Zalo', { 'user-agent': 'Zalo/1.0 (link preview)', accept: 'application/json' }],
  ]

  it.each(unfurlers)(
    '%s gets every public page as HTML with its Open Graph and Twitter tags',
    async (_, headers) => {
      for (const url of pagesToShare) {
        const res = await server.app.inject({ method: 'GET', url, headers })
        expect(res.statusCode, url).toBe(200)
        expect(res.headers['content-type'], url).toMatch(/^text\/html/)
        expect(res.body, url).toMatch(/<meta property="og:site_name" content="[^"]+"/)
        expect(res.body, url).toMatch(/<meta property="og:title" content="[^"]+"/)
        expect(res.body, url).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/)
        expect(res.body, url).toMatch(/<meta name="twitter:card" content="summary(_large_image)?"/)
        expect(res.body, url).toMatch(/<meta name="twitter:image" content="https?:\/\/[^"]+"/)
      }
    },
  )

  it('a page’s own fetch of an API path or a file still gets no page', async () => {
    const api = await server.app.inject({
      method: 'GET',
      url: '/wps/nowhere',
      headers: { 'user-agent': 'TelegramBot (like TwitterBot)', accept: '*/*' },
    })
    expect(api.headers['content-type']).toMatch(/json/)
    const file = await server.app.inject({
      method: 'GET',
      url: '/missing.js',
      headers: { 'user-agent': 'Twitterbot/1.0', accept: '*/*' },
    })
    expect(file.statusCode).toBe(404)
    expect(file.headers['content-type']).not.toMatch(/^text\/html/)
  })
})

describe('registering with a member’s code', () => {
  it('records the referrer for rewards, without placing the friend in a team; the friend is listed masked', async () => {
    const m = await moneyMember(server)
    const friendId = await registerFriend(await codeOf(m))
    const [friend] = await server.db.select().from(members).where(eq(members.id, friendId))
    expect(friend?.parentId).toBeNull()
    const page = await friendList(m)
    expect(page.total).toBe(1)
    expect(page.list[0]).toMatchObject({
      deposited: false,
      validBet: '0.00',
      reward: 'pending',
      rewardAmount: null,
    })
    expect(page.list[0]?.username).toContain('***')
    expect(page.list[0]?.username).not.toBe(friend?.username)
  })

  it('refuses an unknown code, changing nothing', async () => {
    const before = await server.db.select({ n: sql<number>`count(*)::int` }).from(referrals)
    const res = await registerAs({ username: `rfbad${process.pid % 1000}`, referralCode: 'NOSUCH99' })
    expect(failureOf(res).errorCode).toBe('invitation_code_error')
    const after = await server.db.select({ n: sql<number>`count(*)::int` }).from(referrals)
    expect(after).toEqual(before)
  })

  it('holds a friend registered from the referrer’s own address, or a device another friend used', async () => {
    const m = await moneyMember(server)
    const c = await codeOf(m)
    // The referrer logged in from the test client's address (tokenOf): the same address.
    const same = await registerFriend(c, '127.0.0.1')
    const first = await registerFriend(c, undefined, 'device-abc')
    const twin = await registerFriend(c, undefined, 'device-abc')
    const rows = await server.db.select().from(referrals).where(eq(referrals.referrerId, m.id))
    const byFriend = new Map(rows.map((r) => [r.friendId, r]))
    expect(byFriend.get(same)).toMatchObject({ review: 'held', flag: 'sameAddress' })
    expect(byFriend.get(first)).toMatchObject({ review: 'ok', flag: null })
    expect(byFriend.get(twin)).toMatchObject({ review: 'held', flag: 'sameDevice' })
    const listed = await friendList(m)
    expect(listed.list.filter((f) => f.reward === 'held')).toHaveLength(2)
  })
})

describe('adding a code after registering', () => {
  it('refuses one’s own code and a second referrer; 20 binds at once land one', async () => {
    const referrer = await moneyMember(server)
    const other = await moneyMember(server)
    const me = await moneyMember(server)
    const own = await bind(me, { referralCode: await codeOf(me) })
    expect(failureOf(own).errorCode).toBe('referral_self')
    const c = await codeOf(referrer)
    const many = await Promise.all(Array.from({ length: 20 }, () => bind(me, { referralCode: c })))
    expect(many.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(new Set(many.filter((r) => r.statusCode !== 200).map((r) => failureOf(r).errorCode))).toEqual(
      new Set(['referral_already_referred']),
    )
    const again = await bind(me, { referralCode: await codeOf(other) })
    expect(failureOf(again).errorCode).toBe('referral_already_referred')
    const rows = await server.db.select().from(referrals).where(eq(referrals.friendId, me.id))
    expect(rows.map((r) => r.referrerId)).toEqual([referrer.id])
  })

  it('counts the valid bets the friend played before adding the code and after; reconcile sees a kept total drift', async () => {
    const referrer = await moneyMember(server)
    const me = await moneyMember(server)
    await plays(me.id, 0, 12_345n)
    expect((await bind(me, { referralCode: await codeOf(referrer) })).statusCode).toBe(200)
    expect((await friendList(referrer)).list[0]).toMatchObject({ validBet: '123.45' })
    await plays(me.id, 0, 100n)
    expect((await friendList(referrer)).list[0]).toMatchObject({ validBet: '124.45' })
    await booksClean()
    await server.db
      .update(referrals)
      .set({ validBet: sql`${referrals.validBet} + 1` })
      .where(eq(referrals.friendId, me.id))
    expect((await reconcile(server.db)).statsDrift).toEqual([
      { memberId: me.id, figure: 'referral valid bets', kept: '12446', actual: '12445' },
    ])
    await server.db
      .update(referrals)
      .set({ validBet: sql`${referrals.validBet} - 1` })
      .where(eq(referrals.friendId, me.id))
  })

  it('refuses an agent’s code (a team is joined at registration) and bad bodies, each with its code', async () => {
    const me = await moneyMember(server)
    expect(failureOf(await bind(me, { referralCode: 'LOTUS01' })).errorCode).toBe('invitation_code_error')
    for (const body of [
      {},
      { referralCode: 12 },
      { referralCode: 'AB\u0000C' },
      { referralCode: 'x'.repeat(65) },
      '{',
    ]) {
      const res = await bind(me, body)
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500)
      expect(res.statusCode).toBeGreaterThanOrEqual(400)
    }
    const big = await bind(me, { referralCode: 'A'.repeat(2_000_000) })
    expect(big.statusCode).toBeLessThan(500)
    expect(await server.db.select().from(referrals).where(eq(referrals.friendId, me.id))).toEqual([])
  })
})

describe('the reward', () => {
  it('pays once per friend who deposits and reaches the turnover, also with runs at once; reconciles', async () => {
    const m = await moneyMember(server)
    const c = await codeOf(m)
    const qualified = await registerFriend(c)
    const short = await registerFriend(c)
    const noDeposit = await registerFriend(c)
    await plays(qualified, 1, 600_00n)
    await plays(short, 1, 100_00n)
    await plays(noDeposit, 0, 900_00n)
    const before = await mainMinor(server, m.token)
    const runs = await Promise.all(Array.from({ length: 5 }, () => payDue()))
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await payDue()).toBe(0)
    expect((await mainMinor(server, m.token)) - before).toBe(50_00n)
    const claims = await server.db.select().from(promotionClaims).where(eq(promotionClaims.memberId, m.id))
    expect(claims.map((x) => [x.period, x.amount])).toEqual([[`friend:${qualified}`, 50_00n]])
    const page = await friendList(m)
    const states = page.list.map((f) => [f.deposited, f.validBet, f.reward, f.rewardAmount])
    expect(states).toContainEqual([true, '600.00', 'rewarded', '50.00'])
    expect(states).toContainEqual([true, '100.00', 'pending', null])
    expect(states).toContainEqual([false, '900.00', 'pending', null])
    expect(await overview(m)).toMatchObject({
      totalInvitations: 3,
      deposited: 2,
      rewarded: 1,
      pending: 2,
      totalEarned: '50.00',
      rules: { enabled: true, rewardAmount: '50.00', turnover: '500.00', shareBp: 0 },
    })
    await booksClean()
  })

  it('holds a likely self-referral until the operator approves; a rejected one never pays; both audited', async () => {
    const m = await moneyMember(server)
    const c = await codeOf(m)
    const held = await registerFriend(c, '127.0.0.1')
    const [heldRow] = await server.db.select().from(referrals).where(eq(referrals.friendId, held))
    await plays(held, 1, 600_00n)
    const twin = await registerFriend(c, '127.0.0.1')
    const [twinRow] = await server.db.select().from(referrals).where(eq(referrals.friendId, twin))
    await plays(twin, 1, 600_00n)
    expect(await payDue()).toBe(0)
    expect(await runOps(server, 'referral', 'held')).toContain(`#${heldRow?.id}`)
    await runOps(server, 'referral', 'approve', String(heldRow?.id))
    await runOps(server, 'referral', 'reject', String(twinRow?.id))
    await expect(runOps(server, 'referral', 'approve', String(twinRow?.id))).rejects.toThrow(/not held/)
    expect(await payDue()).toBe(1)
    const page = await friendList(m)
    expect(page.list.map((f) => f.reward).sort()).toEqual(['rejected', 'rewarded'])
    const audit = await server.db
      .select()
      .from(operatorActions)
      .where(sql`${operatorActions.target} in (${`referral ${heldRow?.id}`}, ${`referral ${twinRow?.id}`})`)
    expect(audit.map((a) => (a.after as { review: string }).review).sort()).toEqual(['approved', 'rejected'])
    await booksClean()
  })

  it('pays nothing while the brand has rewards off', async () => {
    await runOps(server, 'referral', 'settings', 'off')
    try {
      const m = await moneyMember(server)
      const f = await registerFriend(await codeOf(m))
      await plays(f, 1, 600_00n)
      expect(await payDue()).toBe(0)
    } finally {
      await runOps(server, 'referral', 'settings', 'on')
    }
  })
})

describe('the daily share', () => {
  it('pays each referrer once per closed brand day (the brand’s time zone), across reruns and 10 runs at once', async () => {
    await runOps(server, 'referral', 'settings', '--share', '1')
    try {
      const [brand] = await server.db.select().from(merchants).where(eq(merchants.code, code()))
      expect(brand?.timeZone).toBe('Asia/Phnom_Penh')
      const a = await moneyMember(server)
      const c = await codeOf(a)
      const f1 = await registerFriend(c)
      const f2 = await registerFriend(c)
      // Both friends qualify (a deposit and 500.00) and are rewarded first.
      await plays(f1, 1, 50_000n)
      await plays(f2, 1, 50_000n)
      expect(await payDue()).toBeGreaterThanOrEqual(2)
      // Brand time (UTC+7): now is 16 October 01:30, so 14 and 15 October are closed days.
      const now = new Date('2026-10-15T18:30:00Z')
      await plays(f1, 0, 4_000n, new Date('2026-10-14T10:00:00Z')) // 14 October, 17:00
      await plays(f1, 0, 6_000n, new Date('2026-10-15T16:30:00Z')) // 15 October, 23:30 (16:30 UTC)
      await plays(f2, 0, 4_000n, new Date('2026-10-15T02:00:00Z')) // 15 October, 09:00
      await plays(f2, 0, 30_000n, new Date('2026-10-15T17:30:00Z')) // 16 October, 00:30: today, not closed
      const [m] = await server.db.select().from(merchants).where(eq(merchants.code, code()))
      if (!m) throw new Error('no brand')
      const at = referralServicesOf(server.db, { now: () => now }).referrals
      const runs = await Promise.all(Array.from({ length: 10 }, () => at.payDue(m)))
      expect(runs.reduce((x, y) => x + y, 0)).toBe(2)
      expect(await at.payDue(m)).toBe(0)
      const shares = await server.db
        .select({
          period: promotionClaims.period,
          amount: promotionClaims.amount,
          base: promotionClaims.base,
        })
        .from(promotionClaims)
        .where(sql`${promotionClaims.memberId} = ${a.id} and ${promotionClaims.period} like 'share:%'`)
        .orderBy(promotionClaims.period)
      // 1 % of the friends' valid bets of each brand day: 40.00 on the 14th, 60.00 + 40.00 on the 15th.
      expect(shares).toEqual([
        { period: 'share:2026-10-14', amount: 40n, base: 4_000n },
        { period: 'share:2026-10-15', amount: 100n, base: 10_000n },
      ])
      // A day later the 16th closes: its share is paid, the earlier days' are not again.
      const later = referralServicesOf(server.db, {
        now: () => new Date(now.getTime() + 86_400_000),
      }).referrals
      expect(await Promise.all(Array.from({ length: 5 }, () => later.payDue(m)))).toSatisfy(
        (r: number[]) => r.reduce((x, y) => x + y, 0) === 1,
      )
      const sixteenth = await server.db
        .select({ amount: promotionClaims.amount })
        .from(promotionClaims)
        .where(sql`${promotionClaims.memberId} = ${a.id} and ${promotionClaims.period} = 'share:2026-10-16'`)
      expect(sixteenth).toEqual([{ amount: 300n }])
      await booksClean()
    } finally {
      await runOps(server, 'referral', 'settings', '--share', '0')
    }
  })
})

describe('who may see what', () => {
  it('refuses a visitor and a guest every call; a member sees only their own friends', async () => {
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const guestToken = (guest.json() as { value: { token: string } }).value.token
    for (const [method, path] of [
      ['GET', ep.details.path],
      ['GET', ep.friends.path],
      ['GET', ep.overview.path],
      ['GET', ep.claims.path],
      ['POST', ep.bind.path],
    ] as const) {
      const body = method === 'POST' ? { body: { referralCode: 'LOTUS01' } } : {}
      expect((await plainCall(server, method, path, body)).statusCode, path).toBe(401)
      const asGuest = await plainCall(server, method, path, { token: guestToken, ...body })
      expect(asGuest.statusCode, path).toBe(403)
      expect(failureOf(asGuest).errorCode).toBe('in_need_true_account')
    }
    const a = await moneyMember(server)
    const b = await moneyMember(server)
    await registerFriend(await codeOf(a))
    expect((await friendList(a)).total).toBe(1)
    expect(await friendList(b)).toMatchObject({ total: 0, list: [] })
    expect((await overview(b)).totalInvitations).toBe(0)
    expect(await codeOf(a)).not.toBe(await codeOf(b))
  })

  it('lists the rewards paid to the member only, one per row, the friend masked', async () => {
    const a = await moneyMember(server)
    const b = await moneyMember(server)
    const friendId = await registerFriend(await codeOf(a))
    await plays(friendId, 1, 50_000n)
    await payDue()
    const [friend] = await server.db.select().from(members).where(eq(members.id, friendId))
    const claims = async (m: MoneyMember) => {
      const res = await plainCall(server, 'GET', `${ep.claims.path}?pageNo=1&pageSize=10`, { token: m.token })
      expect(res.statusCode, res.body).toBe(200)
      return successEnvelope(ep.claims.response).parse(res.json()).value
    }
    const mine = await claims(a)
    expect(mine).toMatchObject({ total: 1, pageNo: 1, pageSize: 10 })
    expect(mine.list).toEqual([
      {
        kind: 'friend',
        friend: `${friend?.username.slice(0, 2)}***${friend?.username.slice(-2)}`,
        day: null,
        amount: '50.00',
        paidAt: expect.any(Number),
      },
    ])
    expect(await claims(b)).toMatchObject({ total: 0, list: [] })
    expect(
      (await plainCall(server, 'GET', `${ep.claims.path}?pageSize=1000`, { token: a.token })).statusCode,
    ).toBe(400)
  })

  it('pages the list newest first', async () => {
    const m = await moneyMember(server)
    const c = await codeOf(m)
    for (let i = 0; i < 3; i++) await registerFriend(c)
    const first = await friendList(m, '?pageNo=1&pageSize=2')
    const second = await friendList(m, '?pageNo=2&pageSize=2')
    expect(first).toMatchObject({ total: 3, pageNo: 1, pageSize: 2 })
    expect(first.list).toHaveLength(2)
    expect(second.list).toHaveLength(1)
    expect(first.list[0]!.joinedAt).toBeGreaterThanOrEqual(second.list[0]!.joinedAt)
    expect((await friends(m, '?pageSize=1000')).statusCode).toBe(400)
  })
})
