/**
 * Two operators changing the point settings at once (decision 030, section 8): each change
 * is a new version built on the latest, so the second builds on the first's and neither is
 * lost. Runs on PostgreSQL too (TEST_DATABASE_URL), where the two commands truly overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readVersions } from '#server/loyalty/points/point-config'
import { build, runOps, type TestServer } from '../build-server'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

describe('point settings changed by two operators at once', () => {
  it('keeps both changes: the latest version has every rate typed', async () => {
    const types = ['RNG', 'LIVE', 'SPORTS', 'FISH', 'PVP', 'ESPORTS']
    await Promise.all(types.map((t, i) => runOps(server, 'points', 'config', 'rate', t, String(i + 1))))
    const versions = await readVersions(server.db, server.config.MERCHANT_CODE)
    expect(versions).toHaveLength(types.length)
    expect(versions.at(-1)?.rates).toEqual(Object.fromEntries(types.map((t, i) => [t, (i + 1) * 100])))
  })
})
