/**
 * Who may call the feedback calls (issue 37): a visitor is asked to log in, a guest (trial
 * account, type 4) to open a real account, and a member reads only their own feedback and
 * images: another member's id answers as missing. With FEEDBACK3 off every call answers
 * feature_disabled. Nothing is written by a refused call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feedbackEndpoints } from '#contract/feedback'
import { feedback } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, plainCall, valueOf } from '../identity-helpers'
import { moneyMember, newKey, tinyPng, type MoneyMember } from '../money-helpers'

let server: TestServer
let alice: MoneyMember
let bob: MoneyMember
let guestToken: string
let aliceFeedback: number
let aliceImage: number

const body = {
  type: 'suggestion',
  content: 'Please add a dark theme to the lobby',
  images: [{ contentType: 'image/png', data: tinyPng }],
}

function submit(token: string) {
  return plainCall(server, 'PUT', feedbackEndpoints.submit.path, {
    token,
    body,
    headers: { 'idempotency-key': newKey() },
  })
}

beforeAll(async () => {
  server = await build()
  alice = await moneyMember(server, undefined, 'fa')
  bob = await moneyMember(server, undefined, 'fa')
  const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
  guestToken = (guest.json() as { value: { token: string } }).value.token
  const f = valueOf(await submit(alice.token), (v) => feedbackEndpoints.submit.response.parse(v)).feedback
  aliceFeedback = f.id
  aliceImage = f.images[0]?.id ?? 0
})
afterAll(async () => {
  await server?.close()
})

const reads = () => [
  { name: 'feedback.list', path: feedbackEndpoints.list.path },
  { name: 'feedback.image', path: `${feedbackEndpoints.image.path}?id=${aliceImage}` },
]

describe('who may call the feedback calls', () => {
  it('a visitor must log in and a guest needs a real account, to read', async () => {
    for (const { path } of reads()) {
      const visitor = await plainCall(server, 'GET', path)
      expect(visitor.statusCode).toBe(401)
      expect(failureOf(visitor).errorCode).toBe('CUSTOMER_NOT_LOGIN')
      expect(failureOf(await plainCall(server, 'GET', path, { token: guestToken })).errorCode).toBe(
        'in_need_true_account',
      )
    }
  })

  it('a visitor must log in and a guest needs a real account, to send; nothing is written', async () => {
    const before = (await server.db.select().from(feedback)).length
    const visitor = await submit('')
    expect(visitor.statusCode).toBe(401)
    expect(failureOf(visitor).errorCode).toBe('CUSTOMER_NOT_LOGIN')
    expect(failureOf(await submit(guestToken)).errorCode).toBe('in_need_true_account')
    expect((await server.db.select().from(feedback)).length).toBe(before)
  })

  it("answers another member's feedback and image as missing", async () => {
    const theirs = await plainCall(server, 'GET', `${feedbackEndpoints.image.path}?id=${aliceImage}`, {
      token: bob.token,
    })
    expect(theirs.statusCode).toBe(404)
    expect(failureOf(theirs).errorCode).toBe('feedback_not_found')
    const none = await plainCall(server, 'GET', `${feedbackEndpoints.image.path}?id=999999`, {
      token: bob.token,
    })
    expect(failureOf(none).errorCode).toBe('feedback_not_found')
    const list = (token: string, q = '') =>
      plainCall(server, 'GET', `${feedbackEndpoints.list.path}${q}`, { token }).then((r) =>
        valueOf(r, (v) => feedbackEndpoints.list.response.parse(v)),
      )
    expect((await list(bob.token)).list).toEqual([])
    expect((await list(bob.token, `?id=${aliceFeedback}`)).total).toBe(0)
    expect((await list(alice.token)).list.map((f) => f.id)).toEqual([aliceFeedback])
    // The owner reads their image.
    expect(
      (
        await plainCall(server, 'GET', `${feedbackEndpoints.image.path}?id=${aliceImage}`, {
          token: alice.token,
        })
      ).statusCode,
    ).toBe(200)
  })

  it('answers feature_disabled to every call while FEEDBACK3 is off', async () => {
    await runOps(server, 'flag', 'set', 'FEEDBACK3', 'off')
    try {
      for (const { path } of reads()) {
        expect(failureOf(await plainCall(server, 'GET', path, { token: alice.token })).errorCode).toBe(
          'feature_disabled',
        )
      }
      const before = (await server.db.select().from(feedback)).length
      expect(failureOf(await submit(alice.token)).errorCode).toBe('feature_disabled')
      expect((await server.db.select().from(feedback)).length).toBe(before)
    } finally {
      await runOps(server, 'flag', 'set', 'FEEDBACK3', 'on')
    }
  })
})
