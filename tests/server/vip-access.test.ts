/**
 * Who may call the four VIP endpoints (decision 030 section 9): the table of levels is public
 * (visitor, guest, member alike, in the Language header's language); progress, the nearby
 * levels and the benefits are a real member's own only: a visitor is asked to log in, a guest
 * gets in_need_true_account, and each member reads its own level (no call names a member).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vipEndpoints } from '#contract/vip'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, plainCall } from '../identity-helpers'
import { moneyMember, type MoneyMember } from '../money-helpers'

let server: TestServer
let guestToken: string
let ann: MoneyMember
let bob: MoneyMember

beforeAll(async () => {
  server = await build()
  const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
  guestToken = (guest.json() as { value: { token: string } }).value.token
  ann = await moneyMember(server)
  bob = await moneyMember(server)
  await runOps(server, 'vip', 'set', bob.username, '4', 'access', 'test')
})

afterAll(async () => {
  await server?.close()
})

const call = (path: string, token?: string, language = 'en') =>
  plainCall(server, 'GET', path, { ...(token ? { token } : {}), headers: { language } })

const value = (res: { json(): unknown }) => (res.json() as { value: Record<string, unknown> }).value

describe('the VIP endpoints', () => {
  it('the table of levels is public, in the caller’s language', async () => {
    for (const token of [undefined, guestToken, ann.token]) {
      const res = await call(vipEndpoints.rules.path, token)
      expect(res.statusCode, res.body).toBe(200)
      const list = value(res).list as { rank: number; name: string }[]
      expect(list.map((l) => l.name)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'])
    }
    const km = value(await call(vipEndpoints.rules.path, undefined, 'km')).list as { name: string }[]
    expect(km[2]?.name).toBe('មាស')
  })

  const own = [vipEndpoints.progress, vipEndpoints.nearby, vipEndpoints.benefits]

  it.each(own)('$name: a visitor and a guest are refused; each member reads its own', async (e) => {
    expect((await call(e.path)).statusCode).toBe(401)
    expect(failureOf(await call(e.path, guestToken)).errorCode).toBe('in_need_true_account')
    const a = await call(e.path, ann.token)
    const b = await call(e.path, bob.token)
    expect(a.statusCode, a.body).toBe(200)
    expect(b.statusCode, b.body).toBe(200)
    const rankOf = (v: Record<string, unknown>) =>
      'rank' in v ? v.rank : ((v.current ?? v.level) as { rank: number } | null)?.rank
    expect(rankOf(value(a))).toBe(1)
    expect(rankOf(value(b))).toBe(4)
  })

  it('nearby answers the level below, the member’s and the next', async () => {
    const v = value(await call(vipEndpoints.nearby.path, bob.token)) as Record<
      string,
      { name: string } | null
    >
    expect([v.below?.name, v.current?.name, v.next?.name]).toEqual(['Gold', 'Platinum', 'Diamond'])
    const base = value(await call(vipEndpoints.nearby.path, ann.token)) as Record<
      string,
      { name: string } | null
    >
    expect([base.below, base.current?.name, base.next?.name]).toEqual([null, 'Bronze', 'Silver'])
  })

  it('benefits are the member’s level’s', async () => {
    const v = value(await call(vipEndpoints.benefits.path, bob.token)).level as Record<string, unknown>
    expect(v).toMatchObject({
      rank: 4,
      rebateExtraBp: 30,
      vipService: true,
      withdrawDailyCount: 10,
      withdrawDailyMax: '50000.00',
      benefits: ['VIP customer service'],
    })
  })
})
