/**
 * The demo vendor wired as demo mode wires it: a member launches a demo slot, spins through
 * the vendor's own API, and every round moves money through the platform's signed seamless
 * wallet route. The balance, the betting record, the reconcile and a replayed spin agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, runOps, type TestServer } from '../build-server'
import { launched, setWalletMode } from '../play-helpers'
import { mainMinor, moneyMember } from '../money-helpers'
import { plainCall, valueOf } from '../identity-helpers'
import { reconcileGames } from '../../server/vendors/reconcile'

let server: TestServer

beforeAll(async () => {
  server = await build()
  await setWalletMode(server, 'DEMO', 'SINGLE')
})
afterAll(async () => {
  await server?.close()
})

function sessionOf(url: string): string {
  const s = new URL(url, 'http://portal.test').searchParams.get('s')
  if (!s) throw new Error(`no session in ${url}`)
  return s
}

async function spin(s: string, bet: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/demo-vendor/api/slot/spin',
    headers: { 'content-type': 'application/json', origin: 'null' },
    payload: JSON.stringify({ s, bet }),
  })
  return { status: res.statusCode, body: res.json<{ ok: boolean; balance?: string; error?: string }>() }
}

describe('a member plays the demo slot through the seamless wallet', () => {
  it('each spin debits the stake and credits the win on the main wallet, and the rounds reconcile', async () => {
    const m = await moneyMember(server, '50.00')
    const launch = await launched(server, m.token, { gameId: 'DSL-0002' })
    expect(launch.content.game_url).toMatch(/^\/demo-vendor\/play\/slot\?s=/)
    const s = sessionOf(launch.content.game_url)

    const before = await mainMinor(server, m.token)
    expect(before).toBe(5000n)
    let last = before
    for (let i = 0; i < 8; i++) {
      const r = await spin(s, '100')
      expect(r.status).toBe(200)
      expect(r.body.ok).toBe(true)
      const now = await mainMinor(server, m.token)
      // The stake left the wallet; whatever came back was a win of the round.
      expect(now).toBeGreaterThanOrEqual(last - 100n)
      last = now
    }

    const records = await plainCall(server, 'GET', '/wps/relay/ODSFE2_MemBetDet?pageNo=1&pageSize=20', {
      token: m.token,
    })
    const settled = valueOf(records, (v) => v as { list: { status: string; betAmount: string }[] })
    expect(settled.list.filter((b) => b.status === 'SETTLED')).toHaveLength(8)
    const result = await reconcileGames(server.db, 'DEMO')
    expect(result.mismatches).toEqual([])
    expect(result.ok).toBe(true)
  })

  it('an overdrawing spin is refused and moves nothing', async () => {
    const m = await moneyMember(server, '0.50')
    const s = sessionOf((await launched(server, m.token, { gameId: 'DSL-0002' })).content.game_url)
    const r = await spin(s, '100000')
    expect(r.body.ok).toBe(false)
    expect(await mainMinor(server, m.token)).toBe(50n)
  })

  it('a spin while the operator has the vendor under maintenance is refused with the reason, and moves nothing', async () => {
    const m = await moneyMember(server, '5.00')
    const s = sessionOf((await launched(server, m.token, { gameId: 'DSL-0002' })).content.game_url)
    expect(await runOps(server, 'vendor-maintenance', 'dsl', 'on')).toBe('DSL: maintenance on for DEMO')
    expect(await runOps(server, 'vendor-maintenance')).toContain('DSL (RNG) ')
    try {
      const r = await spin(s, '100')
      expect(r.status).toBe(409)
      expect(r.body).toMatchObject({ ok: false, error: 'vendor_maintenance' })
      expect(await mainMinor(server, m.token)).toBe(500n)
    } finally {
      await runOps(server, 'vendor-maintenance', 'DSL', 'off')
    }
    expect((await spin(s, '100')).body.ok).toBe(true)
  })
})
