/**
 * The brand's limits on transfers down (`agent limits`): the most per transfer (a red
 * envelope's total) and per agent per day of the brand's time zone. A refusal names the
 * limit and what is left today and moves nothing; 20 parallel transfers never go over the
 * day's limit.
 */
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentEndpoints } from '#contract/agent'
import { fundNotices, operatorActions } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import { createMember, failureOf, tokenOf } from '../identity-helpers'
import { mainMinor, newKey, sealedMoneyCall, testPaymentPassword } from '../money-helpers'

let server: TestServer
// 10:00 in Phnom Penh (UTC+7), the demo brand's time zone.
let clock = new Date('2026-11-20T03:00:00Z')

interface Account {
  id: number
  username: string
  token: string
}

let n = 0
async function account(
  type: number,
  parentId?: number,
  credit?: string,
): Promise<Account & { username: string }> {
  n += 1
  const username = `tl${type}x${n}${process.pid % 1000}`
  const row = await createMember(server, { username, password: 'lotus123', type, parentId })
  const token = await tokenOf(server, username, 'lotus123')
  if (credit) await runOps(server, 'adjust', username, credit, 'test credit')
  return { id: row.id, username, token }
}

/** Moves the clock and logs in again (a session left a day ends). */
async function at(time: string): Promise<void> {
  clock = new Date(time)
  for (const a of [agent, m1, m2]) a.token = await tokenOf(server, a.username, 'lotus123')
}

function transfer(a: Account, shares: { memberId: number; amount: string }[], key: string = newKey()) {
  return sealedMoneyCall(
    server,
    a.token,
    agentEndpoints.downlineTransfer.path,
    { shares, paymentPassword: testPaymentPassword },
    key,
  )
}

async function noticesOf(memberId: number) {
  return server.db.select().from(fundNotices).where(eq(fundNotices.memberId, memberId))
}

let agent: Account
let m1: Account
let m2: Account

beforeAll(async () => {
  server = await build({ now: () => clock })
  agent = await account(1, undefined, '1000.00')
  m1 = await account(0, agent.id)
  m2 = await account(0, agent.id)
  const res = await sealedMoneyCall(
    server,
    agent.token,
    '/wps/relay/setWithdrawPassword',
    {
      loginPassword: 'lotus123',
      paymentPassword: testPaymentPassword,
      confirmPaymentPassword: testPaymentPassword,
    },
    null,
  )
  expect(res.statusCode, res.body).toBe(200)
  await runOps(server, 'agent', 'limits', 'set', 'per-transfer', 'none')
  await runOps(server, 'agent', 'limits', 'set', 'per-day', 'none')
})

afterAll(() => server.close())

describe('agent limits', () => {
  it('are shown, set and cleared by the operator, each change in the audit trail', async () => {
    expect(await runOps(server, 'agent', 'limits', 'show')).toBe(
      'per transfer  none\nper day       none (Asia/Phnom_Penh)',
    )
    expect(await runOps(server, 'agent', 'limits', 'set', 'per-transfer', '50')).toBe(
      "agents' transfers down, per-transfer: none -> 50.00",
    )
    expect(await runOps(server, 'agent', 'limits', 'set', 'per-day', '1000.5')).toBe(
      "agents' transfers down, per-day: none -> 1,000.50",
    )
    expect(await runOps(server, 'agent', 'limits', 'show')).toBe(
      'per transfer  50.00\nper day       1,000.50 (Asia/Phnom_Penh)',
    )
    const [row] = await server.db.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(1)
    expect(row).toMatchObject({
      words: ['agent', 'limits', 'set', 'per-day', '1000.5'],
      target: "agents' transfer limit per-day",
      before: { 'per-day': 'none' },
      after: { 'per-day': '1,000.50' },
    })
    await runOps(server, 'agent', 'limits', 'set', 'per-day', 'none')
    expect(await runOps(server, 'agent', 'limits', 'show')).toBe(
      'per transfer  50.00\nper day       none (Asia/Phnom_Penh)',
    )
  })
})

describe('the most per transfer', () => {
  it('refuses a transfer or a red envelope over it, naming it, and moves nothing', async () => {
    await runOps(server, 'agent', 'limits', 'set', 'per-transfer', '50')
    const before = await mainMinor(server, agent.token)
    const one = await transfer(agent, [{ memberId: m1.id, amount: '50.01' }])
    expect(one.statusCode).toBe(422)
    expect(failureOf(one)).toMatchObject({ errorCode: 'transfer_over_limit', value: { limit: '50.00' } })
    // A red envelope's shares count together.
    const envelope = await transfer(agent, [
      { memberId: m1.id, amount: '30.00' },
      { memberId: m2.id, amount: '30.00' },
    ])
    expect(failureOf(envelope).errorCode).toBe('transfer_over_limit')
    expect(await mainMinor(server, agent.token)).toBe(before)
    expect(await noticesOf(m1.id)).toEqual([])

    const exactly = await transfer(agent, [
      { memberId: m1.id, amount: '25.00' },
      { memberId: m2.id, amount: '25.00' },
    ])
    expect(exactly.statusCode, exactly.body).toBe(200)
    expect(await mainMinor(server, agent.token)).toBe(before - 5000n)
    await runOps(server, 'agent', 'limits', 'set', 'per-transfer', 'none')
  })
})

