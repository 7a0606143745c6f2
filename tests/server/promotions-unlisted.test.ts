/**
 * Who may reach a promotion: the backing promotions other areas pay through (templates in
 * `unlistedTemplates`: a mission's bonus, the VIP level-up) are never listed, and a member who
 * guesses their ids learns nothing: every member call answers promotion_not_found exactly as
 * for an id that does not exist (claim, its register and app-download twins, sign up, apply,
 * a raffle's status and join, a deposit's bonus choice), and a promo code reaches none.
 */
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { promotionEndpoints as ep } from '#contract/promotions'
import { raffleEndpoints } from '#contract/raffle'
import { promotions } from '#server/db/schema'
import { vipServicesOf } from '#server/loyalty/vip/service-of'
import { unlistedTemplates, vipLevelUpTemplateName } from '#server/promotions/templates'
import { merchantByCode } from '#server/system/brands-repository'
import { build, type TestServer } from '../build-server'
import { failureOf, plainCall } from '../identity-helpers'
import { mainMinor, moneyCall, moneyMember, type MoneyMember } from '../money-helpers'

let server: TestServer
let hidden: { id: number; template: string }[] = []
const missing = 999_999

beforeAll(async () => {
  server = await build()
  const m = await merchantByCode(server.db, server.config.MERCHANT_CODE)
  if (!m) throw new Error('no brand')
  // The brand's level-up promotion is made with its first upgrade: make it now.
  await server.db.transaction((tx) => vipServicesOf(server.db).vip.backing(m, tx))
  hidden = await server.db
    .select({ id: promotions.id, template: promotions.template })
    .from(promotions)
    .where(inArray(promotions.template, [...unlistedTemplates]))
})
afterAll(async () => {
  await server.close()
})

/** Each member call that names a promotion, answering its error code (or 'ok'). */
const calls: Record<string, (m: MoneyMember, id: number) => Promise<string>> = {
  claim: (m, id) => code(moneyCall(server, m.token, ep.claim.path, { promotionId: id })),
  claimRegister: (m, id) => code(moneyCall(server, m.token, ep.claimRegister.path, { promotionId: id })),
  claimAppDownload: (m, id) =>
    code(
      moneyCall(server, m.token, ep.claimAppDownload.path, { promotionId: id, displayMode: 'standalone' }),
    ),
  signUp: (m, id) => code(moneyCall(server, m.token, ep.signUp.path, { promotionId: id })),
  apply: (m, id) =>
    code(moneyCall(server, m.token, ep.apply.path, { promotionId: id, remark: 'please', images: [] })),
  raffleStatus: (m, id) =>
    code(plainCall(server, 'GET', `${raffleEndpoints.status.path}?promotionId=${id}`, { token: m.token })),
  raffleJoin: (m, id) => code(moneyCall(server, m.token, raffleEndpoints.join.path, { promotionId: id })),
  depositBonus: (m, id) =>
    code(
      moneyCall(server, m.token, '/wps/relay/depositTransferGeneric', {
        methodCode: 'BANK',
        amount: '50',
        reference: 'Dara',
        promotionId: id,
      }),
    ),
}

async function code(res: ReturnType<typeof plainCall>) {
  const r = await res
  return r.statusCode === 200 ? 'ok' : `${r.statusCode} ${failureOf(r).errorCode}`
}

describe('a guessed id of another area’s backing promotion', () => {
  it('has one of each hidden kind to guess: a mission’s and the VIP level-up', () => {
    const kinds = new Set(hidden.map((h) => h.template))
    expect(kinds.has('mission')).toBe(true)
    expect(kinds.has(vipLevelUpTemplateName)).toBe(true)
  })

  for (const [name, call] of Object.entries(calls)) {
    it(`${name} answers as for a missing id`, async () => {
      const m = await moneyMember(server)
      const none = await call(m, missing)
      expect(none).toMatch(/ promotion_not_found$/)
      for (const h of hidden) expect([h.template, await call(m, h.id)]).toEqual([h.template, none])
      expect(await mainMinor(server, m.token)).toBe(0n)
    })
  }

  it('is never listed, and no promo code reaches it', async () => {
    const m = await moneyMember(server)
    const listed = await plainCall(server, 'GET', ep.available.path, { token: m.token })
    const ids = (listed.json() as { value: { list: { id: number }[] } }).value.list.map((p) => p.id)
    for (const h of hidden) expect(ids).not.toContain(h.id)
    const res = await moneyCall(server, m.token, ep.claimPromoCode.path, { code: '' })
    expect(res.statusCode).toBeLessThan(500)
  })
})
