/**
 * The agent centre's reports: the team's bets, each member's profit and loss and the team's
 * money movements, only ever of the caller's own team, against what was played and moved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentEndpoints } from '#contract/agent'
import { betRecords } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import { createMember, failureOf, plainCall, tokenOf, valueOf } from '../identity-helpers'

let server: TestServer
let n = 0

async function account(type: number, parentId?: number) {
  n += 1
  const username = `ar${type}x${n}${process.pid % 1000}`
  const row = await createMember(server, { username, password: 'lotus123', type, parentId })
  return { id: row.id, username: row.username, token: await tokenOf(server, username, 'lotus123') }
}

type Account = Awaited<ReturnType<typeof account>>
let agent: Account
let sub: Account
let a1: Account
let b1: Account
let other: Account
let stranger: Account

function bet(memberId: number, betNo: string, stake: bigint, payout: bigint, productType: 'RNG' | 'LIVE') {
  const at = new Date()
  return {
    merchantCode: server.config.MERCHANT_CODE,
    memberId,
    betNo,
    productType,
    accountTypeId: 2,
    vendorName: productType === 'RNG' ? 'Slots Co' : 'Live Co',
    gameName: 'game',
    betAmount: stake,
    validBet: stake,
    payout,
    status: 'SETTLED' as const,
    betTime: at,
    settledTime: at,
  }
}

beforeAll(async () => {
  server = await build()
  agent = await account(1)
  sub = await account(2, agent.id)
  a1 = await account(0, agent.id)
  b1 = await account(0, sub.id)
  other = await account(1)
  stranger = await account(0, other.id)
  await server.db
    .insert(betRecords)
    .values([
      bet(a1.id, 'ar-1', 1_000n, 0n, 'RNG'),
      bet(b1.id, 'ar-2', 500n, 2_000n, 'LIVE'),
      bet(b1.id, 'ar-3', 300n, 0n, 'RNG'),
      bet(stranger.id, 'ar-4', 9_900n, 0n, 'RNG'),
    ])
  await runOps(server, 'adjust', a1.username, '20.00', 'test credit')
  await runOps(server, 'adjust', stranger.username, '30.00', 'test credit')
})

afterAll(async () => {
  await server.close()
})

const get = (token: string, path: string, q = '') =>
  plainCall(server, 'GET', `${path}?period=today${q}`, { token })

describe('team betting', () => {
  it("lists the team's bets with totals, filtered by member, game type and vendor, never another team's", async () => {
    const all = valueOf(await get(agent.token, agentEndpoints.teamBets.path), (v) =>
      agentEndpoints.teamBets.response.parse(v),
    )
    expect(all.list.map((b) => b.betNo).sort()).toEqual(['ar-1', 'ar-2', 'ar-3'])
    expect(all.totals).toEqual({ betAmount: '18.00', validBet: '18.00', winLoss: '2.00' })
    const live = valueOf(await get(agent.token, agentEndpoints.teamBets.path, '&productType=LIVE'), (v) =>
      agentEndpoints.teamBets.response.parse(v),
    )
    expect(live.list.map((b) => [b.betNo, b.winLoss])).toEqual([['ar-2', '15.00']])
    const one = valueOf(await get(agent.token, agentEndpoints.teamBets.path, `&memberId=${a1.id}`), (v) =>
      agentEndpoints.teamBets.response.parse(v),
    )
    expect(one.list.map((b) => b.betNo)).toEqual(['ar-1'])
    const vendor = valueOf(
      await get(agent.token, agentEndpoints.teamBets.path, '&vendorName=Slots%20Co'),
      (v) => agentEndpoints.teamBets.response.parse(v),
    )
    expect(vendor.list.map((b) => b.betNo).sort()).toEqual(['ar-1', 'ar-3'])
    // The sub-agent sees its own member only.
    const mine = valueOf(await get(sub.token, agentEndpoints.teamBets.path), (v) =>
      agentEndpoints.teamBets.response.parse(v),
    )
    expect(mine.list.map((b) => b.betNo).sort()).toEqual(['ar-2', 'ar-3'])
  })

  it('answers a member of another team, an upline and a missing one alike', async () => {
    for (const [who, id] of [
      [agent, stranger.id],
      [sub, a1.id],
      [sub, agent.id],
      [agent, 2_000_000_000],
    ] as const) {
      for (const path of [agentEndpoints.teamBets.path, agentEndpoints.teamMovements.path]) {
        const res = await get(who.token, path, `&memberId=${id}`)
        expect(res.statusCode).toBe(404)
        expect(failureOf(res).errorCode).toBe('downline_not_found')
      }
    }
  })
})

describe('a typed account filter', () => {
  it('narrows team betting and account details to that member of the team, in any letter case', async () => {
    const bets = valueOf(
      await get(
        agent.token,
        agentEndpoints.teamBets.path,
        `&account=${encodeURIComponent(` ${b1.username.toUpperCase()} `)}`,
      ),
      (v) => agentEndpoints.teamBets.response.parse(v),
    )
    expect(bets.list.map((b) => b.betNo).sort()).toEqual(['ar-2', 'ar-3'])
    const moves = valueOf(
      await get(agent.token, agentEndpoints.teamMovements.path, `&account=${a1.username}`),
      (v) => agentEndpoints.teamMovements.response.parse(v),
    )
    expect(moves.list.length).toBeGreaterThan(0)
    expect(new Set(moves.list.map((r) => r.account))).toEqual(new Set([a1.username]))
  })

  it('answers an account of another team, an upline, oneself, a part of a name and a missing one alike', async () => {
    for (const [who, account] of [
      [agent, stranger.username],
      [sub, a1.username],
      [sub, agent.username],
      [agent, agent.username],
      [agent, b1.username.slice(0, -1)],
      [agent, 'nobody-here'],
      [agent, '%'],
    ] as const) {
      for (const path of [agentEndpoints.teamBets.path, agentEndpoints.teamMovements.path]) {
        const res = await get(who.token, path, `&account=${encodeURIComponent(account)}`)
        expect(res.statusCode).toBe(404)
        expect(failureOf(res).errorCode).toBe('downline_not_found')
      }
    }
    // A typed account and a chosen member that differ name no one.
    const res = await get(
      agent.token,
      agentEndpoints.teamBets.path,
      `&account=${a1.username}&memberId=${b1.id}`,
    )
    expect(failureOf(res).errorCode).toBe('downline_not_found')
  })
})

describe('user loss', () => {
  it("gives each member's profit and loss, biggest loss first, with the team's totals", async () => {
    const v = valueOf(await get(agent.token, agentEndpoints.teamProfitLoss.path), (x) =>
      agentEndpoints.teamProfitLoss.response.parse(x),
    )
    expect(v.list.map((r) => [r.account, r.profitLoss, r.level])).toEqual([
      [a1.username, '-10.00', 1],
      [b1.username, '12.00', 2],
    ])
    expect(v.totals).toEqual({ validBets: '18.00', profitLoss: '2.00' })
    expect(v.list.find((r) => r.account === a1.username)?.bonuses).toBe('0.00')
  })
})

describe('account details', () => {
  it("lists the team's money movements of the period, by member and by type", async () => {
    const v = valueOf(await get(agent.token, agentEndpoints.teamMovements.path), (x) =>
      agentEndpoints.teamMovements.response.parse(x),
    )
    expect(v.list.map((r) => [r.account, r.amount])).toEqual([[a1.username, '20.00']])
    const none = valueOf(await get(agent.token, agentEndpoints.teamMovements.path, '&type=DEPOSIT'), (x) =>
      agentEndpoints.teamMovements.response.parse(x),
    )
    expect(none.total).toBe(0)
    const strangers = valueOf(await get(other.token, agentEndpoints.teamMovements.path), (x) =>
      agentEndpoints.teamMovements.response.parse(x),
    )
    expect(strangers.list.map((r) => r.account)).toEqual([stranger.username])
  })
})
