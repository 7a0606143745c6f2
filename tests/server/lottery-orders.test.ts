/**
 * The lottery's orders on the server, with the app's clock in the test's hands: the lobby's
 * reads, placing orders (and every refusal leaving nothing debited), idempotent replays, the
 * draw paying exactly what the rules and the seed say, and each member seeing only their own
 * bets. The ledger and the lottery's books reconcile after each.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { betRecords, ledgerAccounts, lotteryBets } from '#server/db/schema'
import { commitmentOf, drawFromSeed } from '#server/lottery/rng'
import { hitsOf, payoutOf, sumOddsMilli } from '#server/lottery/rules'
import { houseAccountCode } from '#server/money/ledger'
import type { TestServer } from '../build-server'
import { failureOf, plainCall, valueOf } from '../identity-helpers'
import { myBets, near, orderOf, place } from '../lottery-helpers'
import { mainMinor, moneyMember, newKey } from '../money-helpers'
import { buildLotteryServer, lotteryClock, lotteryTools } from './lottery-setup'

const clock = lotteryClock()
let server: TestServer

beforeAll(async () => {
  server = await buildLotteryServer(clock)
})
afterAll(async () => {
  await server?.close()
})

const { books, fixSeed, drawAfterClose } = lotteryTools(() => server, clock)

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

  it('20 orders of a trial account at once never spend more play money than it holds', async () => {
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const token = valueOf(guest, (v) => (v as { token: string }).token)
    const numero = (await near(server, 'E5D1')).current?.numero ?? ''
    const body = {
      lottoGameCode: 'E5D1',
      numero,
      bets: [{ betType: 'BIG_SMALL' as const, pick: 'SMALL' as const, stake: '120' }],
    }
    // 2,000.00 of play money, 120.00 an order: sixteen of twenty go through, whatever the interleaving.
    const many = await Promise.all(Array.from({ length: 20 }, () => place(server, token, body)))
    expect(many.filter((r) => r.statusCode === 200)).toHaveLength(16)
    for (const r of many.filter((r) => r.statusCode !== 200))
      expect(failureOf(r).errorCode).toBe('insufficient_balance')
    expect(await mainMinor(server, token)).toBe(8_000n)
    expect((await myBets(server, token)).total).toBe(16)
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

  it('takes a trial account’s play money and pays its win from the trial house, and refuses a visitor', async () => {
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const token = valueOf(guest, (v) => (v as { token: string }).token)
    const n = await near(server, 'E5D1')
    const numero = n.current?.numero ?? ''
    const seed = 'cd'.repeat(32)
    await fixSeed('E5D1', numero, seed)
    const drawn = drawFromSeed('D5', seed, 'E5D1', numero)
    const sum = [...drawn.main].reduce((s, d) => s + Number(d), 0)
    const pick = sum >= 23 ? ('BIG' as const) : ('SMALL' as const)
    const body = { lottoGameCode: 'E5D1', numero, bets: [{ betType: 'BIG_SMALL', pick, stake: '10' }] }
    const houses = async () => {
      const rows = await server.db
        .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.merchantCode, server.config.MERCHANT_CODE))
      const of = (kind: 'lottery' | 'trial_lottery') =>
        rows.find((r) => r.code === houseAccountCode(kind))?.balance ?? 0n
      return { lottery: of('lottery'), trial: of('trial_lottery') }
    }
    const before = await houses()
    expect(orderOf(await place(server, token, body)).balance).toBe('1990.00')
    expect(await houses()).toEqual({ lottery: before.lottery, trial: before.trial + 1000n })
    expect((await myBets(server, token)).list.map((b) => b.status)).toEqual(['PENDING'])

    await drawAfterClose(n.current?.closeAt ?? 0)
    // The right pick pays 10 × 1.96 of play money, from the trial house only.
    expect(await mainMinor(server, token)).toBe(199_000n + 1960n)
    // (The catch-up also draws other members' issues: only the trial house is this bet's alone.)
    expect((await houses()).trial).toBe(before.trial + 1000n - 1960n)
    expect((await myBets(server, token)).list.map((b) => [b.status, b.payout])).toEqual([['WON', '19.60']])
    expect(await books()).toMatchObject({ ledger: true, lottery: true, mismatches: [] })

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
