/**
 * The demo's points (demo mode only): the settings in force from the seed on, after every
 * bet the seed settled, and player01's welcome points; seeded once however often the
 * start runs. A production install starts with no point settings (nothing is earned).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pointConfigs, pointRewards } from '#server/db/schema'
import { seedDemoPoints, seedForStart } from '#server/db/seed'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, runOps, type TestServer } from '../build-server'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

describe('the demo’s points', () => {
  it('starts with none: the test brand is seeded without them', async () => {
    expect(await server.db.select().from(pointConfigs)).toEqual([])
    expect(await runOps(server, 'points', 'config')).toMatch(/^points: not set up/)
  })

  it('seeds the settings and player01’s welcome points once', async () => {
    const now = new Date()
    // player01 already has the seeded check-ins' points (the missions' demo).
    const before = Number((await runOps(server, 'points', 'balance', 'player01')).split(' ')[1])
    await seedDemoPoints(server.db, 'DEMO', now)
    await seedDemoPoints(server.db, 'DEMO', now)
    const versions = await server.db.select().from(pointConfigs).where(eq(pointConfigs.merchantCode, 'DEMO'))
    expect(versions).toHaveLength(1)
    expect(versions[0]?.validFrom.getTime()).toBeGreaterThanOrEqual(now.getTime())
    expect(await runOps(server, 'points', 'config')).toMatch(
      /^points on \(version \d+, (since|in force from) [^)]+\)\n {2}points per 1\.00 of valid bet: LOTT 0\.2, ELOTT 0\.2, LIVE 0\.05, SPORTS 0\.1, ESPORTS 0\.1, RNG 0\.1, FISH 0\.1, PVP 0\.1\n {2}conversions: bonus: 100 points = 1\.50, at least 100, in steps of 100, turnover ×3; cash: 100 points = 1\.00/,
    )
    expect(await runOps(server, 'points', 'balance', 'player01')).toBe(
      `player01: ${before + 12_500 - 1_000 - 2_000} points`,
    )
    expect((await reconcile(server.db)).ok).toBe(true)
  })

  it('seeds the mall: rewards with pictures, and player01’s redemption in each status', async () => {
    const rewards = await server.db.select().from(pointRewards).where(eq(pointRewards.merchantCode, 'DEMO'))
    expect(rewards).toHaveLength(6)
    expect(rewards.filter((r) => r.disabledAt !== null)).toHaveLength(1)
    for (const r of rewards) expect(r.imageUrl).toMatch(/^\/media\/rewards\/[a-z-]+\.webp\?v=\d+$/)
    const art = await server.app.inject({ method: 'GET', url: rewards[0]?.imageUrl ?? '' })
    expect(art.statusCode).toBe(200)
    expect(art.headers['content-type']).toBe('image/webp')
    const list = await runOps(server, 'redemption', 'list', '--all')
    expect(list).toMatch(/approved .* cash "10\.00 cash"/)
    expect(list).toMatch(/inProcess .* physical "Team T-shirt" ×1, 2000 points, \+ \$5\.00/)
    expect(list).toMatch(
      /rejected .* physical "Power bank 10,000 mAh" .*remark: The address could not be reached/,
    )
    const r = await reconcile(server.db)
    expect(r.points.mallDrift).toEqual([])
    expect(r.ok).toBe(true)
  })

  it('gives a production install no point settings', async () => {
    const prod = await build({ empty: true })
    try {
      await seedForStart(prod.db, { DEMO: false, MERCHANT_CODE: 'LIVE' }, prod.services.passwords.hash)
      expect(await prod.db.select().from(pointConfigs)).toEqual([])
    } finally {
      await prod.close()
    }
  })
})
