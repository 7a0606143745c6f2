/**
 * Opening an account from the agent centre: who may call it and the rates read, the brand's
 * rules, rebate rates at most the agent's own (also under parallel requests), one account
 * for 20 identical requests, the forced password change at the new account's first login,
 * and the operator's `rebate` command.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentEndpoints } from '#contract/agent'
import { memberRebateRates, members, memberTree } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import {
  createMember,
  failureOf,
  login,
  loginValue,
  plainCall,
  sealedCall,
  tokenOf,
  valueOf,
} from '../identity-helpers'
import { newKey, sealedMoneyCall } from '../money-helpers'

let server: TestServer

interface Account {
  id: number
  username: string
  token: string
}

let n = 0
/** A fresh username the demo rules take: a letter first, 6 to 12 letters and digits. */
function freshName(prefix = 'oa'): string {
  n += 1
  return `${prefix}${String(process.pid % 1000).padStart(3, '0')}x${n}`
}

async function account(type: number, parentId?: number): Promise<Account> {
  const username = freshName(`t${type}`)
  const row = await createMember(server, { username, password: 'lotus123', type, parentId })
  return { id: row.id, username: row.username, token: await tokenOf(server, username, 'lotus123') }
}

type Rate = { productType: string; rate: number }

function open(
  who: Account,
  body: { kind?: string; username?: string; password?: string; confirmPassword?: string; rates?: Rate[] },
  key: string | null = newKey(),
) {
  return sealedMoneyCall(
    server,
    who.token,
    agentEndpoints.openAccount.path,
    { kind: 'member', password: 'abc12345', confirmPassword: 'abc12345', rates: [], ...body },
    key,
  )
}

async function ratesOf(memberId: number): Promise<Record<string, number>> {
  const rows = await server.db
    .select()
    .from(memberRebateRates)
    .where(eq(memberRebateRates.memberId, memberId))
  return Object.fromEntries(rows.map((r) => [r.productType, r.rate]))
}

// agent (RNG 1.00%, LIVE 0.80%) ── sub (RNG 0.50%)
// other agent (RNG 2.00%)
let agent: Account
let sub: Account
let other: Account
let plain: Account

beforeAll(async () => {
  server = await build()
  agent = await account(1)
  other = await account(1)
  plain = await account(0)
  await runOps(server, 'rebate', 'set', agent.username, 'RNG', '1')
  await runOps(server, 'rebate', 'set', agent.username, 'LIVE', '0.8')
  await runOps(server, 'rebate', 'set', other.username, 'RNG', '2')
  sub = await account(2, agent.id)
  await runOps(server, 'rebate', 'set', sub.username, 'RNG', '0.5')
})

afterAll(async () => {
  await server?.close()
})

describe('who may open an account and read the rates', () => {
  const calls = [
    {
      name: 'open account',
      run: (token?: string) =>
        plainCall(server, 'POST', agentEndpoints.openAccount.path, {
          token,
          body: {},
          headers: { 'idempotency-key': newKey() },
        }),
    },
    {
      name: 'rebate rates',
      run: (token?: string) => plainCall(server, 'GET', agentEndpoints.rebateRates.path, { token }),
    },
    {
      name: "a downline's rates",
      run: (token?: string) =>
        plainCall(server, 'GET', `${agentEndpoints.downlineRebateRates.path}?memberId=1`, { token }),
    },
    {
      name: "setting a downline's rates",
      run: (token?: string) =>
        plainCall(server, 'POST', agentEndpoints.setDownlineRebateRates.path, {
          token,
          body: {},
          headers: { 'idempotency-key': newKey() },
        }),
    },
  ]

  it.each(calls)('$name: a visitor, a guest and a member are refused; an agent is let in', async (c) => {
    expect((await c.run(undefined)).statusCode).toBe(401)
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const guestToken = (guest.json() as { value: { token: string } }).value.token
    const asGuest = await c.run(guestToken)
    expect(asGuest.statusCode).toBe(403)
    expect(failureOf(asGuest).errorCode).toBe('in_need_true_account')
    const asMember = await c.run(plain.token)
    expect(asMember.statusCode).toBe(403)
    expect(failureOf(asMember).errorCode).toBe('error_not_agent')
    for (const who of [agent, sub, other]) {
      const res = await c.run(who.token)
      expect(res.statusCode).not.toBe(401)
      expect(res.statusCode).not.toBe(403)
    }
  })

  it('answers each agent its own rates only: every game type, 0 where none is set', async () => {
    const read = async (who: Account) =>
      valueOf(await plainCall(server, 'GET', agentEndpoints.rebateRates.path, { token: who.token }), (v) =>
        agentEndpoints.rebateRates.response.parse(v),
      ).rates
    const mine = await read(agent)
    expect(mine.find((r) => r.productType === 'RNG')?.rate).toBe(100)
    expect(mine.find((r) => r.productType === 'LIVE')?.rate).toBe(80)
    expect(mine.find((r) => r.productType === 'FISH')?.rate).toBe(0)
    expect((await read(sub)).find((r) => r.productType === 'RNG')?.rate).toBe(50)
    expect((await read(other)).find((r) => r.productType === 'RNG')?.rate).toBe(200)
  })
})

