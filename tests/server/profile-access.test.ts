/**
 * Who may call the profile calls: a visitor is asked to log in, a guest (trial account, type
 * 4) to open a real account, and a member reads and changes only their own profile (no call
 * names another member; a code sent to one member's address binds nothing for another).
 */
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { profileEndpoints as ep, ProfileSchema } from '#contract/profile'
import { outbox } from '#server/db/schema'
import { build, type TestServer } from '../build-server'
import { failureOf, plainCall } from '../identity-helpers'
import { moneyMember, type MoneyMember } from '../money-helpers'

let server: TestServer
let alice: MoneyMember
let bob: MoneyMember
let guestToken: string

beforeAll(async () => {
  server = await build()
  alice = await moneyMember(server, undefined, 'pf')
  bob = await moneyMember(server, undefined, 'pf')
  const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
  guestToken = (guest.json() as { value: { token: string } }).value.token
})
afterAll(async () => {
  await server?.close()
})

const calls = [
  { name: 'profile.info', method: 'GET' as const, path: ep.info.path, body: undefined },
  { name: 'profile.update', method: 'POST' as const, path: ep.update.path, body: { occupation: 'Cook' } },
  {
    name: 'profile.bindSend',
    method: 'POST' as const,
    path: ep.bindSend.path,
    body: { field: 'email', value: 'x@example.com' },
  },
  {
    name: 'profile.bindVerify',
    method: 'POST' as const,
    path: ep.bindVerify.path,
    body: { field: 'email', value: 'x@example.com', verificationCode: '123456' },
  },
]

const read = async (token: string) =>
  successEnvelope(ProfileSchema).parse((await plainCall(server, 'GET', ep.info.path, { token })).json()).value

describe('who may call the profile calls', () => {
  it.each(calls)(
    '$name: a visitor must log in, a guest needs a real account',
    async ({ method, path, body }) => {
      const visitor = await plainCall(server, method, path, body ? { body } : {})
      expect(visitor.statusCode).toBe(401)
      expect(failureOf(visitor).errorCode).toBe('CUSTOMER_NOT_LOGIN')
      const guest = await plainCall(server, method, path, { token: guestToken, ...(body ? { body } : {}) })
      expect(failureOf(guest).errorCode).toBe('in_need_true_account')
    },
  )

  it('a member changes only their own profile, and an id in the body is refused', async () => {
    const res = await plainCall(server, 'POST', ep.update.path, {
      token: alice.token,
      body: { occupation: 'Cook' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await read(alice.token)).values.occupation).toBe('Cook')
    expect((await read(bob.token)).values.occupation).toBeNull()
    const named = await plainCall(server, 'POST', ep.update.path, {
      token: alice.token,
      body: { memberId: bob.id, occupation: 'Thief' },
    })
    expect(failureOf(named).errorCode).toBe('validation_failed')
    expect((await read(bob.token)).values.occupation).toBeNull()
  })

  it('a code sent for one member binds the address only where it is typed with it', async () => {
    const email = `${alice.username}@example.com`
    const sent = await plainCall(server, 'POST', ep.bindSend.path, {
      token: alice.token,
      body: { field: 'email', value: email },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    // Bob cannot bind Alice's address without the code that went to it.
    const guess = await plainCall(server, 'POST', ep.bindVerify.path, {
      token: bob.token,
      body: { field: 'email', value: email, verificationCode: '000001' },
    })
    expect(failureOf(guess).errorCode).toBe('verification_code_invalid')
    expect((await read(bob.token)).values.email).toBeNull()
    const [row] = await server.db
      .select()
      .from(outbox)
      .where(eq(outbox.destination, email))
      .orderBy(desc(outbox.id))
    expect(row?.body).toMatch(/\d{6}/)
  })
})
