/**
 * The demo's VIP state (decision 030 section 11): after the demo start's VIP step, player01 is
 * Silver with this brand month's valid bets part of the way to Gold, has a birthday, and the
 * ledger and the members' figures still reconcile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemberInfoSchema, identityEndpoints } from '#contract/identity'
import { parseAmount } from '#contract/money'
import { VipProgressSchema, vipEndpoints } from '#contract/vip'
import { demoBirthday, seedDemoVipProgress } from '#server/loyalty/vip/seed'
import { createLedger } from '#server/money/ledger'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, type TestServer } from '../build-server'
import { plainCall, tokenOf, valueOf } from '../identity-helpers'

let server: TestServer

beforeAll(async () => {
  server = await build()
  // The suites' database is the demo brand alone; a demo start runs this step after the history.
  await server.db.transaction((tx) =>
    seedDemoVipProgress(tx, createLedger(server.db), server.config.MERCHANT_CODE, new Date()),
  )
})
afterAll(async () => {
  await server?.close()
})

describe('player01 in the demo', () => {
  it('is Silver, part of the way to Gold by this month’s valid bets, with a birthday', async () => {
    const token = await tokenOf(server, 'player01', 'lotus123')
    const p = valueOf(await plainCall(server, 'GET', vipEndpoints.progress.path, { token }), (v) =>
      VipProgressSchema.parse(v),
    )
    expect(p).toMatchObject({ rank: 2, playerRankName: expect.any(String), next: { rank: 3 } })
    const bets = p.next?.monthlyTurnover
    const actual = parseAmount(bets?.actual ?? '0', { decimals: 2 }) ?? 0n
    expect(actual).toBeGreaterThanOrEqual(850_000n)
    expect(actual).toBeLessThan(parseAmount(bets?.expected ?? '0', { decimals: 2 }) ?? 0n)
    const info = valueOf(await plainCall(server, 'GET', identityEndpoints.memberInfo.path, { token }), (v) =>
      MemberInfoSchema.parse(v),
    )
    expect(info.birthday).toBe(demoBirthday)
  })

  it('leaves the ledger and the members’ figures reconciled', async () => {
    const r = await reconcile(server.db)
    expect(r.statsDrift).toEqual([])
    expect(r.ok).toBe(true)
  })
})