describe('opening an account', () => {
  it('opens a member under the caller with its rates; its first login must change the password', async () => {
    const username = freshName('New')
    const res = await open(agent, {
      username: ` ${username} `,
      rates: [
        { productType: 'RNG', rate: 100 },
        { productType: 'LIVE', rate: 30 },
      ],
    })
    const v = valueOf(res, (x) => agentEndpoints.openAccount.response.parse(x))
    expect(v).toMatchObject({ account: username, type: 0 })
    const [row] = await server.db.select().from(members).where(eq(members.id, v.id))
    expect(row).toMatchObject({
      parentId: agent.id,
      mustChangePassword: true,
      username: username.toLowerCase(),
    })
    expect(await ratesOf(v.id)).toEqual({ RNG: 100, LIVE: 30 })
    const tree = await server.db.select().from(memberTree).where(eq(memberTree.descendantId, v.id))
    expect(tree.map((t) => [t.ancestorId, t.depth]).sort()).toEqual(
      [
        [agent.id, 1],
        [v.id, 0],
      ].sort(),
    )

    const first = loginValue(await login(server, { username, password: 'abc12345' }))
    expect(first.mustChangePassword).toBe(true)
    const blocked = await plainCall(server, 'GET', '/wps/v2/wallets/balance', { token: first.token })
    expect(failureOf(blocked).errorCode).toBe('password_change_required')
    const changed = await sealedCall(
      server,
      'POST',
      '/wps/member/password',
      { oldPassword: 'abc12345', newPassword: 'xyz98765', confirmNewPassword: 'xyz98765' },
      { token: first.token },
    )
    expect(changed.statusCode, changed.body).toBe(200)
    const again = loginValue(await login(server, { username, password: 'xyz98765' }))
    expect(again.mustChangePassword).toBe(false)
  })

  it('opens an agent with an invitation code of its own, which may open its own members', async () => {
    const username = freshName('Ag')
    const v = valueOf(
      await open(agent, { kind: 'agent', username, rates: [{ productType: 'RNG', rate: 60 }] }),
      (x) => agentEndpoints.openAccount.response.parse(x),
    )
    expect(v.type).toBe(2)
    const [row] = await server.db.select().from(members).where(eq(members.id, v.id))
    expect(row?.affiliateCode).toMatch(/^[A-Z0-9]{8}$/)
  })

  it('refuses, opening nothing: a rate above its own, a taken name, bad rules, mismatched passwords', async () => {
    const count = async () =>
      (await server.db.select({ id: members.id }).from(members).where(eq(members.parentId, agent.id))).length
    const before = await count()
    const cases: [Parameters<typeof open>[1], string, number][] = [
      [{ username: freshName(), rates: [{ productType: 'RNG', rate: 101 }] }, 'rebate_rate_too_high', 400],
      // No rate of its own for FISH: any rate above 0 is too high.
      [{ username: freshName(), rates: [{ productType: 'FISH', rate: 1 }] }, 'rebate_rate_too_high', 400],
      [{ username: agent.username }, 'username_taken', 409],
      [{ username: 'member01' }, 'username_taken', 409],
      [{ username: '1abcdefg' }, 'validation_failed', 400],
      [{ username: 'ab' }, 'validation_failed', 400],
      [{ username: freshName(), password: 'short', confirmPassword: 'short' }, 'validation_failed', 400],
      [{ username: freshName(), confirmPassword: 'abc12346' }, 'password_mismatch', 400],
      [
        {
          username: freshName(),
          rates: [
            { productType: 'RNG', rate: 1 },
            { productType: 'RNG', rate: 2 },
          ],
        },
        'validation_failed',
        400,
      ],
      [{ username: freshName(), rates: [{ productType: 'POKER', rate: 1 }] }, 'validation_failed', 400],
      [{ username: freshName(), rates: [{ productType: 'RNG', rate: -1 }] }, 'validation_failed', 400],
      [{ username: freshName(), kind: 'boss' }, 'validation_failed', 400],
    ]
    for (const [body, code, status] of cases) {
      const res = await open(agent, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(status)
      expect(failureOf(res).errorCode, JSON.stringify(body)).toBe(code)
    }
    // A sub-agent is bound by its own rates, not its upline's.
    const fromSub = await open(sub, { username: freshName(), rates: [{ productType: 'RNG', rate: 51 }] })
    expect(failureOf(fromSub).errorCode).toBe('rebate_rate_too_high')
    expect(await count()).toBe(before)
  })

  it('refuses a bodiless, malformed or keyless request', async () => {
    const url = agentEndpoints.openAccount.path
    const keyless = await open(agent, { username: freshName() }, null)
    expect(keyless.statusCode).toBe(400)
    const bodiless = await plainCall(server, 'POST', url, {
      token: agent.token,
      headers: { 'idempotency-key': newKey() },
    })
    expect(bodiless.statusCode).toBeGreaterThanOrEqual(400)
    expect(bodiless.statusCode).toBeLessThan(500)
    const garbled = await server.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: agent.token,
        'idempotency-key': newKey(),
        'content-type': 'application/json',
      },
      payload: '{"kind":',
    })
    expect(garbled.statusCode).toBeGreaterThanOrEqual(400)
    expect(garbled.statusCode).toBeLessThan(500)
  })

  it('always puts the account under the caller: no body field names another parent', async () => {
    const username = freshName()
    const res = await sealedMoneyCall(server, agent.token, agentEndpoints.openAccount.path, {
      kind: 'member',
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      rates: [],
      parentId: other.id,
    })
    const v = valueOf(res, (x) => agentEndpoints.openAccount.response.parse(x))
    const [row] = await server.db.select().from(members).where(eq(members.id, v.id))
    expect(row?.parentId).toBe(agent.id)
  })
})