describe('the most per day', () => {
  it("counts the day's transfers and envelopes in the brand's time zone, and says what is left", async () => {
    await at('2026-11-21T03:00:00Z')
    await runOps(server, 'agent', 'limits', 'set', 'per-day', '100')
    const before = await mainMinor(server, agent.token)
    expect((await transfer(agent, [{ memberId: m1.id, amount: '40.00' }])).statusCode).toBe(200)
    const envelope = await transfer(agent, [
      { memberId: m1.id, amount: '20.00' },
      { memberId: m2.id, amount: '20.00' },
    ])
    expect(envelope.statusCode, envelope.body).toBe(200)
    const over = await transfer(agent, [{ memberId: m2.id, amount: '20.01' }])
    expect(over.statusCode).toBe(422)
    expect(failureOf(over)).toMatchObject({
      errorCode: 'transfer_daily_limit',
      value: { limit: '100.00', remaining: '20.00' },
    })
    expect(await mainMinor(server, agent.token)).toBe(before - 8000n)
    // 23:59 in Phnom Penh is still the same day; 00:00 is the next one.
    await at('2026-11-21T16:59:00Z')
    expect(failureOf(await transfer(agent, [{ memberId: m2.id, amount: '20.01' }])).errorCode).toBe(
      'transfer_daily_limit',
    )
    await at('2026-11-21T17:00:00Z')
    expect((await transfer(agent, [{ memberId: m2.id, amount: '100.00' }])).statusCode).toBe(200)
    expect(await mainMinor(server, agent.token)).toBe(before - 18000n)
  })

  it('holds under 20 parallel transfers with different keys: never more than the day allows', async () => {
    await at('2026-11-23T03:00:00Z')
    await runOps(server, 'agent', 'limits', 'set', 'per-day', '70')
    const before = await mainMinor(server, agent.token)
    const received = (await noticesOf(m1.id)).length
    const all = await Promise.all(
      Array.from({ length: 20 }, () => transfer(agent, [{ memberId: m1.id, amount: '10.00' }])),
    )
    const ok = all.filter((r) => r.statusCode === 200)
    expect(ok.length).toBe(7)
    expect(all.filter((r) => r.statusCode !== 200).map((r) => failureOf(r).errorCode)).toEqual(
      Array.from({ length: 13 }, () => 'transfer_daily_limit'),
    )
    expect(await mainMinor(server, agent.token)).toBe(before - 7000n)
    expect((await noticesOf(m1.id)).length).toBe(received + 7)
    await runOps(server, 'agent', 'limits', 'set', 'per-day', 'none')
  })

  it('holds under 20 identical parallel requests with one key: one effect', async () => {
    await at('2026-11-24T03:00:00Z')
    await runOps(server, 'agent', 'limits', 'set', 'per-day', '15')
    const before = await mainMinor(server, agent.token)
    const key = newKey()
    const same = await Promise.all(
      Array.from({ length: 20 }, () => transfer(agent, [{ memberId: m2.id, amount: '10.00' }], key)),
    )
    expect(same.every((r) => r.statusCode === 200)).toBe(true)
    expect(await mainMinor(server, agent.token)).toBe(before - 1000n)
    await runOps(server, 'agent', 'limits', 'set', 'per-day', 'none')
  })
})

describe('the red envelope switch', () => {
  it('refuses a transfer to several members while AGENTRANSMULTDOWN3 is off, and still sends to one', async () => {
    await runOps(server, 'flag', 'set', 'AGENTRANSMULTDOWN3', 'off')
    try {
      const before = await mainMinor(server, agent.token)
      const envelope = await transfer(agent, [
        { memberId: m1.id, amount: '1.00' },
        { memberId: m2.id, amount: '1.00' },
      ])
      expect(envelope.statusCode).toBe(403)
      expect(failureOf(envelope).errorCode).toBe('feature_disabled')
      expect(await mainMinor(server, agent.token)).toBe(before)
      expect((await transfer(agent, [{ memberId: m1.id, amount: '1.00' }])).statusCode).toBe(200)
    } finally {
      await runOps(server, 'flag', 'set', 'AGENTRANSMULTDOWN3', 'on')
    }
  })
})
