/**
 * Points earned on lottery bets (decision 030): the draw writes each settled bet's earn in its
 * own transaction, after the winners' money; a voided issue earns nothing; reconcile is clean.
 */
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pointsFor } from '#contract/points-values'
import { recordEndpoints } from '#contract/records'
import { betRecords, pointEarnBets, pointTransactions } from '#server/db/schema'
import { writeVersion } from '#server/loyalty/points/point-config'
import { reconcile } from '#server/money/ledger-reconcile'
import { runOps, type TestServer } from '../build-server'
import { plainCall, valueOf } from '../identity-helpers'
import { near, orderOf, place } from '../lottery-helpers'
import { moneyMember } from '../money-helpers'
import { buildLotteryServer, lotteryClock, lotteryTools } from './lottery-setup'

const clock = lotteryClock()
let server: TestServer

beforeAll(async () => {
  server = await buildLotteryServer(clock)
  await writeVersion(
    server.db,
    server.config.MERCHANT_CODE,
    { enabled: true, rates: { ELOTT: 20, LOTT: 20 }, conversions: [] },
    new Date(clock.now().getTime() - 60_000),
  )
})
afterAll(async () => {
  await server?.close()
})

const { books, drawAfterClose } = lotteryTools(() => server, clock)

async function earnsOf(betNos: string[]) {
  const bets = await server.db.select().from(betRecords).where(inArray(betRecords.betNo, betNos))
  const earns = await server.db
    .select({
      betRecordId: pointEarnBets.betRecordId,
      basis: pointEarnBets.basis,
      rate: pointEarnBets.rate,
      amount: pointEarnBets.amount,
      transactionId: pointTransactions.id,
      type: pointTransactions.type,
      memberId: pointTransactions.memberId,
      reference: pointTransactions.reference,
      memo: pointTransactions.memo,
    })
    .from(pointEarnBets)
    .innerJoin(pointTransactions, eq(pointTransactions.id, pointEarnBets.transactionId))
    .where(
      inArray(
        pointEarnBets.betRecordId,
        bets.map((b) => b.id),
      ),
    )
  return { bets, earns }
}

describe('points on lottery bets', () => {
  it('earns on every settled bet of a draw, once, and reconciles', async () => {
    const a = await moneyMember(server, '50.00', 'lp')
    const b = await moneyMember(server, '50.00', 'lp')
    const n = await near(server, 'E5D5')
    const numero = n.current?.numero ?? ''
    const orders = [
      orderOf(
        await place(server, a.token, {
          lottoGameCode: 'E5D5',
          numero,
          bets: [
            { betType: 'POS_DIGIT', position: 2, digits: [1, 2, 3], stake: '5' },
            { betType: 'BIG_SMALL', pick: 'BIG', stake: '1.23' },
          ],
        }),
      ),
      orderOf(
        await place(server, b.token, {
          lottoGameCode: 'E5D5',
          numero,
          bets: [{ betType: 'BIG_SMALL', pick: 'SMALL', stake: '7' }],
        }),
      ),
    ]
    const betNos = orders.flatMap((o) => o.bets.map((x) => x.betId))
    expect((await earnsOf(betNos)).earns).toEqual([])
    await drawAfterClose(n.current?.closeAt ?? 0)
    const { bets, earns } = await earnsOf(betNos)
    expect(bets.every((x) => x.status === 'SETTLED')).toBe(true)
    expect(earns).toHaveLength(bets.length)
    for (const bet of bets) {
      const earn = earns.find((e) => e.betRecordId === bet.id)
      expect(earn).toMatchObject({
        type: 'EARN',
        basis: bet.validBet,
        rate: 20,
        amount: pointsFor(bet.validBet, 20, 2),
        memberId: bet.memberId,
        reference: expect.stringMatching(/^lottery:\d+$/),
        memo: expect.stringContaining(numero),
      })
    }
    // One earn per member of the draw, whatever their number of bets.
    expect(new Set(earns.map((e) => e.transactionId)).size).toBe(2)
    expect(new Set(earns.filter((e) => e.memberId === a.id).map((e) => e.transactionId)).size).toBe(1)
    // 15.00 + 1.23 at 0.2 points per 1.00 for a; 7.00 for b.
    const want = (memberId: number) =>
      bets.filter((x) => x.memberId === memberId).reduce((s, x) => s + pointsFor(x.validBet, 20, 2), 0n)
    expect(want(a.id)).toBe(300n + 24n)
    expect(await runOps(server, 'points', 'balance', a.username)).toBe(`${a.username}: 3.24 points`)
    expect(await runOps(server, 'points', 'balance', b.username)).toBe(`${b.username}: 1.4 points`)
    // The member's points details show the draw's earn once, named by its game and issue.
    const details = await plainCall(server, 'GET', `${recordEndpoints.movements.path}?book=points`, {
      token: a.token,
    }).then((r) => valueOf(r, (v) => recordEndpoints.movements.response.parse(v)))
    expect(details.list.map((m) => [m.type, m.amount, m.memo])).toEqual([
      ['EARN', '3.24', expect.stringContaining(numero)],
    ])
    // A second draw run finds the issue done and earns nothing more.
    await drawAfterClose(n.current?.closeAt ?? 0)
    expect((await earnsOf(betNos)).earns).toHaveLength(bets.length)
    expect(await books()).toMatchObject({ ledger: true, lottery: true })
    expect((await reconcile(server.db)).points).toMatchObject({ ok: true, earnDrift: [] })
  })

  it('earns nothing on a voided issue', async () => {
    const m = await moneyMember(server, '50.00', 'lv')
    const n = await near(server, 'E5D5')
    const numero = n.current?.numero ?? ''
    const order = orderOf(
      await place(server, m.token, {
        lottoGameCode: 'E5D5',
        numero,
        bets: [{ betType: 'BIG_SMALL', pick: 'BIG', stake: '3' }],
      }),
    )
    await runOps(server, 'lottery', 'void', 'E5D5', numero)
    expect((await earnsOf(order.bets.map((x) => x.betId))).earns).toEqual([])
    expect((await reconcile(server.db)).ok).toBe(true)
  })
})