describe('under parallel requests', () => {
  it('opens one account for 20 identical requests with one key', async () => {
    const username = freshName('Par')
    const key = newKey()
    const body = { username, rates: [{ productType: 'RNG', rate: 90 }] }
    const all = await Promise.all(Array.from({ length: 20 }, () => open(agent, body, key)))
    // Those that raced the first and found the name taken answer with the first's answer.
    expect(all.map((r) => r.statusCode)).toEqual(all.map(() => 200))
    const ids = new Set(
      all.filter((r) => r.statusCode === 200).map((r) => (r.json() as { value: { id: number } }).value.id),
    )
    expect(ids.size).toBe(1)
    const rows = await server.db.select().from(members).where(eq(members.username, username.toLowerCase()))
    expect(rows).toHaveLength(1)
  })

  it('never goes above the cap for 20 requests with different keys, some over it', async () => {
    const names = Array.from({ length: 20 }, () => freshName('Cap'))
    const all = await Promise.all(
      names.map((username, i) =>
        open(other, { username, rates: [{ productType: 'RNG', rate: i % 2 === 0 ? 200 : 201 }] }),
      ),
    )
    const ok = all.filter((r) => r.statusCode === 200)
    expect(ok).toHaveLength(10)
    expect(
      all.filter((r) => r.statusCode !== 200).every((r) => failureOf(r).errorCode === 'rebate_rate_too_high'),
    ).toBe(true)
  })

  it('keeps every downline rate at most its upline’s while the operator lowers the upline at the same time', async () => {
    const top = await account(1)
    await runOps(server, 'rebate', 'set', top.username, 'LIVE', '1')
    const opens = Array.from({ length: 20 }, () =>
      open(top, { username: freshName('Rc'), rates: [{ productType: 'LIVE', rate: 100 }] }),
    )
    const lower = runOps(server, 'rebate', 'set', top.username, 'LIVE', '0.5').then(
      () => 'lowered',
      (err: Error) => err.message,
    )
    await Promise.all([...opens, lower])
    const over = await server.db.execute(sql`
      select c.id from members c
      join member_rebate_rates cr on cr.member_id = c.id
      left join member_rebate_rates pr on pr.member_id = c.parent_id and pr.product_type = cr.product_type
      where c.parent_id = ${top.id} and cr.rate > coalesce(pr.rate, 0)`)
    const list = (over as unknown as { rows?: unknown[] }).rows ?? (over as unknown as unknown[])
    expect(list).toEqual([])
  })
})

