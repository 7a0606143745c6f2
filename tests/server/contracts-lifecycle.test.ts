/**
 * The life of an agent contract (decision 024) through its endpoints: offers within one's
 * own terms to one's direct downline agents, answers, terminations at the end of the
 * period, the lower-rate rule end to end, every bad input of issue 34 (each a clear
 * errorCode that writes nothing) and parallel duplicates.
 */
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ContractActionResultSchema,
  ContractOverviewSchema,
  contractEndpointsByKind,
  type ContractKind,
  type ContractTerms,
} from '#contract/contracts'
import { agentContractEvents, agentContracts, fundNotices, merchants } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import { createMember, failureOf, plainCall, tokenOf, valueOf } from '../identity-helpers'
import { newKey } from '../money-helpers'

let server: TestServer

interface Account {
  id: number
  username: string
  token: string
}

let n = 0
async function account(type: number, parentId?: number): Promise<Account> {
  n += 1
  const username = `ct${type}x${n}${process.pid % 1000}`
  const row = await createMember(server, { username, password: 'lotus123', type, parentId })
  return { id: row.id, username: row.username, token: await tokenOf(server, username, 'lotus123') }
}

const daily = (...tiers: [number, number][]): ContractTerms => ({
  kind: 'dailySalary',
  tiers: tiers.map(([from, rate]) => ({ from, rate })),
})

function act(who: Account, kind: ContractKind, body: object, key: string = newKey()) {
  return plainCall(server, 'POST', contractEndpointsByKind[kind].act.path, {
    token: who.token,
    body,
    headers: { 'idempotency-key': key },
  })
}

async function read(who: Account, kind: ContractKind) {
  const res = await plainCall(server, 'GET', `${contractEndpointsByKind[kind].read.path}?pageSize=100`, {
    token: who.token,
  })
  return valueOf(res, (v) => ContractOverviewSchema.parse(v))
}

const resultOf = (res: Parameters<typeof valueOf>[0]) =>
  valueOf(res, (v) => ContractActionResultSchema.parse(v))

async function offer(from: Account, to: Account, terms: ContractTerms) {
  const res = await act(from, terms.kind, { action: 'offer', downlineId: to.id, terms })
  expect(res.statusCode, res.body).toBe(200)
  return resultOf(res).contract
}

async function accept(who: Account, kind: ContractKind, contractId: number, confirmLower?: boolean) {
  return act(who, kind, { action: 'accept', contractId, ...(confirmLower ? { confirmLower } : {}) })
}

/** Rows the contracts area writes: a refusal must leave every count as it was. */
async function written() {
  const count = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0
  return {
    contracts: await count(server.db.select({ n: sql<number>`count(*)::int` }).from(agentContracts)),
    events: await count(server.db.select({ n: sql<number>`count(*)::int` }).from(agentContractEvents)),
    notices: await count(
      server.db
        .select({ n: sql<number>`count(*)::int` })
        .from(fundNotices)
        .where(like(fundNotices.kind, 'contract%')),
    ),
    statuses: (
      await server.db.select({ s: agentContracts.status, e: agentContracts.endsAt }).from(agentContracts)
    )
      .map((r) => `${r.s}${r.e ? '+' : ''}`)
      .sort()
      .join(','),
  }
}

async function noticesOf(memberId: number) {
  return server.db
    .select({ kind: fundNotices.kind, reference: fundNotices.reference, reason: fundNotices.reason })
    .from(fundNotices)
    .where(and(eq(fundNotices.memberId, memberId), like(fundNotices.kind, 'contract%')))
    .orderBy(fundNotices.id)
}

// top ─┬─ sub (agent) ─┬─ subsub (agent)
//      │               └─ subMember
//      ├─ sub2 (agent)
//      └─ direct (member)
// other (top agent) ── otherSub (agent)
let top: Account
let sub: Account
let sub2: Account
let subsub: Account
let direct: Account
let other: Account
let otherSub: Account

