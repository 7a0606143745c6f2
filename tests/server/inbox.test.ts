/**
 * The inbox: fund notices as messages in the caller's language, the unread count, marking
 * read, removing, and that a member touches only their own messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DepositSchema } from '#contract/funds'
import { InboxMessageSchema, inboxEndpoints } from '#contract/inbox'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, plainCall, valueOf } from '../identity-helpers'
import { moneyCall, moneyMember, tinyPng, type MoneyMember } from '../money-helpers'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

const Listed = z.object({ list: z.array(z.unknown()), total: z.number(), unread: z.number() })

async function inbox(m: MoneyMember, language = 'EN') {
  const res = await plainCall(server, 'GET', inboxEndpoints.list.path, {
    token: m.token,
    headers: { language },
  })
  const v = valueOf(res, (x) => Listed.parse(x))
  return { ...v, list: v.list.map((x) => InboxMessageSchema.parse(x)) }
}

async function deposit(m: MoneyMember, amount: string) {
  return valueOf(
    await moneyCall(server, m.token, '/wps/relay/depositTransferGeneric', {
      methodCode: 'BANK',
      amount,
      reference: 'ABA 2',
      receipt: { contentType: 'image/png', data: tinyPng },
    }),
    (v) => DepositSchema.parse(v),
  )
}

const unreadOf = async (m: MoneyMember) =>
  valueOf(await plainCall(server, 'GET', inboxEndpoints.unreadCount.path, { token: m.token }), (v) =>
    z.object({ unread: z.number() }).parse(v),
  ).unread

describe('the inbox', () => {
  it('lists fund notices newest first in the caller’s language, with the operator’s reason', async () => {
    const m = await moneyMember(server)
    const a = await deposit(m, '12.00')
    await runOps(server, 'deposits', 'approve', String(a.id))
    const b = await deposit(m, '30.00')
    await runOps(server, 'deposits', 'fail', String(b.id), 'no transfer arrived')

    const en = await inbox(m)
    expect(en.unread).toBe(2)
    expect(en.list.map((x) => x.type)).toEqual(['deposit_failed', 'deposit_credited'])
    expect(en.list[0]?.body).toContain('no transfer arrived')
    expect(en.list[1]).toMatchObject({ title: 'Deposit received', read: false })
    expect(en.list[1]?.body).toContain('12.00')

    const zh = await inbox(m, 'CN')
    expect(zh.list[1]?.title).toBe('存款已到账')
    expect(await unreadOf(m)).toBe(2)
  })

  it('marks one or all read, removes, and keeps the count right', async () => {
    const m = await moneyMember(server)
    for (const amount of ['11.00', '12.00', '13.00']) {
      await runOps(server, 'deposits', 'approve', String((await deposit(m, amount)).id))
    }
    const { list } = await inbox(m)
    const [newest, middle, oldest] = list.map((x) => x.id)
    if (!newest || !middle || !oldest) throw new Error('three messages expected')
    const read = await plainCall(server, 'POST', inboxEndpoints.read.path, {
      token: m.token,
      body: { ids: [newest] },
    })
    expect(valueOf(read, (v) => v)).toEqual({ unread: 2 })
    const removed = await plainCall(server, 'DELETE', inboxEndpoints.remove.path, {
      token: m.token,
      body: { ids: [middle] },
    })
    expect(valueOf(removed, (v) => v)).toEqual({ unread: 1 })
    expect((await inbox(m)).list.map((x) => [x.id, x.read])).toEqual([
      [newest, true],
      [oldest, false],
    ])
    const all = await plainCall(server, 'POST', inboxEndpoints.read.path, { token: m.token, body: {} })
    expect(valueOf(all, (v) => v)).toEqual({ unread: 0 })
  })

  it('never lets a member read, mark or remove another member’s messages', async () => {
    const owner = await moneyMember(server)
    const other = await moneyMember(server)
    await runOps(server, 'deposits', 'approve', String((await deposit(owner, '15.00')).id))
    const [mine] = (await inbox(owner)).list
    if (!mine) throw new Error('a message expected')
    expect((await inbox(other)).total).toBe(0)
    await plainCall(server, 'POST', inboxEndpoints.read.path, {
      token: other.token,
      body: { ids: [mine.id] },
    })
    await plainCall(server, 'DELETE', inboxEndpoints.remove.path, {
      token: other.token,
      body: { ids: [mine.id] },
    })
    expect((await inbox(owner)).list).toEqual([mine])
  })

  it('refuses a visitor, a guest, and bad ids with clear errors', async () => {
    expect((await plainCall(server, 'GET', inboxEndpoints.list.path)).statusCode).toBe(401)
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', {
      ip: '203.0.113.77',
      body: {},
    })
    const token = valueOf(guest, (v) => z.object({ token: z.string() }).parse(v)).token
    const refused = await plainCall(server, 'GET', inboxEndpoints.unreadCount.path, { token })
    expect(failureOf(refused).errorCode).toBe('in_need_true_account')
    const m = await moneyMember(server)
    for (const body of [
      { ids: [] },
      { ids: ['1'] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      // Past the database's integer: refused at the edge, never a database error.
      { ids: [2_147_483_648] },
      {},
    ]) {
      const res = await plainCall(server, 'DELETE', inboxEndpoints.remove.path, { token: m.token, body })
      expect(failureOf(res).errorCode).toBe('validation_failed')
    }
  })
})
