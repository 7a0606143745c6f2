/**
 * Agent contracts from the outside: who may call each contract endpoint (the authorization
 * matrix), the feature flag of each kind, the consolidated summary's four fields, the
 * operator's `contract` command and its bad arguments, and the demo's contracts.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ContractActionResultSchema,
  ContractOverviewSchema,
  contractEndpointsByKind,
  contractKinds,
  type ContractKind,
} from '#contract/contracts'
import { walletEndpoints } from '#contract/wallet'
import { agentContracts, operatorActions } from '#server/db/schema'
import { seedDemoTeam } from '#server/db/seed'
import { demoHouseTerms } from '#server/db/seed-agent-contracts'
import { OpsError } from '#server/ops/commands'
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
  const username = `ca${type}x${n}${process.pid % 1000}`
  const row = await createMember(server, { username, password: 'lotus123', type, parentId })
  return { id: row.id, username: row.username, token: await tokenOf(server, username, 'lotus123') }
}

const termsOf = (kind: ContractKind) => {
  const t = demoHouseTerms.find((x) => x.kind === kind)
  if (!t) throw new Error(`no demo terms of ${kind}`)
  return t
}

function act(token: string | undefined, kind: ContractKind, body: object) {
  return plainCall(server, 'POST', contractEndpointsByKind[kind].act.path, {
    token,
    body,
    headers: { 'idempotency-key': newKey() },
  })
}

function read(token: string | undefined, kind: ContractKind) {
  return plainCall(server, 'GET', contractEndpointsByKind[kind].read.path, { token })
}

async function consolidated(token: string) {
  const res = await plainCall(server, 'GET', walletEndpoints.consolidated.path, { token })
  return valueOf(res, (v) => walletEndpoints.consolidated.response.parse(v))
}

// top ─┬─ sub (agent) ── subsub (agent)
//      └─ member
// other (top agent) ── otherSub (agent)
let top: Account
let sub: Account
let subsub: Account
let member: Account
let other: Account
let guestToken: string
/** Per kind: top's offer to sub, accepted, and sub's open offer to subsub. */
const contractOf = new Map<ContractKind, { subs: number; offer: number }>()

beforeAll(async () => {
  server = await build()
  await runOps(server, 'flag', 'set', 'hourSalary', 'on')
  top = await account(1)
  sub = await account(2, top.id)
  subsub = await account(2, sub.id)
  member = await account(0, top.id)
  other = await account(1)
  await account(2, other.id)
  const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
  guestToken = (guest.json() as { value: { token: string } }).value.token
  for (const kind of contractKinds) {
    await runOps(server, 'contract', 'set', top.username, kind, JSON.stringify(termsOf(kind)))
    await runOps(server, 'contract', 'set', other.username, kind, JSON.stringify(termsOf(kind)))
    const offered = await act(top.token, kind, { action: 'offer', downlineId: sub.id, terms: termsOf(kind) })
    const id = valueOf(offered, (v) => ContractActionResultSchema.parse(v)).contract.id
    expect((await act(sub.token, kind, { action: 'accept', contractId: id })).statusCode).toBe(200)
    const down = await act(sub.token, kind, { action: 'offer', downlineId: subsub.id, terms: termsOf(kind) })
    contractOf.set(kind, {
      subs: id,
      offer: valueOf(down, (v) => ContractActionResultSchema.parse(v)).contract.id,
    })
  }
})

afterAll(async () => {
  await server.close()
})

