/**
 * Who may call the five mission endpoints (decision 030, section 9): a visitor is asked to
 * log in (401), a guest (type 4) is refused (403, in_need_true_account), a member reads and
 * claims its own only: the member comes from the session, never from the request.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { MissionSummarySchema, missionEndpoints as ep } from '#contract/missions'
import { missions } from '#server/db/schema'
import { missionClaims } from '#server/db/schema/missions'
import { build, type TestServer } from '../build-server'
import { failureOf, plainCall } from '../identity-helpers'
import { moneyCall, moneyMember, newKey } from '../money-helpers'

let server: TestServer
let signInId = 0

beforeAll(async () => {
  server = await build()
  const [x] = await server.db
    .select({ id: missions.id })
    .from(missions)
    .where(and(eq(missions.merchantCode, server.config.MERCHANT_CODE), eq(missions.kind, 'signIn')))
  signInId = x?.id ?? 0
})
afterAll(async () => {
  await server.close()
})

type Call = (token?: string) => ReturnType<typeof plainCall>
const visitor = undefined

const calls = () =>
  ({
    summary: (token) => plainCall(server, 'GET', ep.summary.path, token ? { token } : {}),
    rules: (token) =>
      plainCall(server, 'GET', `${ep.rules.path}?missionId=${signInId}`, token ? { token } : {}),
    milestones: (token) => plainCall(server, 'GET', ep.milestones.path, token ? { token } : {}),
    leaderboard: (token) => plainCall(server, 'GET', ep.leaderboard.path, token ? { token } : {}),
    claim: (token) =>
      plainCall(server, 'POST', ep.claim.path, {
        ...(token ? { token } : {}),
        body: { missionId: signInId },
        headers: { 'idempotency-key': newKey() },
      }),
  }) satisfies Record<string, Call>

describe('who may call the missions', () => {
  it('asks a visitor to log in on every call', async () => {
    for (const [name, call] of Object.entries(calls())) {
      const res = await call(visitor)
      expect(res.statusCode, name).toBe(401)
      expect(failureOf(res).errorCode, name).toBe('CUSTOMER_NOT_LOGIN')
    }
  })

  it('refuses a guest (type 4) on every call, and writes no claim', async () => {
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const token = (guest.json() as { value: { token: string } }).value.token
    for (const [name, call] of Object.entries(calls())) {
      const res = await call(token)
      expect(res.statusCode, name).toBe(403)
      expect(failureOf(res).errorCode, name).toBe('in_need_true_account')
    }
    const rows = await server.db.select().from(missionClaims).where(eq(missionClaims.missionId, signInId))
    expect(rows.every((r) => r.memberId > 0)).toBe(true)
  })

  it('lets a member read and claim its own; another member sees none of it', async () => {
    const a = await moneyMember(server)
    const b = await moneyMember(server)
    for (const [name, call] of Object.entries(calls())) {
      expect((await call(a.token)).statusCode, name).toBe(200)
    }
    const summaryOf = async (token: string) =>
      successEnvelope(MissionSummarySchema).parse((await calls().summary(token)).json()).value
    expect((await summaryOf(a.token)).signIn?.checkedInToday).toBe(true)
    expect((await summaryOf(b.token)).signIn?.checkedInToday).toBe(false)
    // A member id in the body is not a field of the call: b's check-in is b's own.
    const res = await moneyCall(server, b.token, ep.claim.path, { missionId: signInId, memberId: a.id })
    expect(res.statusCode, res.body).toBe(200)
    const mine = await server.db.select().from(missionClaims).where(eq(missionClaims.memberId, b.id))
    expect(mine).toHaveLength(1)
    const theirs = await server.db.select().from(missionClaims).where(eq(missionClaims.memberId, a.id))
    expect(theirs).toHaveLength(1)
  })
})
