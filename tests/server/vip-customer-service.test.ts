/**
 * The VIP customer service (spec section 1; decision 030 sections 5 and 12): a member whose
 * level has VIP service is pointed to the brand's VIP customer service, in the member's
 * language; a member of a level without it gets the brand's usual entries, as the public
 * status read lists them; a visitor is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { StatusSchema, systemEndpoints } from '#contract/system'
import { vipEndpoints } from '#contract/vip'
import { createVipRepository } from '#server/loyalty/vip/vip-repository'
import { build, type TestServer } from '../build-server'
import { plainCall, valueOf } from '../identity-helpers'
import { moneyMember, type MoneyMember } from '../money-helpers'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

const url = vipEndpoints.customerService.path

async function entries(member: MoneyMember, language = 'en') {
  const res = await plainCall(server, 'GET', url, { token: member.token, headers: { language } })
  return valueOf(res, (v) => vipEndpoints.customerService.response.parse(v))
}

async function atRank(rank: number) {
  const x = await moneyMember(server)
  await server.db.transaction((tx) =>
    createVipRepository(server.db).set(
      tx,
      server.config.MERCHANT_CODE,
      x.id,
      1,
      rank,
      new Date(),
      'test',
      'test',
    ),
  )
  return x
}

describe('the member’s customer service', () => {
  it('at a level with VIP service is the brand’s VIP customer service, in the member’s language', async () => {
    // The demo's Platinum has VIP service.
    const p = await atRank(4)
    expect(await entries(p)).toEqual({
      vip: true,
      list: [{ csType: 'VIP', title: 'VIP service', url: 'https://t.me/lotusplay_vip' }],
    })
    expect((await entries(p, 'zh')).list[0]?.title).toBe('VIP 专属客服')
  })

  it('at a level without it is the brand’s usual entries, as the status read lists them', async () => {
    const silver = await atRank(2)
    const status = await plainCall(server, 'GET', `${systemEndpoints.status.path}?host=localhost`, {
      headers: { language: 'en' },
    })
    const brand = successEnvelope(StatusSchema).parse(status.json()).value.info.customerService
    const mine = await entries(silver)
    expect(mine.vip).toBe(false)
    expect(mine.list).toEqual(brand)
    expect(mine.list.map((c) => c.csType)).not.toContain('VIP')
    expect(mine.list.length).toBeGreaterThan(0)
  })

  it('is refused to a visitor', async () => {
    const res = await plainCall(server, 'GET', url)
    expect(res.statusCode).not.toBe(200)
  })
})