const houseDaily = daily([0, 5_000], [10_000_000, 8_000], [50_000_000, 10_000])

beforeAll(async () => {
  server = await build()
  top = await account(1)
  sub = await account(2, top.id)
  sub2 = await account(2, top.id)
  subsub = await account(2, sub.id)
  await account(0, sub.id)
  direct = await account(0, top.id)
  other = await account(1)
  otherSub = await account(2, other.id)
  for (const a of [top, other]) {
    await runOps(
      server,
      'contract',
      'set',
      a.username,
      'dailySalary',
      JSON.stringify({ tiers: houseDaily.tiers }),
    )
  }
})

afterAll(async () => {
  await server.close()
})

describe('an offer and its answer', () => {
  it('offers a direct downline agent terms within its own; the downline sees it and accepts', async () => {
    const offered = await offer(top, sub2, daily([0, 3_000], [10_000_000, 6_000]))
    expect(offered).toMatchObject({ status: 'offered', uplineId: top.id, downlineId: sub2.id })
    expect(offered.expiresAt).toBe(offered.offeredAt + 7 * 86_400_000)
    const mine = await read(sub2, 'dailySalary')
    expect(mine.offers.map((o) => o.id)).toEqual([offered.id])
    const theirs = await read(top, 'dailySalary')
    expect(theirs.mine?.uplineId).toBeNull()
    expect(theirs.downline.list.find((d) => d.id === sub2.id)?.offer?.id).toBe(offered.id)
    // Members are not listed: only agents take contracts.
    expect(theirs.downline.list.map((d) => d.id)).not.toContain(direct.id)

    const res = await accept(sub2, 'dailySalary', offered.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(resultOf(res).contract.status).toBe('accepted')
    expect((await read(sub2, 'dailySalary')).mine?.id).toBe(offered.id)
    expect(await noticesOf(sub2.id)).toEqual([
      { kind: 'contract_offered', reference: `contract:${offered.id}`, reason: 'dailySalary' },
    ])
    expect(await noticesOf(top.id)).toEqual([
      { kind: 'contract_accepted', reference: `contract:${offered.id}`, reason: 'dailySalary' },
    ])
    // The notice reads in the inbox in the member's language, the kind named.
    const inbox = await plainCall(server, 'GET', '/wps/relay/CSP_getInbox', {
      token: sub2.token,
      headers: { language: 'EN' },
    })
    expect(JSON.stringify(inbox.json())).toContain('Your upline offers you a daily salary contract.')
    // A click opens the kind's page of the agent centre.
    expect(JSON.stringify(inbox.json())).toContain('/index?popup=agentCentre&agentPage=agentDailyWages2')
    const events = await server.db
      .select({ action: agentContractEvents.action, actor: agentContractEvents.actor })
      .from(agentContractEvents)
      .where(eq(agentContractEvents.contractId, offered.id))
      .orderBy(agentContractEvents.id)
    expect(events).toEqual([
      { action: 'offered', actor: `member:${top.id}` },
      { action: 'accepted', actor: `member:${sub2.id}` },
    ])
  })

  it('a newer offer replaces the open one, and an accepted one replaces the contract in force', async () => {
    const first = await offer(top, sub2, daily([0, 2_000]))
    const second = await offer(top, sub2, daily([0, 4_000]))
    const stale = await accept(sub2, 'dailySalary', first.id)
    expect(stale.statusCode).toBe(409)
    expect(failureOf(stale).errorCode).toBe('contract_offer_closed')
    const was = (await read(sub2, 'dailySalary')).mine
    expect((await accept(sub2, 'dailySalary', second.id)).statusCode).toBe(200)
    const now = (await read(sub2, 'dailySalary')).mine
    expect(now?.id).toBe(second.id)
    const [old] = await server.db
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.id, was?.id ?? 0))
    expect(old?.status).toBe('replaced')
  })

  it('a rejection closes the offer and tells the upline', async () => {
    const o = await offer(top, sub, daily([0, 1_000]))
    const res = await act(sub, 'dailySalary', { action: 'reject', contractId: o.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(resultOf(res).contract.status).toBe('rejected')
    expect((await noticesOf(top.id)).at(-1)).toEqual({
      kind: 'contract_rejected',
      reference: `contract:${o.id}`,
      reason: 'dailySalary',
    })
    const again = await accept(sub, 'dailySalary', o.id)
    expect(failureOf(again).errorCode).toBe('contract_offer_closed')
  })
})

describe('bad input: a clear errorCode, nothing written', () => {
  const cases: [string, () => Promise<Parameters<typeof failureOf>[0]>, string][] = [
    [
      'a rate above its own',
      () => act(top, 'dailySalary', { action: 'offer', downlineId: sub.id, terms: daily([0, 5_001]) }),
      'contract_rate_too_high',
    ],
    [
      'a rate above its own at a higher band only',
      () =>
        act(top, 'dailySalary', {
          action: 'offer',
          downlineId: sub.id,
          terms: daily([0, 5_000], [20_000_000, 9_000]),
        }),
      'contract_rate_too_high',
    ],
    [
      'tiers that overlap',
      () =>
        act(top, 'dailySalary', {
          action: 'offer',
          downlineId: sub.id,
          terms: daily([0, 1_000], [0, 2_000]),
        }),
      'contract_tiers_invalid',
    ],
    [
      'a rate that decreases',
      () =>
        act(top, 'dailySalary', {
          action: 'offer',
          downlineId: sub.id,
          terms: daily([0, 2_000], [100, 1_000]),
        }),
      'contract_tiers_invalid',
    ],
    [
      'a gap below the first band',
      () => act(top, 'dailySalary', { action: 'offer', downlineId: sub.id, terms: daily([100, 1_000]) }),
      'contract_tiers_invalid',
    ],
    [
      'an offer to a non-direct downline',
      () => act(top, 'dailySalary', { action: 'offer', downlineId: subsub.id, terms: daily([0, 1_000]) }),
      'contract_target_invalid',
    ],
    [
      'an offer to a member',
      () => act(top, 'dailySalary', { action: 'offer', downlineId: direct.id, terms: daily([0, 1_000]) }),
      'contract_target_invalid',
    ],
    [
      'an offer to oneself',
      () => act(top, 'dailySalary', { action: 'offer', downlineId: top.id, terms: daily([0, 1_000]) }),
      'contract_target_invalid',
    ],
    [
      "an offer to another team's agent",
      () => act(top, 'dailySalary', { action: 'offer', downlineId: otherSub.id, terms: daily([0, 1_000]) }),
      'downline_not_found',
    ],
    [
      'an offer to an id that does not exist',
      () => act(top, 'dailySalary', { action: 'offer', downlineId: 2_000_000_000, terms: daily([0, 1_000]) }),
      'downline_not_found',
    ],
    [
      'an offer of a kind the agent does not hold',
      () =>
        act(top, 'hourlySalary', {
          action: 'offer',
          downlineId: sub.id,
          terms: { kind: 'hourlySalary', tiers: [{ from: 0, rate: 1 }] },
        }),
      'contract_rate_too_high',
    ],
    [
      'terms of another kind',
      () =>
        act(top, 'dailySalary', {
          action: 'offer',
          downlineId: sub.id,
          terms: { kind: 'hourlySalary', tiers: [{ from: 0, rate: 1 }] },
        }),
      'validation_failed',
    ],
    [
      'accepting a contract that does not exist',
      () => accept(sub, 'dailySalary', 2_000_000_000),
      'contract_not_found',
    ],
  ]

  beforeAll(async () => {
    await runOps(server, 'flag', 'set', 'hourSalary', 'on')
  })

  it.each(cases)('%s', async (_, run, code) => {
    const before = await written()
    const res = await run()
    expect(failureOf(res).errorCode, res.body).toBe(code)
    expect(await written()).toEqual(before)
  })

  it("accepting an expired, foreign, answered or replaced offer, or another kind's", async () => {
    const replaced = await offer(top, sub, daily([0, 1_500]))
    const live = await offer(top, sub, daily([0, 1_600]))
    const before = await written()
    for (const [who, kind, id, code] of [
      [sub, 'dailySalary', replaced.id, 'contract_offer_closed'],
      [other, 'dailySalary', live.id, 'contract_not_found'],
      [sub2, 'dailySalary', live.id, 'contract_not_found'],
      [top, 'dailySalary', live.id, 'contract_not_found'],
      [sub, 'dividend', live.id, 'contract_not_found'],
    ] as const) {
      const res = await accept(who, kind, id)
      expect(failureOf(res).errorCode, `${who.username} ${id}`).toBe(code)
    }
    expect(await written()).toEqual(before)
    expect((await accept(sub, 'dailySalary', live.id)).statusCode).toBe(200)
    const answered = await accept(sub, 'dailySalary', live.id)
    expect(failureOf(answered).errorCode).toBe('contract_offer_closed')

    // The brand's offers wait no time at all: the next one has expired when it is answered.
    await server.db.update(merchants).set({ contractOfferDays: 0 })
    server.services.settingsChanged()
    try {
      const expired = await offer(top, sub2, daily([0, 1_000]))
      expect(expired.status).toBe('expired')
      const mid = await written()
      const res = await accept(sub2, 'dailySalary', expired.id)
      expect(failureOf(res).errorCode).toBe('contract_offer_closed')
      expect(await written()).toEqual(mid)
    } finally {
      await server.db.update(merchants).set({ contractOfferDays: 7 })
      server.services.settingsChanged()
    }
  })

  it("terminating another pair's contract answers as one that does not exist", async () => {
    const theirs = (await read(sub, 'dailySalary')).mine
    if (!theirs) throw new Error('sub holds no daily salary')
    const before = await written()
    for (const who of [other, otherSub, subsub, sub2]) {
      const res = await act(who, 'dailySalary', { action: 'terminate', contractId: theirs.id })
      expect(failureOf(res).errorCode, who.username).toBe('contract_not_found')
    }
    expect(await written()).toEqual(before)
  })
})

describe('termination', () => {
  it('takes effect at the end of the day in the brand time zone, and tells the other side', async () => {
    const mine = (await read(sub2, 'dailySalary')).mine
    if (!mine) throw new Error('sub2 holds no daily salary')
    const res = await act(sub2, 'dailySalary', { action: 'terminate', contractId: mine.id })
    expect(res.statusCode, res.body).toBe(200)
    const c = resultOf(res).contract
    expect(c.status).toBe('accepted')
    const [brand] = await server.db.select({ tz: merchants.timeZone }).from(merchants)
    const endsAt = c.endsAt ?? 0
    expect(endsAt).toBeGreaterThan(Date.now())
    expect(endsAt - Date.now()).toBeLessThanOrEqual(86_400_000)
    const wall = new Intl.DateTimeFormat('en-GB', {
      timeZone: brand?.tz ?? 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(endsAt))
    expect(wall).toBe('00:00:00')
    expect((await noticesOf(top.id)).at(-1)).toEqual({
      kind: 'contract_terminated',
      reference: `contract:${mine.id}`,
      reason: 'dailySalary',
    })
    // Still in force until then; a second termination is refused.
    expect((await read(sub2, 'dailySalary')).mine?.endsAt).toBe(endsAt)
    const again = await act(top, 'dailySalary', { action: 'terminate', contractId: mine.id })
    expect(failureOf(again).errorCode).toBe('contract_offer_closed')
  })
})

describe('the lower-rate rule', () => {
  it('lists the downline contracts an accept would end, then ends them on confirmation', async () => {
    // sub holds 1,600; it pays subsub 1,200 at every volume.
    const subsubOffer = await offer(sub, subsub, daily([0, 1_200]))
    expect((await accept(subsub, 'dailySalary', subsubOffer.id)).statusCode).toBe(200)
    const lower = await offer(top, sub, daily([0, 1_000]))
    const before = await written()
    const warned = await accept(sub, 'dailySalary', lower.id)
    expect(warned.statusCode).toBe(409)
    const f = failureOf(warned)
    expect(f.errorCode).toBe('contract_lower_rate_confirm')
    expect((f.value as { contracts: { id: number; downlineId: number }[] }).contracts).toEqual([
      expect.objectContaining({ id: subsubOffer.id, downlineId: subsub.id }),
    ])
    expect(await written()).toEqual(before)

    const confirmed = await accept(sub, 'dailySalary', lower.id, true)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    const r = resultOf(confirmed)
    expect(r.contract.id).toBe(lower.id)
    expect(r.ended.map((c) => [c.id, c.status])).toEqual([[subsubOffer.id, 'terminated']])
    const [ended] = await server.db.select().from(agentContracts).where(eq(agentContracts.id, subsubOffer.id))
    expect(ended?.status).toBe('terminated')
    expect((await read(subsub, 'dailySalary')).mine).toBeNull()
    expect((await noticesOf(subsub.id)).at(-1)).toEqual({
      kind: 'contract_terminated',
      reference: `contract:${subsubOffer.id}`,
      reason: 'dailySalary',
    })
    const events = await server.db
      .select({ action: agentContractEvents.action, detail: agentContractEvents.detail })
      .from(agentContractEvents)
      .where(eq(agentContractEvents.contractId, subsubOffer.id))
      .orderBy(agentContractEvents.id)
    expect(events.at(-1)).toEqual({ action: 'terminated', detail: { lowerRate: lower.id } })
  })

  it('leaves alone the downline contracts still at or below the new terms', async () => {
    const o = await offer(sub, subsub, daily([0, 500]))
    expect((await accept(subsub, 'dailySalary', o.id)).statusCode).toBe(200)
    const higher = await offer(top, sub, daily([0, 2_000]))
    const res = await accept(sub, 'dailySalary', higher.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(resultOf(res).ended).toEqual([])
    expect((await read(subsub, 'dailySalary')).mine?.id).toBe(o.id)
  })
})

describe('parallel requests', () => {
  it('20 identical offers with one key make one offer, and every answer is its', async () => {
    const key = newKey()
    const terms = daily([0, 300])
    const before = await written()
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        act(sub, 'dailySalary', { action: 'offer', downlineId: subsub.id, terms }, key),
      ),
    )
    for (const res of all) expect(res.statusCode, res.body).toBe(200)
    const ids = new Set(all.map((res) => resultOf(res).contract.id))
    expect(ids.size).toBe(1)
    const after = await written()
    expect(after.contracts).toBe(before.contracts + 1)
    expect(after.notices).toBe(before.notices + 1)

    const [id] = [...ids]
    const acceptKey = newKey()
    const accepts = await Promise.all(
      Array.from({ length: 20 }, () =>
        act(subsub, 'dailySalary', { action: 'accept', contractId: id ?? 0 }, acceptKey),
      ),
    )
    for (const res of accepts) expect(res.statusCode, res.body).toBe(200)
    const accepted = await server.db
      .select()
      .from(agentContractEvents)
      .where(and(eq(agentContractEvents.contractId, id ?? 0), eq(agentContractEvents.action, 'accepted')))
    expect(accepted).toHaveLength(1)
  })

  it('20 offers at once with different keys leave one open offer; the others are told why', async () => {
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        act(top, 'dailySalary', { action: 'offer', downlineId: sub2.id, terms: daily([0, 100 + i]) }),
      ),
    )
    for (const res of all) {
      if (res.statusCode !== 200) expect(failureOf(res).errorCode, res.body).toBe('contract_offer_pending')
    }
    expect(all.some((res) => res.statusCode === 200)).toBe(true)
    const open = await server.db
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.downlineId, sub2.id),
          eq(agentContracts.kind, 'dailySalary'),
          inArray(agentContracts.status, ['offered']),
        ),
      )
    expect(open).toHaveLength(1)
  })
})
