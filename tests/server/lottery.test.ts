/**
 * The lottery on the server, with the app's clock in the test's hands: the lobby's reads,
 * placing orders (and every refusal leaving nothing debited), idempotent replays, the draw
 * paying exactly what the rules and the seed say, voids refunding, missed draws drawn on
 * the next catch-up, a bet racing the draw at the close, and each member seeing only their
 * own bets. The ledger and the lottery's books reconcile after each.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reconcile } from '../../server/money/ledger-reconcile'
import { betRecords, lotteryBets, lotteryGames, lotteryIssues } from '../../server/db/schema'
import { reconcileLottery } from '../../server/lottery/reconcile'
import { commitmentOf, drawFromSeed } from '../../server/lottery/rng'
import { hitsOf, payoutOf, sumOddsMilli } from '../../server/lottery/rules'
import { build, runOps, type TestServer } from '../build-server'
import { createClock, failureOf, minute, plainCall, second, valueOf } from '../identity-helpers'
import { mainMinor, moneyMember, newKey } from '../money-helpers'
import { myBets, near, orderOf, place } from '../lottery-helpers'
import { expectRevalidated } from '../art-helpers'

// 10:00:20 in Phnom Penh: the 60-second game's issue closes at 10:01:00 local.
const clock = createClock(Date.UTC(2026, 10, 23, 3, 0, 20))
let server: TestServer

beforeAll(async () => {
  server = await build({ now: clock.now, poolMax: 8 })
  // The demo games were seeded before the test's clock: made a minute before it.
  await server.db.update(lotteryGames).set({ createdAt: new Date(clock.now().getTime() - minute) })
})
afterAll(async () => {
  await server?.close()
})

async function books() {
  const ledger = await reconcile(server.db)
  const lottery = await reconcileLottery(server.db, server.config.MERCHANT_CODE, clock.now())
  return { ledger: ledger.ok, lottery: lottery.ok, mismatches: lottery.mismatches }
}

async function issueRow(code: string, numero: string) {
  const game = await server.services.lottery.games.byCode(server.config.MERCHANT_CODE, code)
  const row = game && (await server.services.lottery.keeper.issues.byNumero(game.row.id, numero))
  if (!row) throw new Error(`no issue ${code} ${numero}`)
  return row
}

/** Fixes an open issue's seed (and its commitment), so its result and payouts are known. */
async function fixSeed(code: string, numero: string, seed: string) {
  const issue = await issueRow(code, numero)
  await server.db
    .update(lotteryIssues)
    .set({ seed, commitment: commitmentOf(seed) })
    .where(eq(lotteryIssues.id, issue.id))
  return issue
}

/** Moves the clock past the issue's close and runs the catch-up (what the jobs do). */
async function drawAfterClose(closeAt: number) {
  const now = clock.now().getTime()
  if (now <= closeAt) clock.advance(closeAt - now + second)
  return server.services.lottery.catchUp()
}

describe('lobby reads', () => {
  it('lists the demo games by prize mode and the VN regions in order, localized', async () => {
    const res = await plainCall(server, 'GET', '/lgw/games/game_menus?prizeMode=ELOTT', {
      headers: { language: 'VI' },
    })
    const menus = valueOf(
      res,
      (v) => v as { menus: { gameGroupCode: string; games: { lottoGameCode: string; name: string }[] }[] },
    )
    expect(menus.menus.map((m) => m.gameGroupCode)).toEqual(['ELOTT'])
    expect(menus.menus[0]?.games.map((g) => g.lottoGameCode)).toEqual(['E5D1', 'E5D3', 'E5D5'])
    expect(menus.menus[0]?.games[0]?.name).toBe('Siêu tốc 5D 1 phút')

    const vn = await plainCall(server, 'GET', '/lgw/vn/games/game_menu', { headers: { language: 'EN' } })
    const gameMenus = valueOf(
      vn,
      (v) => (v as { gameMenus: { gameGroupCode: string; labelName: string; games: unknown[] }[] }).gameMenus,
    )
    expect(gameMenus.map((m) => [m.gameGroupCode, m.labelName, m.games.length])).toEqual([
      ['NORTH', 'Northern', 1],
      ['CENTRAL', 'Central', 1],
      ['SOUTH', 'Southern', 2],
    ])
  })

  it('counts down to the current issue with its commitment and never shows its seed', async () => {
    const n = await near(server, 'E5D1')
    expect(n.serverTime).toBe(clock.now().getTime())
    expect(n.current?.closeAt).toBe(Date.UTC(2026, 10, 23, 3, 1, 0))
    expect(n.current?.numero).toBe('20261123-0601')
    expect(n.next?.numero).toBe('20261123-0602')
    expect(n.current?.commitment).toMatch(/^[0-9a-f]{64}$/)
    const draw = await plainCall(server, 'GET', `/lgw/draw?lottoGameCode=E5D1&numero=${n.current?.numero}`)
    expect(valueOf(draw, (v) => v as { seed: string | null; main: string | null })).toMatchObject({
      seed: null,
      main: null,
    })
    const setting = await plainCall(server, 'GET', '/lgw/games/setting?lottoGameCode=E5D1')
    const betTypes = valueOf(
      setting,
      (v) => (v as { betTypes: { betType: string; odds: string }[] }).betTypes,
    )
    expect(betTypes.map((b) => b.betType)).toEqual(['POS_DIGIT', 'BIG_SMALL', 'ODD_EVEN', 'SUM_EXACT'])
    expect(betTypes[0]?.odds).toBe('9.8')
    // The exact sum lists every sum's odds: the rarest pay the most.
    const exact = betTypes[3] as { odds: string; oddsBySum?: string[] }
    expect(exact.odds).toBe('16.333')
    expect(exact.oddsBySum).toHaveLength(46)
    expect(exact.oddsBySum?.[0]).toBe('97998')
    expect(exact.oddsBySum?.[22]).toBe('16.333')
    expect(exact.oddsBySum?.[45]).toBe('97998')
  })

  it('answers lottery_game_not_found for an unknown game', async () => {
    const res = await plainCall(server, 'GET', '/lgw/numeros/near?lottoGameCode=NOPE')
    expect(res.statusCode).toBe(404)
    expect(failureOf(res).errorCode).toBe('lottery_game_not_found')
  })
})

