/**
 * The lottery's draws on the server, with the app's clock in the test's hands: voids
 * refunding, a failed draw retried whole, missed draws drawn on the next catch-up, a bet
 * racing the draw at the close, the published results, and the operator's commands on games,
 * odds and limits. The ledger and the lottery's books reconcile after each.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lotteryBets, lotteryIssues } from '#server/db/schema'
import { drawFromSeed } from '#server/lottery/rng'
import { expectRevalidated } from '../art-helpers'
import { runOps, type TestServer } from '../build-server'
import { failureOf, minute, plainCall, second, valueOf } from '../identity-helpers'
import { myBets, near, orderOf, place } from '../lottery-helpers'
import { mainMinor, moneyMember } from '../money-helpers'
import { buildLotteryServer, lotteryClock, lotteryTools } from './lottery-setup'

const clock = lotteryClock()
let server: TestServer

beforeAll(async () => {
  server = await buildLotteryServer(clock)
})
afterAll(async () => {
  await server?.close()
})

const { books, issueRow, fixSeed } = lotteryTools(() => server, clock)

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
