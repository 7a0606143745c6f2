/**
 * Withdrawals: requests within limits that move the amount in flight at once, the operator's
 * approval or rejection, the member's confirmation (and the automatic one), the races with
 * card limits and deletions, a ledger refusal answered as one, transfers to the upline, and
 * the records that show every movement.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { WithdrawalSchema } from '#contract/funds'
import { MovementSchema } from '#contract/records'
import { betRecords, members, withdrawals } from '#server/db/schema'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { createClock, failureOf, minute, plainCall, tokenOf, valueOf } from '../identity-helpers'
import { mainMinor, moneyCall, moneyMember, newKey, sealedMoneyCall, tinyPng } from '../money-helpers'
import { url, withdrawalTools } from './money-withdrawal-setup'

const clock = createClock()
let server: TestServer

beforeAll(async () => {
  server = await build({ now: clock.now })
})
afterAll(async () => {
  if (server) expect((await reconcile(server.db)).ok).toBe(true)
  await server?.close()
})

const { withPassword, addCard, withdraw } = withdrawalTools(() => server)

describe('bank cards under a race', () => {
  it('never pass the limit when added in parallel', async () => {
    const m = await withPassword()
    for (let i = 0; i < 4; i++) await addCard(m, `777000${i}111`)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sealedMoneyCall(
          server,
          m.token,
          url.addCard,
          {
            bankCode: 'ABA',
            accountName: 'Sok Dara',
            accountNumber: `8880${String(i).padStart(2, '0')}1111`,
            paymentPassword: '246810',
          },
          null,
        ),
      ),
    )
    const added = answers.filter((r) => r.statusCode === 200).length
    expect(added).toBe(1)
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(['bank_card_limit', 'payment_password_locked']).toContain(failureOf(r).errorCode)
    }
    const cards = (await plainCall(server, 'GET', url.cards, { token: m.token })).json().value as unknown[]
    expect(cards).toHaveLength(5)
  })
})

describe('a withdrawal and the deletion of its card at the same moment', () => {
  it('never leave a waiting withdrawal to a deleted card', async () => {
    const m = await withPassword('100.00')
    for (let round = 0; round < 4; round++) {
      const card = await addCard(m, `555000${round}111`)
      const [w, d] = await Promise.all([
        withdraw(m, card, '10.00'),
        sealedMoneyCall(server, m.token, url.delCard, { cardId: card, paymentPassword: '246810' }, null),
      ])
      // One of the two wins; the other is told why.
      expect([w.statusCode, d.statusCode].filter((c) => c === 200)).toHaveLength(1)
      if (w.statusCode !== 200) expect(failureOf(w).errorCode).toBe('bank_card_not_found')
      if (d.statusCode !== 200) expect(failureOf(d).errorCode).toBe('bank_card_in_use')
    }
    const orphans = await server.db.execute(
      sql`select w.id from withdrawals w join bank_cards c on c.id = w.card_id
          where w.member_id = ${m.id} and w.status = 'PENDING' and c.deleted_at is not null`,
    )
    expect((orphans as unknown as { rows: unknown[] }).rows).toEqual([])
  })
})

describe('a ledger refusal that is not a short balance', () => {
  it('answers 500 and writes nothing, instead of claiming an insufficient balance', async () => {
    const m = await withPassword('100.00')
    const card = await addCard(m)
    // Another check on the ledger's accounts, which this withdrawal breaks: the amount in
    // flight may not grow past what other tests left there.
    const inFlight = await server.db.execute(
      sql`select coalesce(max(balance), 0)::text as b from ledger_accounts
          where code = 'house:withdrawals_in_flight'`,
    )
    const ceiling = (inFlight as unknown as { rows: { b: string }[] }).rows[0]?.b ?? '0'
    await server.db.execute(
      sql.raw(`alter table ledger_accounts add constraint test_in_flight_ceiling
          check (code <> 'house:withdrawals_in_flight' or balance <= ${BigInt(ceiling).toString()})`),
    )
    try {
      const res = await withdraw(m, card, '20.00')
      expect(res.statusCode).toBe(500)
      expect(failureOf(res).errorCode).toBe('internal_error')
    } finally {
      await server.db.execute(sql`alter table ledger_accounts drop constraint test_in_flight_ceiling`)
    }
    expect(await mainMinor(server, m.token)).toBe(10000n)
    const list = await plainCall(server, 'GET', url.list, { token: m.token })
    expect(list.json()).toMatchObject({ value: { total: 0 } })
  })
})

describe('withdrawals', () => {
  it('move the amount in flight at once; a rejection returns it', async () => {
    const m = await withPassword('100.00')
    const card = await addCard(m)
    const w = valueOf(await withdraw(m, card, '60.00'), (v) => WithdrawalSchema.parse(v))
    expect(w).toMatchObject({ status: 'PENDING', amount: '60.00', accountNumberMasked: '**** 6789' })
    expect(await mainMinor(server, m.token)).toBe(4000n)
    const summary = await plainCall(server, 'GET', '/wps/member/info/funds/consolidated', { token: m.token })
    expect(summary.json()).toMatchObject({ value: { withdrawalsInFlight: '60.00', pendingWithdrawals: 1 } })
    // The card is in use while the request waits.
    const del = await sealedMoneyCall(
      server,
      m.token,
      url.delCard,
      { cardId: card, paymentPassword: '246810' },
      null,
    )
    expect(failureOf(del).errorCode).toBe('bank_card_in_use')

    expect(await runOps(server, 'withdrawals', 'reject', String(w.id), 'name does not match')).toContain(
      'returned',
    )
    expect(await mainMinor(server, m.token)).toBe(10000n)
    await expect(runOps(server, 'withdrawals', 'approve', String(w.id))).rejects.toThrow(/not PENDING/)
  })

  it('refuse more than the balance (with the balance), outside the limits, or a bad amount', async () => {
    const m = await withPassword('20.00')
    const card = await addCard(m)
    const over = await withdraw(m, card, '20.01')
    expect(failureOf(over)).toMatchObject({ errorCode: 'insufficient_balance', value: { balance: '20.00' } })
    const low = await withdraw(m, card, '9.99')
    expect(failureOf(low)).toMatchObject({ errorCode: 'amount_out_of_range', value: { min: '10.00' } })
    const high = await withdraw(m, card, '50000.01')
    expect(failureOf(high).errorCode).toBe('amount_out_of_range')
    for (const amount of ['0', '-10', '1e3', '10.001', 'Infinity']) {
      expect(failureOf(await withdraw(m, card, amount)).errorCode).toBe('amount_invalid')
    }
    const wrongPw = await sealedMoneyCall(
      server,
      m.token,
      url.withdraw,
      { amount: '10', cardId: card, paymentPassword: '000000' },
      newKey(),
    )
    expect(failureOf(wrongPw).errorCode).toBe('payment_password_wrong')
    expect(await mainMinor(server, m.token)).toBe(2000n)
    const list = await plainCall(server, 'GET', url.list, { token: m.token })
    expect(list.json()).toMatchObject({ value: { total: 0 } })
  })

  it('happen once for a retried key', async () => {
    const m = await withPassword('100.00')
    const card = await addCard(m)
    const key = newKey()
    const a = await withdraw(m, card, '30.00', key)
    const b = await withdraw(m, card, '30.00', key)
    expect(b.json()).toEqual(a.json())
    expect(await mainMinor(server, m.token)).toBe(7000n)
    const other = await withdraw(m, card, '31.00', key)
    expect(failureOf(other).errorCode).toBe('idempotency_key_reused')
  })

  it('wait for the member’s confirmation once paid: received, partly received, not received', async () => {
    const m = await withPassword('300.00')
    const card = await addCard(m)
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      const w = valueOf(await withdraw(m, card, '50.00'), (v) => WithdrawalSchema.parse(v))
      await runOps(server, 'withdrawals', 'approve', String(w.id))
      ids.push(w.id)
    }
    expect(await mainMinor(server, m.token)).toBe(15000n)
    const waiting = await plainCall(server, 'GET', url.confirmations, { token: m.token })
    expect((waiting.json() as { value: unknown[] }).value).toHaveLength(3)

    const [a, b, c] = ids as [number, number, number]
    const all = await moneyCall(server, m.token, url.confirm, { withdrawalId: a, outcome: 'RECEIVED' })
    expect(all.json()).toMatchObject({ value: { status: 'RECEIVED' } })
    const partTooMuch = await moneyCall(server, m.token, url.confirm, {
      withdrawalId: b,
      outcome: 'PARTLY_RECEIVED',
      amountReceived: '50.00',
    })
    expect(failureOf(partTooMuch).errorCode).toBe('amount_out_of_range')
    const part = await moneyCall(server, m.token, url.confirm, {
      withdrawalId: b,
      outcome: 'PARTLY_RECEIVED',
      amountReceived: '30.00',
    })
    expect(part.json()).toMatchObject({ value: { status: 'PARTLY_RECEIVED', amountReceived: '30.00' } })
    const noProof = await moneyCall(server, m.token, url.confirm, {
      withdrawalId: c,
      outcome: 'NOT_RECEIVED',
    })
    expect(failureOf(noProof).errorCode).toBe('image_invalid')
    const withProof = await moneyCall(server, m.token, url.confirm, {
      withdrawalId: c,
      outcome: 'NOT_RECEIVED',
      proof: { contentType: 'image/png', data: tinyPng },
    })
    expect(withProof.json()).toMatchObject({ value: { status: 'NOT_RECEIVED' } })
    // Confirmed once: a second answer is refused, and the operator sees the dispute.
    const twice = await moneyCall(server, m.token, url.confirm, { withdrawalId: a, outcome: 'NOT_RECEIVED' })
    expect(failureOf(twice).errorCode).toBe('withdrawal_not_confirmable')
    expect(await runOps(server, 'withdrawals', 'list', 'NOT_RECEIVED')).toContain('(proof)')
    // Confirmation moves no money.
    expect(await mainMinor(server, m.token)).toBe(15000n)
  })

  it('count as received when the member does not answer in time, and then cannot be disputed', async () => {
    const m = await withPassword('100.00')
    const card = await addCard(m)
    const w = valueOf(await withdraw(m, card, '40.00'), (v) => WithdrawalSchema.parse(v))
    await runOps(server, 'withdrawals', 'approve', String(w.id))
    const [pending] = (await plainCall(server, 'GET', url.confirmations, { token: m.token })).json()
      .value as {
      autoReceiveAt: number
    }[]
    expect(pending?.autoReceiveAt).toBeGreaterThan(Date.now())
    clock.advance(24 * 60 * minute + minute)
    // A day later the session has ended too: log in again.
    m.token = await tokenOf(server, m.username, 'lotus123')
    const list = await plainCall(server, 'GET', url.confirmations, { token: m.token })
    expect(list.json()).toMatchObject({ value: [] })
    const late = await moneyCall(server, m.token, url.confirm, {
      withdrawalId: w.id,
      outcome: 'NOT_RECEIVED',
      proof: { contentType: 'image/png', data: tinyPng },
    })
    expect(failureOf(late)).toMatchObject({
      errorCode: 'withdrawal_not_confirmable',
      value: { status: 'AUTO_RECEIVED' },
    })
    // Reads write nothing: the row is as the payout left it until the job has run.
    const stored = async () =>
      (await server.db.select().from(withdrawals).where(eq(withdrawals.id, w.id)))[0]?.status
    await plainCall(server, 'GET', url.list, { token: m.token })
    expect(await stored()).toBe('PAID')
    // The job's run counts it as received, and the member's list shows what it left.
    expect(await server.services.funds.autoReceive()).toBeGreaterThanOrEqual(1)
    expect(await stored()).toBe('AUTO_RECEIVED')
    const after = (await plainCall(server, 'GET', url.list, { token: m.token })).json() as {
      value: { list: { id: number; status: string }[] }
    }
    expect(after.value.list.find((x) => x.id === w.id)?.status).toBe('AUTO_RECEIVED')
    expect(await mainMinor(server, m.token)).toBe(6000n)
  })

  it('of another member cannot be confirmed', async () => {
    const a = await withPassword('100.00')
    const b = await withPassword()
    const w = valueOf(await withdraw(a, await addCard(a), '10.00'), (v) => WithdrawalSchema.parse(v))
    await runOps(server, 'withdrawals', 'approve', String(w.id))
    const res = await moneyCall(server, b.token, url.confirm, { withdrawalId: w.id, outcome: 'RECEIVED' })
    expect(failureOf(res).errorCode).toBe('withdrawal_not_found')
  })
})

describe('transfer to upline', () => {
  it('sends money to the upline only when the account allows it', async () => {
    const agent = await moneyMember(server, undefined, 'ag')
    const m = await withPassword('50.00')
    const refused = await sealedMoneyCall(server, m.token, url.upline, {
      amount: '5',
      paymentPassword: '246810',
    })
    expect(failureOf(refused).errorCode).toBe('transfer_upline_not_allowed')
    await server.db.update(members).set({ parentId: agent.id, toUpline: true }).where(eq(members.id, m.id))
    const ok = await sealedMoneyCall(server, m.token, url.upline, {
      amount: '5.50',
      paymentPassword: '246810',
    })
    expect(ok.json()).toMatchObject({ value: { upline: agent.username, sumBalance: '44.50' } })
    expect(await mainMinor(server, agent.token)).toBe(550n)
    const over = await sealedMoneyCall(server, m.token, url.upline, {
      amount: '44.51',
      paymentPassword: '246810',
    })
    expect(failureOf(over)).toMatchObject({ errorCode: 'insufficient_balance', value: { balance: '44.50' } })
  })
})

describe('records', () => {
  // One wallet per vendor, as an operator switches the brand (the demo plays from main).
  beforeAll(async () => {
    await runOps(server, 'wallet-mode', 'MULTI')
  })
  afterAll(async () => {
    await runOps(server, 'wallet-mode', 'SINGLE')
  })

  it('list every movement with its type, signed amount and balance after, newest first', async () => {
    const m = await withPassword()
    await runOps(server, 'adjust', m.username, '80.00', 'goodwill')
    await runOps(server, 'bonus', m.username, '5.00', 'Weekend bonus')
    const card = await addCard(m)
    const w = valueOf(await withdraw(m, card, '20.00'), (v) => WithdrawalSchema.parse(v))
    await runOps(server, 'withdrawals', 'reject', String(w.id))
    await moneyCall(server, m.token, '/wps/relay/GCS_walletTransfer', {
      fromAccountTypeId: 2,
      toAccountTypeId: 100,
      amount: '10',
    })
    const res = await plainCall(server, 'GET', url.movements, { token: m.token })
    const page = valueOf(res, (v) => z.object({ list: z.array(MovementSchema), total: z.number() }).parse(v))
    expect(page.total).toBe(6)
    expect(page.list.map((x) => [x.type, x.amount, x.balanceAfter, x.accountTypeId])).toEqual([
      ['WALLET_TRANSFER', '10.00', '10.00', 100],
      ['WALLET_TRANSFER', '-10.00', '75.00', 2],
      ['WITHDRAWAL_RETURN', '20.00', '85.00', 2],
      ['WITHDRAWAL', '-20.00', '65.00', 2],
      ['BONUS', '5.00', '85.00', 2],
      ['ADJUSTMENT', '80.00', '80.00', 2],
    ])
    const onlyBonus = await plainCall(server, 'GET', `${url.movements}?type=BONUS`, { token: m.token })
    expect(onlyBonus.json()).toMatchObject({ value: { total: 1 } })
    const paged = await plainCall(server, 'GET', `${url.movements}?pageNo=2&pageSize=4`, { token: m.token })
    expect(paged.json()).toMatchObject({ value: { total: 6, pageNo: 2, pageSize: 4 } })
    expect((paged.json() as { value: { list: unknown[] } }).value.list).toHaveLength(2)
    const future = await plainCall(
      server,
      'GET',
      `${url.movements}?startTime=${clock.now().getTime() + 60_000}`,
      {
        token: m.token,
      },
    )
    expect(future.json()).toMatchObject({ value: { total: 0 } })
    const badPage = await plainCall(server, 'GET', `${url.movements}?pageSize=1000`, { token: m.token })
    expect(failureOf(badPage).errorCode).toBe('validation_failed')

    const bonuses = await plainCall(server, 'GET', '/wps/relay/MCSFE_getBonusDetails', { token: m.token })
    expect(bonuses.json()).toMatchObject({
      value: { total: 1, totalAmount: '5.00', list: [{ amount: '5.00', memo: 'Weekend bonus' }] },
    })
  })

  it('show bets by product with totals, and profit and loss', async () => {
    const m = await moneyMember(server)
    const at = clock.now()
    const bet = (betNo: string, productType: string, bet: bigint, payout: bigint) => ({
      merchantCode: server.config.MERCHANT_CODE,
      memberId: m.id,
      betNo,
      productType,
      accountTypeId: 109,
      vendorName: 'Demo Slots',
      gameName: 'Lucky Lotus',
      betAmount: bet,
      validBet: bet,
      payout,
      status: 'SETTLED' as const,
      betTime: at,
      settledTime: at,
    })
    await server.db
      .insert(betRecords)
      .values([bet('r1', 'RNG', 1000n, 2500n), bet('r2', 'RNG', 500n, 0n), bet('l1', 'LIVE', 2000n, 0n)])
    const rng = await plainCall(server, 'GET', '/wps/relay/ODSFE2_MemBetDet?productType=RNG', {
      token: m.token,
    })
    expect(rng.json()).toMatchObject({
      value: { total: 2, totals: { betAmount: '15.00', payout: '25.00', winLoss: '10.00' } },
    })
    const pnl = await plainCall(server, 'GET', '/wps/relay/ODSFE2_MemPNLDet', { token: m.token })
    expect(pnl.json()).toMatchObject({
      value: {
        totals: { betAmount: '35.00', payout: '25.00', winLoss: '-10.00' },
        products: [
          { productType: 'LIVE', winLoss: '-20.00' },
          { productType: 'RNG', winLoss: '10.00' },
        ],
        profit: '-10.00',
      },
    })
    const other = await moneyMember(server)
    const none = await plainCall(server, 'GET', '/wps/relay/ODSFE2_MemBetDet', { token: other.token })
    expect(none.json()).toMatchObject({ value: { total: 0, totals: { betAmount: '0.00' } } })
  })
})