describe('placing and settling', () => {
  it('debits an order once (a replay answers the same order) and pays exactly what the seed draws', async () => {
    const m = await moneyMember(server, '100.00', 'lt')
    const n = await near(server, 'E5D1')
    const numero = n.current?.numero ?? ''
    // A fixed seed for this issue: the result is known, so the payout is exact.
    const seed = 'ab'.repeat(32)
    await fixSeed('E5D1', numero, seed)
    const drawn = drawFromSeed('D5', seed, 'E5D1', numero)
    const first = Number(drawn.main[0])
    const sum = [...drawn.main].reduce((s, d) => s + Number(d), 0)
    const bets = [
      { betType: 'POS_DIGIT' as const, position: 1, digits: [first, (first + 1) % 10], stake: '2' },
      { betType: 'BIG_SMALL' as const, pick: sum >= 23 ? ('BIG' as const) : ('SMALL' as const), stake: '10' },
      {
        betType: 'ODD_EVEN' as const,
        pick: sum % 2 === 1 ? ('EVEN' as const) : ('ODD' as const),
        stake: '5',
      },
    ]
    const key = newKey()
    const res = await place(server, m.token, { lottoGameCode: 'E5D1', numero, bets }, key)
    const order = orderOf(res)
    expect(order.totalAmount).toBe('19.00')
    expect(order.balance).toBe('81.00')
    const again = orderOf(await place(server, m.token, { lottoGameCode: 'E5D1', numero, bets }, key))
    expect(again.orderId).toBe(order.orderId)
    expect(await mainMinor(server, m.token)).toBe(8100n)

    await drawAfterClose(n.current?.closeAt ?? 0)
    const result = await plainCall(server, 'GET', `/lgw/draw?lottoGameCode=E5D1&numero=${numero}`)
    const published = valueOf(
      result,
      (v) => v as { main: string; seed: string; commitment: string; status: string },
    )
    expect(published).toMatchObject({ status: 'DRAWN', main: drawn.main, seed })
    expect(commitmentOf(published.seed)).toBe(published.commitment)

    // POS_DIGIT: one of two digits hits (2 × 9.8 = 19.60); the right BIG/SMALL pays 10 × 1.96;
    // the wrong ODD/EVEN pays nothing.
    const expected = 1960n + 1960n
    expect(
      payoutOf(
        200n,
        9800,
        hitsOf('D5', 'POS_DIGIT', { position: 1, digits: [first, (first + 1) % 10] }, drawn),
      ),
    ).toBe(1960n)
    expect(await mainMinor(server, m.token)).toBe(8100n + expected)
    const mine = await myBets(server, m.token)
    expect(mine.list.map((b) => [b.status, b.payout, b.result])).toEqual(
      expect.arrayContaining([
        ['WON', '19.60', drawn.main],
        ['WON', '19.60', drawn.main],
        ['LOST', '0.00', drawn.main],
      ]),
    )
    // The betting record shows the bets as ELOTT, settled.
    const records = await server.db
      .select({ productType: betRecords.productType, status: betRecords.status, payout: betRecords.payout })
      .from(betRecords)
      .where(eq(betRecords.memberId, m.id))
    expect(records).toHaveLength(3)
    expect(records.every((r) => r.productType === 'ELOTT' && r.status === 'SETTLED')).toBe(true)
    expect(records.reduce((s, r) => s + r.payout, 0n)).toBe(expected)
    expect(await books()).toMatchObject({ ledger: true, lottery: true })
  })

  it('a bet on the exact sum is placed at that sum’s odds and paid them when the sum is drawn', async () => {
    const m = await moneyMember(server, '50.00', 'ls')
    const n = await near(server, 'E5D1')
    const numero = n.current?.numero ?? ''
    const seed = 'cd'.repeat(32)
    await fixSeed('E5D1', numero, seed)
    const drawn = drawFromSeed('D5', seed, 'E5D1', numero)
    const sum = [...drawn.main].reduce((s, d) => s + Number(d), 0)
    const other = sum === 45 ? 44 : sum + 1
    const bets = [
      { betType: 'SUM_EXACT' as const, sum, stake: '3' },
      { betType: 'SUM_EXACT' as const, sum: other, stake: '2' },
    ]
    const order = orderOf(await place(server, m.token, { lottoGameCode: 'E5D1', numero, bets }, newKey()))
    expect(order.totalAmount).toBe('5.00')
    const oddsMilli = sumOddsMilli(16_333, sum)
    expect(order.bets.map((b) => [b.selection, b.odds])).toEqual(
      expect.arrayContaining([
        [`Sum ${sum}`, (oddsMilli / 1000).toString()],
        [`Sum ${other}`, (sumOddsMilli(16_333, other) / 1000).toString()],
      ]),
    )

    await drawAfterClose(n.current?.closeAt ?? 0)
    const won = payoutOf(300n, oddsMilli, 1)
    expect(won).toBeGreaterThan(300n)
    expect(await mainMinor(server, m.token)).toBe(4500n + won)
    const mine = await myBets(server, m.token)
    expect(mine.list.map((b) => [b.betType, b.selection, b.status, b.hits, b.result])).toEqual(
      expect.arrayContaining([
        ['SUM_EXACT', `Sum ${sum}`, 'WON', 1, drawn.main],
        ['SUM_EXACT', `Sum ${other}`, 'LOST', 0, drawn.main],
      ]),
    )
    // An exact sum outside 0-45 is refused with the line and nothing is debited.
    const bad = await place(
      server,
      m.token,
      {
        lottoGameCode: 'E5D1',
        numero: (await near(server, 'E5D1')).current?.numero ?? '',
        bets: [{ betType: 'SUM_EXACT', sum: 46, stake: '1' }],
      },
      newKey(),
    )
    expect(failureOf(bad)).toMatchObject({
      errorCode: 'lottery_selection_invalid',
      value: { index: 0, reason: 'sum' },
    })
    expect(await mainMinor(server, m.token)).toBe(4500n + won)
    expect(await books()).toMatchObject({ ledger: true, lottery: true })
  })

  it('20 identical orders at once debit once; 20 orders with their own keys never overdraw', async () => {
    const m = await moneyMember(server, '10.00', 'lp')
    const numero = (await near(server, 'E5D1')).current?.numero ?? ''
    const body = {
      lottoGameCode: 'E5D1',
      numero,
      bets: [{ betType: 'BIG_SMALL' as const, pick: 'BIG' as const, stake: '2' }],
    }
    const key = newKey()
    const same = await Promise.all(Array.from({ length: 20 }, () => place(server, m.token, body, key)))
    const orders = new Set(same.filter((r) => r.statusCode === 200).map((r) => orderOf(r).orderId))
    expect(orders.size).toBe(1)
    // A duplicate still in flight is refused with a code, never a 500.
    for (const r of same.filter((r) => r.statusCode !== 200)) expect(r.statusCode).toBeLessThan(500)
    expect(await mainMinor(server, m.token)).toBe(800n)

    // 8.00 left, 2.00 an order: at most four of twenty go through, whatever the interleaving.
    const many = await Promise.all(Array.from({ length: 20 }, () => place(server, m.token, body)))
    const ok = many.filter((r) => r.statusCode === 200).length
    expect(ok).toBe(4)
    for (const r of many.filter((r) => r.statusCode !== 200))
      expect(failureOf(r).errorCode).toBe('insufficient_balance')
    expect(await mainMinor(server, m.token)).toBe(0n)
    expect((await myBets(server, m.token)).total).toBe(5)
    expect(await books()).toMatchObject({ ledger: true, lottery: true })
  })

  it('a NUL byte, a 2 MiB body, no body and no session are refused plainly, nothing debited', async () => {
    const m = await moneyMember(server, '10.00', 'ln')
    const numero = (await near(server, 'E5D1')).current?.numero ?? ''
    const nul = await place(server, m.token, {
      lottoGameCode: 'E5D1',
      numero,
      bets: [{ betType: 'LO2', numbers: ['1\u00002'], stake: '1' }],
    })
    expect(failureOf(nul).errorCode).toBe('validation_failed')
    const huge = await server.app.inject({
      method: 'POST',
      url: '/lgw/orders',
      headers: { authorization: m.token, 'content-type': 'application/json', 'idempotency-key': newKey() },
      payload: JSON.stringify({ lottoGameCode: 'E5D1', numero, pad: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(huge.statusCode).toBe(413)
    const bodiless = await server.app.inject({
      method: 'POST',
      url: '/lgw/orders',
      headers: { authorization: m.token, 'idempotency-key': newKey() },
    })
    expect(bodiless.statusCode).toBe(400)
    const visitor = await plainCall(server, 'POST', '/lgw/orders', {
      body: { lottoGameCode: 'E5D1', numero, bets: [{ betType: 'BIG_SMALL', pick: 'BIG', stake: '1' }] },
      headers: { 'idempotency-key': newKey() },
    })
    expect(visitor.statusCode).toBe(401)
    expect(await mainMinor(server, m.token)).toBe(1000n)
  })

  it('refuses every bad order with its errorCode and debits nothing', async () => {
    const m = await moneyMember(server, '20.00', 'lb')
    const n = await near(server, 'E5D1')
    const numero = n.current?.numero ?? ''
    const good = { betType: 'BIG_SMALL', pick: 'BIG', stake: '1' }
    const cases: [string, Record<string, unknown>, string][] = [
      ['unknown game', { lottoGameCode: 'NOPE', numero, bets: [good] }, 'lottery_game_not_found'],
      [
        'no such slot',
        { lottoGameCode: 'E5D1', numero: '20261123-9999', bets: [good] },
        'lottery_issue_not_found',
      ],
      [
        'a daily numero',
        { lottoGameCode: 'E5D1', numero: '20261123', bets: [good] },
        'lottery_issue_not_found',
      ],
      [
        'a closed issue',
        { lottoGameCode: 'E5D1', numero: '20261123-0001', bets: [good] },
        'lottery_issue_closed',
      ],
      [
        'the next issue',
        { lottoGameCode: 'E5D1', numero: n.next?.numero, bets: [good] },
        'lottery_issue_closed',
      ],
      [
        'stake below',
        { lottoGameCode: 'E5D1', numero, bets: [{ ...good, stake: '0.5' }] },
        'lottery_stake_out_of_range',
      ],
      [
        'stake above',
        { lottoGameCode: 'E5D1', numero, bets: [{ ...good, stake: '10001' }] },
        'lottery_stake_out_of_range',
      ],
      [
        'a line that could win more than one bet may',
        { lottoGameCode: 'E5D1', numero, bets: [good, { betType: 'SUM_EXACT', sum: 0, stake: '11' }] },
        'lottery_payout_over_limit',
      ],
      [
        'digit out of range',
        {
          lottoGameCode: 'E5D1',
          numero,
          bets: [{ betType: 'POS_DIGIT', position: 1, digits: [10], stake: '1' }],
        },
        'lottery_selection_invalid',
      ],
      [
        'duplicate digits',
        {
          lottoGameCode: 'E5D1',
          numero,
          bets: [{ betType: 'POS_DIGIT', position: 1, digits: [3, 3], stake: '1' }],
        },
        'lottery_selection_invalid',
      ],
      [
        'position 6',
        {
          lottoGameCode: 'E5D1',
          numero,
          bets: [{ betType: 'POS_DIGIT', position: 6, digits: [3], stake: '1' }],
        },
        'lottery_selection_invalid',
      ],
      [
        'VN bet on D5',
        { lottoGameCode: 'E5D1', numero, bets: [{ betType: 'LO2', numbers: ['12'], stake: '1' }] },
        'lottery_selection_invalid',
      ],
      [
        'over the balance',
        { lottoGameCode: 'E5D1', numero, bets: [{ ...good, stake: '21' }] },
        'insufficient_balance',
      ],
      [
        'stake with too many decimals',
        { lottoGameCode: 'E5D1', numero, bets: [{ ...good, stake: '1.001' }] },
        'validation_failed',
      ],
      ['zero stake', { lottoGameCode: 'E5D1', numero, bets: [{ ...good, stake: '0' }] }, 'validation_failed'],
      ['malformed numero', { lottoGameCode: 'E5D1', numero: 'x', bets: [good] }, 'validation_failed'],
      ['no bets', { lottoGameCode: 'E5D1', numero, bets: [] }, 'validation_failed'],
    ]
    for (const [what, body, code] of cases) {
      const res = await place(server, m.token, body)
      expect(failureOf(res).errorCode, what).toBe(code)
    }
    const closed = failureOf(await place(server, m.token, cases[3]![1]))
    expect((closed.value as { current: { numero: string } }).current.numero).toBe(numero)
    const dup = failureOf(await place(server, m.token, cases[8]![1]))
    expect(dup.value).toMatchObject({ index: 0 })
    const range = failureOf(await place(server, m.token, cases[5]![1]))
    expect(range.value).toMatchObject({ index: 0, minStake: '1.00', maxStake: '10000.00' })
    const decimals = failureOf(
      await place(server, m.token, {
        lottoGameCode: 'E5D1',
        numero,
        bets: [good, { ...good, stake: '1.001' }],
      }),
    )
    expect(decimals.value?.fields?.map((f) => f.path)).toEqual(['bets.1.stake'])
    expect(await mainMinor(server, m.token)).toBe(2000n)
    const [count] = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lotteryBets)
      .where(eq(lotteryBets.memberId, m.id))
    expect(count?.n).toBe(0)
  })

  it('refuses a VN bet with a wrong digit count', async () => {
    const m = await moneyMember(server, '20.00', 'lv')
    const n = await near(server, 'VN_MB')
    const res = await place(server, m.token, {
      lottoGameCode: 'VN_MB',
      numero: n.current?.numero ?? '',
      bets: [{ betType: 'LO2', numbers: ['123'], stake: '1' }],
    })
    expect(failureOf(res).errorCode).toBe('lottery_selection_invalid')
    expect(await mainMinor(server, m.token)).toBe(2000n)
  })

  it('refuses a trial account and a visitor', async () => {
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const token = valueOf(guest, (v) => (v as { token: string }).token)
    const n = await near(server, 'E5D1')
    const body = {
      lottoGameCode: 'E5D1',
      numero: n.current?.numero ?? '',
      bets: [{ betType: 'BIG_SMALL', pick: 'BIG', stake: '1' }],
    }
    expect(failureOf(await place(server, token, body)).errorCode).toBe('in_need_true_account')
    const visitor = await plainCall(server, 'POST', '/lgw/orders', {
      body,
      headers: { 'idempotency-key': newKey() },
    })
    expect(failureOf(visitor).errorCode).toBe('CUSTOMER_NOT_LOGIN')
  })

  it('shows a member only their own bets', async () => {
    const a = await moneyMember(server, '10.00', 'la')
    const b = await moneyMember(server, '10.00', 'lc')
    const n = await near(server, 'E5D3')
    orderOf(
      await place(server, a.token, {
        lottoGameCode: 'E5D3',
        numero: n.current?.numero ?? '',
        bets: [{ betType: 'ODD_EVEN', pick: 'ODD', stake: '1' }],
      }),
    )
    expect((await myBets(server, a.token)).total).toBe(1)
    expect((await myBets(server, b.token)).total).toBe(0)
    const recent = await plainCall(server, 'GET', '/lgw/games/game_menus/recent', { token: a.token })
    expect(
      valueOf(recent, (v) => (v as { list: { lottoGameCode: string }[] }).list.map((g) => g.lottoGameCode)),
    ).toEqual(['E5D3'])
  })
})

describe('void, missed draws and the race at the close', () => {
  it('voids an open issue through the operator command and refunds every bet', async () => {
    const m = await moneyMember(server, '50.00', 'lz')
    const n = await near(server, 'E5D5')
    const numero = n.current?.numero ?? ''
    orderOf(
      await place(server, m.token, {
        lottoGameCode: 'E5D5',
        numero,
        bets: [{ betType: 'POS_DIGIT', position: 2, digits: [1, 2, 3], stake: '5' }],
      }),
    )
    expect(await mainMinor(server, m.token)).toBe(3500n)
    const out = await runOps(server, 'lottery', 'void', 'E5D5', numero)
    expect(out).toContain('1 bets refunded')
    expect(await mainMinor(server, m.token)).toBe(5000n)
    expect((await myBets(server, m.token)).list[0]).toMatchObject({ status: 'VOID', payout: '15.00' })
    expect(await books()).toMatchObject({ ledger: true, lottery: true })
  })

  it('a draw that fails midway leaves no result and nothing paid; its retry settles it whole', async () => {
    const m = await moneyMember(server, '10.00', 'lf')
    const n = await near(server, 'E5D3')
    const numero = n.current?.numero ?? ''
    const order = orderOf(
      await place(server, m.token, {
        lottoGameCode: 'E5D3',
        numero,
        bets: [
          { betType: 'BIG_SMALL', pick: 'BIG', stake: '1' },
          { betType: 'BIG_SMALL', pick: 'SMALL', stake: '1' },
        ],
      }),
    )
    const issue = await issueRow('E5D3', numero)
    // The second bet's stored selection is unreadable: the draw fails partway through.
    const secondId = Number(order.bets[1]?.betId)
    await server.db
      .update(lotteryBets)
      .set({ selection: { broken: true } })
      .where(eq(lotteryBets.id, secondId))
    const at = new Date(n.current?.closeAt ?? 0)
    await expect(server.services.lottery.settlement.draw(issue.id, at)).rejects.toThrow(
      /unreadable selection/,
    )
    expect((await issueRow('E5D3', numero)).status).toBe('OPEN')
    expect((await myBets(server, m.token)).list.every((b) => b.status === 'PENDING')).toBe(true)
    expect(await mainMinor(server, m.token)).toBe(800n)
    expect(await books()).toMatchObject({ ledger: true, lottery: true })
    // Repaired, the retry draws it once: exactly one of BIG and SMALL wins.
    await server.db
      .update(lotteryBets)
      .set({ selection: { pick: 'SMALL' } })
      .where(eq(lotteryBets.id, secondId))
    expect((await server.services.lottery.settlement.draw(issue.id, at)).state).toBe('drawn')
    expect((await server.services.lottery.settlement.draw(issue.id, at)).state).toBe('done')
    expect(await mainMinor(server, m.token)).toBe(800n + 196n)
    expect(await books()).toMatchObject({ ledger: true, lottery: true })
  })

  it('makes and draws the issues missed while no server ran', async () => {
    await server.services.lottery.catchUp()
    const before = clock.now().getTime()
    clock.advance(10 * minute)
    const r = await server.services.lottery.catchUp()
    expect(r.missed).toBeGreaterThanOrEqual(5)
    const waiting = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lotteryIssues)
      .where(
        and(
          eq(lotteryIssues.status, 'OPEN'),
          sql`${lotteryIssues.closeAt} <= ${clock.now().toISOString()}::timestamptz`,
        ),
      )
    expect(waiting[0]?.n).toBe(0)
    // Every one-minute slot of those ten minutes has its drawn issue.
    const e5d1 = await server.services.lottery.games.byCode(server.config.MERCHANT_CODE, 'E5D1')
    const drawnInWindow = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lotteryIssues)
      .where(
        and(
          eq(lotteryIssues.gameId, e5d1?.row.id ?? 0),
          eq(lotteryIssues.status, 'DRAWN'),
          sql`${lotteryIssues.closeAt} > ${new Date(before).toISOString()}::timestamptz`,
          sql`${lotteryIssues.closeAt} <= ${clock.now().toISOString()}::timestamptz`,
        ),
      )
    expect(drawnInWindow[0]?.n).toBe(10)
    expect(await books()).toMatchObject({ ledger: true, lottery: true })
  })

  it('a bet racing the draw at the close lands before it (and is settled) or is refused', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => moneyMember(server, '10.00', 'lr')))
    const n = await near(server, 'E5D1')
    const closeAt = n.current?.closeAt ?? 0
    const numero = n.current?.numero ?? ''
    clock.advance(closeAt - clock.now().getTime() - 1)
    const issue = await issueRow('E5D1', numero)
    const body = { lottoGameCode: 'E5D1', numero, bets: [{ betType: 'BIG_SMALL', pick: 'BIG', stake: '1' }] }
    const [draw, ...answers] = await Promise.all([
      server.services.lottery.settlement.draw(issue.id, new Date(closeAt)),
      ...players.map((p) => place(server, p.token, body)),
    ])
    expect(draw.state).toBe('drawn')
    const landed = answers.filter((r) => r.statusCode === 200).length
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(failureOf(r).errorCode).toBe('lottery_issue_closed')
    }
    expect(draw.state === 'drawn' ? draw.bets : -1).toBe(landed)
    const pending = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lotteryBets)
      .where(and(eq(lotteryBets.issueId, issue.id), eq(lotteryBets.status, 'PENDING')))
    expect(pending[0]?.n).toBe(0)
    for (const [i, p] of players.entries()) {
      const bal = await mainMinor(server, p.token)
      if (answers[i]?.statusCode !== 200) expect(bal).toBe(1000n)
      else expect([900n, 900n + 196n]).toContain(bal)
    }
    expect(await books()).toMatchObject({ ledger: true, lottery: true })
    clock.advance(2 * second)
  })
})

