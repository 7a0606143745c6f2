/**
 * The VIP level's rebate extra (decision 030 section 5): the daily rebate adds the member's
 * level's `rebate_extra_bp` (the level at the period's end) to the rule's rate of each game
 * type it pays, as a hand-computed table says; the rebate rates page shows the sum.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { RebateEstimatesSchema, promotionEndpoints as ep } from '#contract/promotions'
import { instantAtWall } from '#server/contracts/periods'
import { betRecords, promotionClaims, promotions } from '#server/db/schema'
import { createVipRepository } from '#server/loyalty/vip/vip-repository'
import type { MerchantRow } from '#server/money/common'
import { previousPeriod } from '#server/promotions/engine'
import { merchantByCode } from '#server/system/brands-repository'
import { build, runOps, type TestServer } from '../build-server'
import { plainCall } from '../identity-helpers'
import { mainMinor, moneyMember, type MoneyMember } from '../money-helpers'

let server: TestServer
let m: MerchantRow
let rebateId: number
let yesterday: string
const at = new Date()
const who: Record<string, MoneyMember> = {}
let n = 0

async function bet(member: MoneyMember, type: string, valid: bigint, settled: Date) {
  n += 1
  await server.db.insert(betRecords).values({
    merchantCode: m.code,
    memberId: member.id,
    betNo: `vipreb-${process.pid}-${n}`,
    productType: type,
    accountTypeId: 2,
    vendorName: 'test',
    gameName: 'test',
    betAmount: valid,
    validBet: valid,
    payout: 0n,
    status: 'SETTLED',
    betTime: settled,
    settledTime: settled,
  })
}

/** The member's level set straight (no level-up bonus), its change dated `when`. */
async function setRank(member: MoneyMember, rank: number, when: Date) {
  await server.db.transaction((tx) =>
    createVipRepository(server.db).set(tx, m.code, member.id, 1, rank, when, 'test', 'test'),
  )
}

beforeAll(async () => {
  server = await build()
  const found = await merchantByCode(server.db, server.config.MERCHANT_CODE)
  if (!found) throw new Error('no brand')
  m = found
  yesterday = previousPeriod('daily', m.timeZone, at).from
  const [p] = await server.db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.merchantCode, m.code), eq(promotions.template, 'rebate')))
  if (!p) throw new Error('no demo rebate')
  rebateId = p.id
  await runOps(
    server,
    'promotion',
    'edit',
    String(rebateId),
    'start',
    new Date(at.getTime() - 3 * 86_400_000).toISOString(),
  )
  const noon = instantAtWall(m.timeZone, `${yesterday}T12`)
  if (!noon) throw new Error('no time')
  for (const name of ['gil', 'hal', 'ivy', 'jon']) who[name] = await moneyMember(server, undefined, name)
  const [gil, hal, ivy, jon] = [who.gil, who.hal, who.ivy, who.jon].map((x) => {
    if (!x) throw new Error('no member')
    return x
  }) as [MoneyMember, MoneyMember, MoneyMember, MoneyMember]
  // gil Silver (+0.10%) since three days ago; hal Gold only from now, after yesterday's end;
  // ivy Bronze (no extra); jon Platinum (+0.30%) since three days ago.
  await setRank(gil, 2, new Date(at.getTime() - 3 * 86_400_000))
  await setRank(hal, 3, at)
  await setRank(jon, 4, new Date(at.getTime() - 3 * 86_400_000))
  await bet(gil, 'RNG', 100_000n, noon)
  await bet(gil, 'LIVE', 250_050n, noon)
  await bet(gil, 'COCKFIGHT', 10_000n, noon)
  await bet(hal, 'RNG', 100_000n, noon)
  await bet(ivy, 'RNG', 100_000n, noon)
  await bet(jon, 'LOTT', 7n, noon)
  await bet(jon, 'PVP', 33_333n, noon)
})

afterAll(async () => {
  await server?.close()
})

describe('the rebate with the level’s extra', () => {
  it('pays the rule’s rate plus the level’s extra per game type, by the level at the period’s end', async () => {
    await runOps(server, 'rebates', 'run', String(rebateId), yesterday)
    const claims = await server.db
      .select({ memberId: promotionClaims.memberId, amount: promotionClaims.amount })
      .from(promotionClaims)
      .where(
        and(
          eq(promotionClaims.promotionId, rebateId),
          inArray(
            promotionClaims.memberId,
            Object.values(who).map((w) => w.id),
          ),
        ),
      )
    const byName = Object.fromEntries(
      Object.entries(who).map(([name, w]) => [name, claims.find((c) => c.memberId === w.id)?.amount ?? null]),
    )
    // The demo rule: RNG 0.80%, LIVE 0.50%, PVP 0.40%, LOTT 0.30%; no cockfight rate.
    //   gil Silver +0.10%: RNG 1,000.00 x 0.90% = 9.00; LIVE 2,500.50 x 0.60% = 15.003 -> 15.00;
    //       cockfight 100.00 has no rate, so no extra either                   = 24.00
    //   hal Bronze at yesterday's end (Gold came after): RNG 1,000.00 x 0.80%  =  8.00
    //   ivy Bronze: RNG 1,000.00 x 0.80%                                        =  8.00
    //   jon Platinum +0.30%: LOTT 0.07 x 0.60% = 0; PVP 333.33 x 0.70% = 2.33331 -> 2.33
    expect(byName).toEqual({ gil: 2400n, hal: 800n, ivy: 800n, jon: 233n })
    expect(await mainMinor(server, who.gil?.token ?? '')).toBe(2400n)
    expect(await runOps(server, 'reconcile')).toMatch(/promotion money reconciles/)
  })

  it('the rebate rates page shows the rule’s rate plus the member’s level’s extra', async () => {
    await bet(who.gil as MoneyMember, 'RNG', 100_000n, new Date())
    const res = await plainCall(server, 'GET', ep.rebateRates.path, {
      token: who.gil?.token ?? '',
      headers: { language: 'EN' },
    })
    const value = successEnvelope(RebateEstimatesSchema).parse(res.json()).value
    const r = value.list.find((x) => x.promotionId === rebateId)
    expect(r?.rates.find((x) => x.gameType === 'RNG')).toEqual({
      gameType: 'RNG',
      rate: 90,
      validBets: '1000.00',
      rebate: '9.00',
    })
    expect(r?.rates.find((x) => x.gameType === 'LIVE')?.rate).toBe(60)
    expect(r?.estimate).toBe('9.00')
  })
})
