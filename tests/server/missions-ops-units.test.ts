/**
 * `ops mission edit <id> rule|reward`: the rule's amounts are written as the operator reads
 * them (whole points, units of money) and kept in the book's units (centipoints, minor units),
 * `mission list` shows them back as written, a member's check-in pays the written points, and
 * a change of reward kind keeps the written figures in the new unit (a brand with no decimals).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { MissionClaimedSchema, missionEndpoints as ep } from '#contract/missions'
import { missions } from '#server/db/schema'
import { createMissionAdmin } from '#server/loyalty/missions/missions-admin'
import { createMissionRepository } from '#server/loyalty/missions/missions-repository'
import { createPromotionRepository } from '#server/promotions/promotions-repository'
import { merchantByCode } from '#server/system/brands-repository'
import { build, runOps, type TestServer } from '../build-server'
import { moneyCall, moneyMember } from '../money-helpers'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server.close()
})

const stored = async (id: number) => {
  const [row] = await server.db.select().from(missions).where(eq(missions.id, id))
  return row
}

describe('ops mission edit: amounts as the operator writes them', () => {
  it('keeps a sign-in rule written in points as centipoints, lists it as written and pays it', async () => {
    const made = await runOps(server, 'mission', 'create', 'signIn')
    const id = Number(/^made #(\d+) /.exec(made)?.[1])
    expect(made).toContain('rule {"kind":"signIn","days":[10,10,15,15,20,20,100]}')

    const out = await runOps(
      server,
      'mission',
      'edit',
      String(id),
      'rule',
      '{"kind":"signIn","days":[12.5,10,15,15,20,20,150]}',
    )
    expect(out).toContain('rule {"kind":"signIn","days":[12.5,10,15,15,20,20,150]}')
    expect((await stored(id))?.rule).toEqual({
      kind: 'signIn',
      days: [1250, 1000, 1500, 1500, 2000, 2000, 15000],
    })
    expect(await runOps(server, 'mission', 'list')).toContain(
      `#${id} running signIn daily "7-day sign-in" reward points rule {"kind":"signIn","days":[12.5,10,15,15,20,20,150]}`,
    )

    const m = await moneyMember(server)
    const res = await moneyCall(server, m.token, ep.claim.path, { missionId: id })
    expect(res.statusCode, res.body).toBe(200)
    const v = successEnvelope(MissionClaimedSchema).parse(res.json()).value
    expect(v.claim.reward).toEqual({ kind: 'points', amount: '12.5' })
    expect(v.points).toBe('12.5')
    await runOps(server, 'mission', 'pause', String(id))
  })

  it('refuses an amount finer than its unit keeps, and changes nothing', async () => {
    const made = await runOps(server, 'mission', 'create', 'milestone')
    const id = Number(/^made #(\d+) /.exec(made)?.[1])
    const before = (await stored(id))?.rule
    await expect(
      runOps(
        server,
        'mission',
        'edit',
        String(id),
        'rule',
        '{"kind":"milestone","tiers":[{"turnover":1000.005,"reward":100}]}',
      ),
    ).rejects.toThrow(/^validation_failed: 1000\.005 has more decimals than 2 \(money\)$/)
    await expect(
      runOps(
        server,
        'mission',
        'edit',
        String(id),
        'rule',
        '{"kind":"milestone","tiers":[{"turnover":1000,"reward":0.001}]}',
      ),
    ).rejects.toThrow(/^validation_failed: 0\.001 has more decimals than 2 \(points\)$/)
    expect((await stored(id))?.rule).toEqual(before)
    await runOps(
      server,
      'mission',
      'edit',
      String(id),
      'rule',
      '{"kind":"milestone","tiers":[{"turnover":1500.5,"reward":75}]}',
    )
    expect((await stored(id))?.rule).toEqual({
      kind: 'milestone',
      tiers: [{ turnover: 150050, reward: 7500 }],
    })
    await runOps(server, 'mission', 'pause', String(id))
  })

  it('moves the reward amounts to the new kind’s unit, keeping the written figures', async () => {
    const brand = await merchantByCode(server.db, server.config.MERCHANT_CODE)
    if (!brand) throw new Error('no brand')
    const m = { ...brand, currencyDecimals: 0 }
    const admin = createMissionAdmin({
      repo: createMissionRepository(server.db),
      promotionRepo: createPromotionRepository(server.db),
      now: () => new Date(),
    })
    const x = await admin.create(m, 'newbie', { goal: 'profile' }, 'test', server.db)
    expect(x.rule).toEqual({ kind: 'newbie', reward: 5000 })
    const { after } = await admin.edit(m, x.id, { field: 'reward', rewardKind: 'bonus' }, 'test', server.db)
    // 50 points become 50 of money, a currency without decimals: 50 minor units.
    expect([after.rewardKind, after.rule]).toEqual(['bonus', { kind: 'newbie', reward: 50 }])
    expect(after.promotionId).not.toBeNull()
    const back = await admin.edit(m, x.id, { field: 'reward', rewardKind: 'points' }, 'test', server.db)
    expect(back.after.rule).toEqual({ kind: 'newbie', reward: 5000 })
    const edited = await admin.edit(
      m,
      x.id,
      { field: 'rule', rule: { kind: 'newbie', reward: 7.25 } },
      'test',
      server.db,
    )
    expect(edited.after.rule).toEqual({ kind: 'newbie', reward: 725 })
    await admin.pause(m, x.id, true, server.db)
  })

  it('refuses a rescue paid in points: it pays a share of a loss in money', async () => {
    const made = await runOps(server, 'mission', 'create', 'rescue')
    const id = Number(/^made #(\d+) /.exec(made)?.[1])
    const before = await stored(id)
    await expect(runOps(server, 'mission', 'edit', String(id), 'reward', 'points')).rejects.toThrow(
      /a rescue pays a share of the loss in money/,
    )
    expect(await stored(id)).toEqual(before)
    await runOps(server, 'mission', 'pause', String(id))
  })
})