describe('the operator command', () => {
  it('shows and sets rates, bounded by the upline and by the downline', async () => {
    const shown = await runOps(server, 'rebate', 'show', agent.username)
    expect(shown).toMatch(/RNG\s+1\.00%/)
    await expect(runOps(server, 'rebate', 'set', sub.username, 'RNG', '1.5')).rejects.toThrow(
      /cannot be above its upline's, 1\.00%/,
    )
    await expect(runOps(server, 'rebate', 'set', agent.username, 'RNG', '0.2')).rejects.toThrow(
      /downline has a RNG rate of 0\.90%|downline has a RNG rate of 1\.00%/,
    )
    expect(await runOps(server, 'rebate', 'set', sub.username, 'RNG', '0.25')).toContain('0.50% -> 0.25%')
    expect(await ratesOf(sub.id)).toMatchObject({ RNG: 25 })
    await runOps(server, 'rebate', 'set', sub.username, 'RNG', '0')
    expect(await ratesOf(sub.id)).toEqual({})
  })
})

function setRates(who: Account, memberId: number, rates: Rate[], key: string = newKey()) {
  return plainCall(server, 'POST', agentEndpoints.setDownlineRebateRates.path, {
    token: who.token,
    body: { memberId, rates },
    headers: { 'idempotency-key': key },
  })
}

describe("changing a direct downline's rates", () => {
  it('reads the rates with their bounds and sets them between the downline’s and its own', async () => {
    await runOps(server, 'rebate', 'set', sub.username, 'RNG', '0.5')
    const under = await account(0, sub.id)
    await runOps(server, 'rebate', 'set', under.username, 'RNG', '0.3')
    const read = await plainCall(
      server,
      'GET',
      `${agentEndpoints.downlineRebateRates.path}?memberId=${sub.id}`,
      {
        token: agent.token,
      },
    )
    const v = valueOf(read, (x) => agentEndpoints.downlineRebateRates.response.parse(x))
    const rng = (list: Rate[]) => list.find((r) => r.productType === 'RNG')?.rate
    expect([rng(v.rates), rng(v.ceiling), rng(v.floor)]).toEqual([50, 100, 30])

    const ok = await setRates(agent, sub.id, [{ productType: 'RNG', rate: 90 }])
    expect(valueOf(ok, (x) => agentEndpoints.setDownlineRebateRates.response.parse(x)).rates).toContainEqual({
      productType: 'RNG',
      rate: 90,
    })
    const high = await setRates(agent, sub.id, [{ productType: 'RNG', rate: 101 }])
    expect(failureOf(high).errorCode).toBe('rebate_rate_too_high')
    const low = await setRates(agent, sub.id, [{ productType: 'RNG', rate: 29 }])
    expect(failureOf(low).errorCode).toBe('rebate_rate_below_downline')
    expect(await ratesOf(sub.id)).toMatchObject({ RNG: 90 })
  })

  it('answers a deeper member, another team’s, an upline and a missing id alike: not in your team', async () => {
    const deep = (await server.db.select().from(members).where(eq(members.parentId, sub.id)))[0]
    const strangerRow = await createMember(server, {
      username: freshName('St'),
      password: 'lotus123',
      parentId: other.id,
    })
    for (const [who, id] of [
      [agent, deep?.id ?? 0],
      [agent, strangerRow.id],
      [sub, agent.id],
      [agent, 2_000_000_000],
    ] as const) {
      const read = await plainCall(
        server,
        'GET',
        `${agentEndpoints.downlineRebateRates.path}?memberId=${id}`,
        {
          token: who.token,
        },
      )
      expect(read.statusCode).toBe(404)
      expect(failureOf(read).errorCode).toBe('downline_not_found')
      const write = await setRates(who, id, [{ productType: 'RNG', rate: 0 }])
      expect(write.statusCode).toBe(404)
      expect(failureOf(write).errorCode).toBe('downline_not_found')
    }
    expect(await ratesOf(strangerRow.id)).toEqual({})
  })

  it('keeps the rule while the sub-agent opens accounts at its rate and its upline lowers it at once', async () => {
    await runOps(server, 'rebate', 'set', agent.username, 'FISH', '1')
    await runOps(server, 'rebate', 'set', sub.username, 'FISH', '0.8')
    const opens = Array.from({ length: 19 }, () =>
      open(sub, { username: freshName('Fs'), rates: [{ productType: 'FISH', rate: 80 }] }),
    )
    const lower = setRates(agent, sub.id, [{ productType: 'FISH', rate: 10 }])
    const all = await Promise.all([...opens, lower])
    for (const r of all) expect([200, 400]).toContain(r.statusCode)
    const over = await server.db.execute(sql`
      select c.id from members c
      join member_rebate_rates cr on cr.member_id = c.id
      left join member_rebate_rates pr on pr.member_id = c.parent_id and pr.product_type = cr.product_type
      where c.parent_id = ${sub.id} and cr.rate > coalesce(pr.rate, 0)`)
    expect((over as unknown as { rows?: unknown[] }).rows ?? (over as unknown as unknown[])).toEqual([])
  })
})