describe('who may call the contract endpoints', () => {
  const rows = contractKinds.flatMap((kind) => [
    { name: `${kind} read`, run: (token?: string) => read(token, kind) },
    {
      name: `${kind} action`,
      run: (token?: string) => act(token, kind, { action: 'reject', contractId: 1 }),
    },
  ])

  it.each(rows)('$name: a visitor, a guest and a member are refused; an agent is let in', async (c) => {
    expect((await c.run(undefined)).statusCode).toBe(401)
    const asGuest = await c.run(guestToken)
    expect(failureOf(asGuest).errorCode).toBe('in_need_true_account')
    const asMember = await c.run(member.token)
    expect(failureOf(asMember).errorCode).toBe('error_not_agent')
    const asAgent = await c.run(top.token)
    expect([401, 403]).not.toContain(asAgent.statusCode)
  })

  it.each(contractKinds)(
    '%s: each side reads only its own; another team, a sub-agent and the upline cannot act on what is not theirs',
    async (kind) => {
      const ids = contractOf.get(kind)
      if (!ids) throw new Error('no contracts')
      const overview = async (a: Account) =>
        valueOf(await read(a.token, kind), (v) => ContractOverviewSchema.parse(v))

      const mine = await overview(sub)
      expect(mine.mine?.id).toBe(ids.subs)
      expect(mine.downline.list.map((d) => [d.id, d.offer?.id])).toEqual([[subsub.id, ids.offer]])
      const up = await overview(top)
      expect(up.downline.list.find((d) => d.id === sub.id)?.contract?.id).toBe(ids.subs)
      // Neither the other team's agent nor the one below sees the pair's contract.
      for (const a of [other, subsub]) {
        const v = await overview(a)
        expect(v.downline.list.flatMap((d) => [d.contract?.id, d.offer?.id])).not.toContain(ids.subs)
        expect(v.mine?.id).not.toBe(ids.subs)
      }
      expect((await overview(subsub)).offers.map((o) => o.id)).toEqual([ids.offer])

      const refusals: [Account, object, string][] = [
        // another team's agent
        [other, { action: 'terminate', contractId: ids.subs }, 'contract_not_found'],
        [other, { action: 'accept', contractId: ids.offer }, 'contract_not_found'],
        [other, { action: 'offer', downlineId: sub.id, terms: termsOf(kind) }, 'downline_not_found'],
        // the sub-agent below the pair
        [subsub, { action: 'terminate', contractId: ids.subs }, 'contract_not_found'],
        // the upline of the pair cannot answer the offer made below it, nor the offerer its own
        [top, { action: 'accept', contractId: ids.offer }, 'contract_not_found'],
        [sub, { action: 'reject', contractId: ids.offer }, 'contract_not_found'],
        // the downline cannot answer what it already accepted
        [sub, { action: 'accept', contractId: ids.subs }, 'contract_offer_closed'],
      ]
      for (const [who, body, code] of refusals) {
        const res = await act(who.token, kind, body)
        expect(failureOf(res).errorCode, `${who.username} ${JSON.stringify(body)}`).toBe(code)
      }
    },
  )

  it('answers feature_disabled when the kind is switched off', async () => {
    await runOps(server, 'flag', 'set', 'hourSalary', 'off')
    try {
      const res = await read(top.token, 'hourlySalary')
      expect(failureOf(res).errorCode).toBe('feature_disabled')
      expect((await read(top.token, 'dailySalary')).statusCode).toBe(200)
    } finally {
      await runOps(server, 'flag', 'set', 'hourSalary', 'on')
    }
  })
})

describe('the consolidated summary', () => {
  it('says per kind whether an offer waits (1), a contract is in force (2) or neither (0)', async () => {
    const four = (v: Awaited<ReturnType<typeof consolidated>>) => [
      v.divtypereq,
      v.dailysalreqtype,
      v.contracthoursalreq,
      v.realtimesalreqtype,
    ]
    expect(four(await consolidated(sub.token))).toEqual([2, 2, 2, 2])
    expect(four(await consolidated(subsub.token))).toEqual([1, 1, 1, 1])
    expect(four(await consolidated(member.token))).toEqual([0, 0, 0, 0])
    const v = await consolidated(member.token)
    expect(v.sumBalance).toBeDefined()
  })
})

