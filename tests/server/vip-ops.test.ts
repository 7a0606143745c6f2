/**
 * The operator's `vip` command: a level added and changed shows in the public table of levels
 * at once (its cached answer dropped), each change leaves its row in the audit trail, and
 * `vip set` records an operator change with the reason.
 */
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vipEndpoints } from '#contract/vip'
import { memberVipChanges, operatorActions } from '#server/db/schema'
import { build, runOps, type TestServer } from '../build-server'
import { plainCall } from '../identity-helpers'
import { moneyMember } from '../money-helpers'

let server: TestServer

beforeAll(async () => {
  server = await build()
})

afterAll(async () => {
  await server?.close()
})

const names = async () => {
  const res = await plainCall(server, 'GET', vipEndpoints.rules.path, { headers: { language: 'en' } })
  return ((res.json() as { value: { list: { name: string; levelUpBonus: string }[] } }).value.list ?? []).map(
    (l) => `${l.name} ${l.levelUpBonus}`,
  )
}

const lastAudit = async () => {
  const [r] = await server.db.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(1)
  return r
}

describe('ops vip', () => {
  it('adds and changes a level, shown in the table at once and audited', async () => {
    expect(await names()).toHaveLength(5)
    expect(await runOps(server, 'vip', 'level', 'add', '6', '{"en":"Crown","km":"មកុដ"}')).toMatch(
      /^6 "Crown"/,
    )
    expect((await lastAudit())?.target).toBe('vip level 6')
    expect(await runOps(server, 'vip', 'level', 'edit', '6', 'bonus', '888')).toMatch(/bonus \$?888\.00/)
    expect(await lastAudit()).toMatchObject({
      target: 'vip level 6',
      before: { levelUpBonus: '0' },
      after: { levelUpBonus: '88800' },
    })
    expect((await names()).at(-1)).toBe('Crown 888.00')
    const list = await runOps(server, 'vip', 'level', 'list')
    expect(list.split('\n')).toHaveLength(6)
  })

  it('sets a member’s level with the operator’s reason', async () => {
    const m = await moneyMember(server)
    expect(await runOps(server, 'vip', 'set', m.username, '2', 'loyal', 'player')).toBe(
      `${m.username}: level 1 → 2`,
    )
    expect(await runOps(server, 'vip', 'set', m.username, '2', 'again')).toMatch(/at level 2 already/)
    const [c] = await server.db
      .select()
      .from(memberVipChanges)
      .where(and(eq(memberVipChanges.memberId, m.id), eq(memberVipChanges.reason, 'operator')))
    expect(c).toMatchObject({ fromRank: 1, toRank: 2, by: 'operator:test-operator', note: 'loyal player' })
  })
})