describe('results', () => {
  it('publishes the latest draws, the popular games with countdowns, VN results and the winners', async () => {
    const opened = await plainCall(
      server,
      'GET',
      '/lotto/lgw/games/opened/numero?lottoGameCode=E5D1&pageSize=3',
    )
    const list = valueOf(
      opened,
      (v) => (v as { list: { numero: string; status: string; seed: string | null }[] }).list,
    )
    expect(list).toHaveLength(3)
    expect(list.every((r) => r.status === 'DRAWN' && r.seed !== null)).toBe(true)
    expect([...list].sort((a, b) => (a.numero < b.numero ? 1 : -1))).toEqual(list)

    const popular = await plainCall(server, 'GET', '/lgw/games/popular')
    const rows = valueOf(
      popular,
      (v) =>
        (
          v as {
            list: { game: { lottoGameCode: string; isHot: boolean }; current: { closeAt: number } | null }[]
          }
        ).list,
    )
    expect(rows.length).toBeLessThanOrEqual(20)
    const firstCold = rows.findIndex((r) => !r.game.isHot)
    expect(rows.slice(firstCold).every((r) => !r.game.isHot)).toBe(true)
    expect(rows.find((r) => r.game.lottoGameCode === 'E5D1')?.current?.closeAt).toBeGreaterThan(
      clock.now().getTime(),
    )
    expect(rows.every((r) => r.current !== null && r.current.closeAt > clock.now().getTime())).toBe(true)

    // The northern draw of the day, with a fixed seed: lo pays per prize ending in the
    // number, de only on the special prize's last two digits.
    const vnPlayer = await moneyMember(server, '100.00', 'lvn')
    const mb = await near(server, 'VN_MB')
    const mbNumero = mb.current?.numero ?? ''
    const seed = 'cd'.repeat(32)
    const mbIssue = await fixSeed('VN_MB', mbNumero, seed)
    const drawn = drawFromSeed('VN_NORTH', seed, 'VN_MB', mbNumero)
    const all = drawn.prizes.flatMap((p) => p.numbers)
    const special = drawn.main.slice(-2)
    const other = special === '00' ? '01' : '00'
    const loHits = (n: string) => all.filter((x) => x.endsWith(n)).length
    orderOf(
      await place(server, vnPlayer.token, {
        lottoGameCode: 'VN_MB',
        numero: mbNumero,
        bets: [
          { betType: 'LO2', numbers: [special, other], stake: '1' },
          { betType: 'DE2', numbers: [special], stake: '1' },
        ],
      }),
    )
    expect(await mainMinor(server, vnPlayer.token)).toBe(10000n - 300n)
    // Its draw job's work, at its close (evening in Hanoi).
    const outcome = await server.services.lottery.settlement.draw(mbIssue.id, mbIssue.closeAt)
    expect(outcome.state).toBe('drawn')
    const setting = await plainCall(server, 'GET', '/lgw/games/setting?lottoGameCode=VN_MB')
    const oddsOf = (t: string) =>
      valueOf(setting, (v) => (v as { betTypes: { betType: string; odds: string }[] }).betTypes).find(
        (b) => b.betType === t,
      )?.odds ?? '0'
    const milli = (odds: string) => BigInt(Math.round(Number(odds) * 1000))
    const expectedPay =
      (100n * milli(oddsOf('LO2')) * BigInt(loHits(special) + loHits(other))) / 1000n +
      (100n * milli(oddsOf('DE2'))) / 1000n
    const ledger = server.services.ledger
    const wallet = await ledger.memberAccount(server.config.MERCHANT_CODE, vnPlayer.id)
    expect(await ledger.balance(server.db, wallet)).toBe(10000n - 300n + expectedPay)
    const vn = await plainCall(server, 'GET', '/lgw/vn/numeros/opened/game?gameGroupCode=NORTH')
    const north = valueOf(
      vn,
      (v) =>
        (v as { list: { lottoGameCode: string; prizes: { prize: string; numbers: string[] }[] }[] }).list,
    )
    expect(north.map((r) => r.lottoGameCode)).toEqual(['VN_MB'])
    expect(north[0]?.prizes.reduce((n, p) => n + p.numbers.length, 0)).toBe(27)

    const board = await plainCall(server, 'GET', '/wps/relay/ODSFE2_getWinnerBoard?gameType=ELOTT')
    const winners = valueOf(board, (v) => (v as { list: { gameType: string; vassalage: string }[] }).list)
    expect(winners.length).toBeGreaterThan(0)
    expect(winners.every((w) => w.gameType === 'ELOTT' && w.vassalage === 'LOTTERY')).toBe(true)

    const art = await server.app.inject({ method: 'GET', url: '/media/lottery/E5D1.svg?v=1' })
    expect(art.statusCode).toBe(200)
    expect(art.headers['content-type']).toContain('image/svg+xml')
    expect(art.body).toContain('Speed 5D 1 min')
    const webp = await server.app.inject({ method: 'GET', url: '/media/lottery/E5D1.webp?v=1' })
    expect(webp.statusCode).toBe(200)
    expect(webp.headers['content-type']).toBe('image/webp')
    expect(webp.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP')
    await expectRevalidated(server.app, '/media/lottery/E5D1.webp')
  })
})

describe('operator commands', () => {
  it('adds a game drawing every 10 seconds, lists, disables and enables it', async () => {
    const out = await runOps(server, 'lottery', 'add', 'T10S', 'ELOTT', 'D5', 'every:10', 'Test', '10', 's')
    expect(out).toContain('lottery game T10S added')
    expect(await runOps(server, 'lottery', 'list')).toMatch(/on\s+T10S/)
    const n = await near(server, 'T10S')
    expect((n.current?.closeAt ?? 0) - (n.current?.openAt ?? 0)).toBe(10 * second)
    await runOps(server, 'lottery', 'disable', 'T10S')
    const res = await plainCall(server, 'GET', '/lgw/numeros/near?lottoGameCode=T10S')
    expect(failureOf(res).errorCode).toBe('lottery_game_not_found')
    await runOps(server, 'lottery', 'enable', 'T10S')
    expect((await near(server, 'T10S')).game.name).toBe('Test 10 s')
    await expect(runOps(server, 'lottery', 'add', 'T10S', 'ELOTT', 'D5', 'every:7', 'Bad')).rejects.toThrow(
      /schedule/,
    )
  })

  it('renames a game in one language, refusing a bad language, code or name', async () => {
    await runOps(server, 'lottery', 'add', 'EDN', 'ELOTT', 'D5', 'every:60', 'Edit', 'me')
    const out = await runOps(server, 'lottery', 'name', 'edn', '--lang', 'km', 'ល្បឿន', 'ថ្មី')
    expect(out).toBe('lottery game EDN is named "ល្បឿន ថ្មី" in km')
    const nameIn = async (language: string) => {
      const res = await plainCall(server, 'GET', '/lgw/games/setting?lottoGameCode=EDN', {
        headers: { language },
      })
      return valueOf(res, (v) => (v as { game: { name: string } }).game.name)
    }
    expect(await nameIn('KM')).toBe('ល្បឿន ថ្មី')
    expect(await nameIn('EN')).toBe('Edit me')
    await expect(runOps(server, 'lottery', 'name', 'EDN', '--lang', 'fr', 'Nom')).rejects.toThrow(
      /--lang is one of km, en, zh, th, vi/,
    )
    await expect(runOps(server, 'lottery', 'name', 'NOPE', '--lang', 'en', 'X')).rejects.toThrow(
      /no lottery game NOPE/,
    )
    await expect(runOps(server, 'lottery', 'name', 'EDN', '--lang', 'en')).rejects.toThrow(
      /the name is empty/,
    )
    await expect(runOps(server, 'lottery', 'name', 'EDN', '--lang', 'en', 'x'.repeat(61))).rejects.toThrow(
      /at most 60 characters/,
    )
    expect(await nameIn('EN')).toBe('Edit me')
  })

  it('sets a bet type’s odds for later bets only, refusing odds the house would lose on', async () => {
    await runOps(server, 'lottery', 'add', 'EDO', 'ELOTT', 'D5', 'every:60', 'Odds')
    const m = await moneyMember(server, '20.00', 'lo')
    const numero = (await near(server, 'EDO')).current?.numero ?? ''
    const bet = [{ betType: 'POS_DIGIT' as const, position: 1, digits: [5], stake: '1' }]
    const before = orderOf(await place(server, m.token, { lottoGameCode: 'EDO', numero, bets: bet }))
    expect(before.bets[0]?.odds).toBe('9.8')

    expect(await runOps(server, 'lottery', 'odds', 'EDO', 'pos_digit', '9.5')).toBe(
      'EDO POS_DIGIT pays 9.5 (returns 95 % of stakes); bets already placed keep their odds',
    )
    const setting = await plainCall(server, 'GET', '/lgw/games/setting?lottoGameCode=EDO')
    const odds = valueOf(setting, (v) => (v as { betTypes: { betType: string; odds: string }[] }).betTypes)
    expect(odds.find((b) => b.betType === 'POS_DIGIT')?.odds).toBe('9.5')
    const after = orderOf(await place(server, m.token, { lottoGameCode: 'EDO', numero, bets: bet }))
    expect(after.bets[0]?.odds).toBe('9.5')
    const stored = await server.db
      .select({ odds: lotteryBets.oddsMilli })
      .from(lotteryBets)
      .where(eq(lotteryBets.orderId, before.orderId))
    expect(stored).toEqual([{ odds: 9800 }])

    // The exact sum's odds are its likeliest sums'; the others follow.
    await runOps(server, 'lottery', 'odds', 'EDO', 'SUM_EXACT', '15')
    const exact = valueOf(
      await plainCall(server, 'GET', '/lgw/games/setting?lottoGameCode=EDO'),
      (v) => (v as { betTypes: { betType: string; oddsBySum?: string[] }[] }).betTypes,
    ).find((b) => b.betType === 'SUM_EXACT')
    expect([exact?.oddsBySum?.[22], exact?.oddsBySum?.[0]]).toEqual(['15', '90000'])

    const refused: [string[], RegExp][] = [
      [['EDO', 'POS_DIGIT', '10'], /return 100 % of stakes: the house would keep nothing/],
      [['EDO', 'SUM_EXACT', '16.667'], /return 100 % of stakes/],
      [['EDO', 'POS_DIGIT', '1'], /more than the stake back/],
      [['EDO', 'POS_DIGIT', '9.8765'], /at most 3 decimals/],
      [['EDO', 'POS_DIGIT', '-2'], /at most 3 decimals/],
      [['EDO', 'LO2', '3'], /EDO takes POS_DIGIT, BIG_SMALL, ODD_EVEN, SUM_EXACT, not LO2/],
      [['EDO', 'PICK9', '3'], /a bet type is one of/],
      [['EDO', 'POS_DIGIT'], /the odds are needed/],
      [['NOPE', 'POS_DIGIT', '9'], /no lottery game NOPE/],
    ]
    for (const [args, message] of refused) {
      await expect(runOps(server, 'lottery', 'odds', ...args), args.join(' ')).rejects.toThrow(message)
    }
    expect(odds.find((b) => b.betType === 'POS_DIGIT')?.odds).toBe('9.5')
  })

  it('sets stake limits in the brand’s currency for one bet type or all of them', async () => {
    await runOps(server, 'lottery', 'add', 'EDL', 'ELOTT', 'D5', 'every:60', 'Limits')
    const limits = async () => {
      const res = await plainCall(server, 'GET', '/lgw/games/setting?lottoGameCode=EDL')
      return valueOf(
        res,
        (v) => (v as { betTypes: { betType: string; minStake: string; maxStake: string }[] }).betTypes,
      ).map((b) => [b.betType, b.minStake, b.maxStake])
    }
    expect(await runOps(server, 'lottery', 'limits', 'EDL', '--min', '0.50', '--max', '2,000')).toContain(
      'EDL POS_DIGIT stakes 0.50 to 2,000.00 per unit',
    )
    await runOps(server, 'lottery', 'limits', 'EDL', 'sum_exact', '--max', '20')
    expect(await limits()).toEqual([
      ['POS_DIGIT', '0.50', '2000.00'],
      ['BIG_SMALL', '0.50', '2000.00'],
      ['ODD_EVEN', '0.50', '2000.00'],
      ['SUM_EXACT', '0.50', '20.00'],
    ])
    // A member's bet meets the new limits.
    const m = await moneyMember(server, '50.00', 'll')
    const numero = (await near(server, 'EDL')).current?.numero ?? ''
    const res = await place(server, m.token, {
      lottoGameCode: 'EDL',
      numero,
      bets: [{ betType: 'SUM_EXACT', sum: 30, stake: '20.50' }],
    })
    expect(failureOf(res)).toMatchObject({
      errorCode: 'lottery_stake_out_of_range',
      value: { index: 0, minStake: '0.50', maxStake: '20.00' },
    })
    expect(await mainMinor(server, m.token)).toBe(5000n)

    const refused: [string[], RegExp][] = [
      [['EDL', '--min', '0.005'], /--min is an amount above zero with at most 2 decimals, not 0.005/],
      [['EDL', '--max', '0'], /--max is an amount above zero/],
      [['EDL', '--min', 'ten'], /--min is an amount above zero/],
      [['EDL', 'SUM_EXACT', '--min', '25'], /SUM_EXACT: the least stake 25.00 would be above the most 20.00/],
      [['EDL'], /give --min, --max, --max-payout or a mix/],
      [['EDL', 'SUM_EXACT', '--max-payout', '5'], /give it without a bet type/],
      [['EDL', '--max-payout', '0'], /--max-payout is an amount above zero/],
      [['EDL', 'LO3', '--min', '1'], /not LO3/],
      [['EDL', '--least', '1'], /^Unknown option '--least'/],
    ]
    for (const [args, message] of refused) {
      await expect(runOps(server, 'lottery', 'limits', ...args), args.join(' ')).rejects.toThrow(message)
    }
    expect((await limits())[3]).toEqual(['SUM_EXACT', '0.50', '20.00'])
  })

  it('bounds what one bet line may win, naming the most it may stake, and the operator moves the bound', async () => {
    const setting = async () => {
      const res = await plainCall(server, 'GET', '/lgw/games/setting?lottoGameCode=E5D1')
      return valueOf(res, (v) => v as { maxPayout: string; betTypes: { betType: string; maxHits: number }[] })
    }
    const before = await setting()
    expect(before.maxPayout).toBe('1000000.00')
    expect(before.betTypes.map((b) => b.maxHits)).toEqual([1, 1, 1, 1])
    const m = await moneyMember(server, '200.00', 'lp')
    const numero = (await near(server, 'E5D1')).current?.numero ?? ''
    // Sum 0 pays ×97,998: 10.20 a unit wins 999,579.60; 10.21 would win 1,000,559.58.
    const over = await place(server, m.token, {
      lottoGameCode: 'E5D1',
      numero,
      bets: [
        { betType: 'SUM_EXACT', sum: 22, stake: '10.21' },
        { betType: 'SUM_EXACT', sum: 0, stake: '10.21' },
      ],
    })
    expect(failureOf(over)).toMatchObject({
      errorCode: 'lottery_payout_over_limit',
      value: { index: 1, maxPayout: '1000000.00', maxStake: '10.20' },
    })
    expect(await mainMinor(server, m.token)).toBe(20000n)
    const ok = await place(server, m.token, {
      lottoGameCode: 'E5D1',
      numero,
      bets: [{ betType: 'SUM_EXACT', sum: 0, stake: '10.20' }],
    })
    expect(ok.statusCode).toBe(200)
    expect(await mainMinor(server, m.token)).toBe(20000n - 1020n)

    expect(await runOps(server, 'lottery', 'limits', 'E5D1', '--max-payout', '500')).toContain(
      'E5D1: one bet line wins at most 500.00',
    )
    expect((await setting()).maxPayout).toBe('500.00')
    // 60 a unit on a digit at ×9.8 could win 588: 51.02 is the most that stays within 500.
    const digit = await place(server, m.token, {
      lottoGameCode: 'E5D1',
      numero,
      bets: [{ betType: 'POS_DIGIT', position: 2, digits: [1, 2], stake: '60' }],
    })
    expect(failureOf(digit)).toMatchObject({
      errorCode: 'lottery_payout_over_limit',
      value: { index: 0, maxPayout: '500.00', maxStake: '51.02' },
    })
    await runOps(server, 'lottery', 'limits', 'E5D1', '--max-payout', '1,000,000')
    expect((await setting()).maxPayout).toBe('1000000.00')
  })

  it('reconcile includes the lottery', async () => {
    const out = await runOps(server, 'reconcile')
    expect(out).toContain('lottery money reconciles')
    expect(out).toContain('ledger reconciles')
  })
})