describe('the operator command', () => {
  const bad: [string[], RegExp][] = [
    [['contract'], /contract: the action is required/],
    [['contract', 'sign', 'x'], /contract: the action is one of offer, set, end, list/],
    [['contract', 'set'], /the agent's username is required/],
    [['contract', 'set', 'nobody-here', 'dailySalary', '{}'], /no account nobody-here/],
    [
      ['contract', 'set', 'TOP', 'weekly', '{}'],
      /the kind is one of dividend, dailySalary, hourlySalary, realTimeSalary/,
    ],
    [['contract', 'set', 'TOP', 'dailySalary'], /the dailySalary terms \(JSON/],
    [['contract', 'set', 'TOP', 'dailySalary', '{tiers'], /the terms are not JSON/],
    [['contract', 'set', 'TOP', 'dailySalary', '[1]'], /the terms are a JSON object/],
    [['contract', 'set', 'TOP', 'dailySalary', '{"tiers":[]}'], /the terms are invalid at tiers/],
    [
      ['contract', 'set', 'TOP', 'dividend', '{"tiers":[{"from":0,"activeMembers":0,"rate":1}]}'],
      /invalid at period/,
    ],
    [['contract', 'set', 'TOP', 'dailySalary', '{"tiers":[{"from":5,"rate":1}]}'], /contract_tiers_invalid/],
    [['contract', 'set', 'SUB', 'dailySalary', '{"tiers":[{"from":0,"rate":1}]}'], /contract_target_invalid/],
    [
      ['contract', 'set', 'MEMBER', 'dailySalary', '{"tiers":[{"from":0,"rate":1}]}'],
      /contract_target_invalid/,
    ],
    [
      ['contract', 'set', 'TOP', 'dailySalary', '{"tiers":[{"from":0,"rate":1}]}', 'extra'],
      /takes no more words, not "extra"/,
    ],
    [['contract', 'end', 'MEMBER', 'dailySalary'], /contract_not_found/],
    [['contract', 'list', 'TOP', 'extra'], /takes no more words/],
  ]

  it.each(bad)('%j is refused in one line, changing nothing', async (words, message) => {
    const named = words.map((w) =>
      w === 'TOP' ? top.username : w === 'SUB' ? sub.username : w === 'MEMBER' ? member.username : w,
    )
    const before = await server.db.select().from(agentContracts)
    const audits = (await server.db.select().from(operatorActions)).length
    const err = await runOps(server, ...named).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(OpsError)
    const text = (err as Error).message
    expect(text).toMatch(message)
    expect(text).not.toContain('\n')
    expect(await server.db.select().from(agentContracts)).toEqual(before)
    expect((await server.db.select().from(operatorActions)).length).toBe(audits)
  })

  it('offers, sets, lists and ends a top agent’s contract, each with its audit row', async () => {
    const fresh = await account(1)
    const offered = await runOps(
      server,
      'contract',
      'offer',
      fresh.username,
      'dailySalary',
      '{"tiers":[{"from":0,"rate":4000}]}',
    )
    expect(offered).toMatch(/^offered .* dailySalary contract #\d+$/)
    expect(await runOps(server, 'contract', 'list', fresh.username)).toMatch(/dailySalary offered/)
    const id = Number(/#(\d+)/.exec(offered)?.[1])
    const accepted = await act(fresh.token, 'dailySalary', { action: 'accept', contractId: id })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(
      await runOps(
        server,
        'contract',
        'set',
        fresh.username,
        'hourlySalary',
        '{"tiers":[{"from":0,"rate":10}]}',
      ),
    ).toMatch(/holds hourlySalary contract #\d+/)
    const ended = await runOps(server, 'contract', 'end', fresh.username, 'dailySalary')
    expect(ended).toMatch(new RegExp(`dailySalary contract #${id} of ${fresh.username} ends `))
    const [row] = await server.db.select().from(agentContracts).where(eq(agentContracts.id, id))
    expect(row?.status).toBe('accepted')
    expect(row?.endsAt).not.toBeNull()
    const audit = await server.db.select().from(operatorActions)
    expect(audit.filter((a) => JSON.stringify(a).includes(fresh.username)).length).toBeGreaterThanOrEqual(3)
  })
})

describe('the demo contracts', () => {
  it('agent01 holds a house contract of each kind; agent02 a daily salary and a dividend offer', async () => {
    await seedDemoTeam(server.db, server.config.MERCHANT_CODE, new Date(), server.services.passwords.hash)
    const agent01 = await tokenOf(server, 'agent01', 'lotus123')
    const agent02 = await tokenOf(server, 'agent02', 'lotus123')
    for (const kind of contractKinds) {
      const v = valueOf(await read(agent01, kind), (x) => ContractOverviewSchema.parse(x))
      expect(v.mine?.uplineId, kind).toBeNull()
      expect(v.mine?.status, kind).toBe('accepted')
    }
    const daily = valueOf(await read(agent02, 'dailySalary'), (x) => ContractOverviewSchema.parse(x))
    expect(daily.mine?.uplineAccount).toBe('agent01')
    const dividend = valueOf(await read(agent02, 'dividend'), (x) => ContractOverviewSchema.parse(x))
    expect(dividend.mine).toBeNull()
    expect(dividend.offers).toHaveLength(1)
    const c = await consolidated(agent02)
    expect([c.divtypereq, c.dailysalreqtype, c.contracthoursalreq, c.realtimesalreqtype]).toEqual([
      1, 2, 0, 0,
    ])
  })
})
