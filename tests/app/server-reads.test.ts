import { QueryClient } from '@tanstack/react-query'
import { describe, expect, test } from 'vitest'
import { lotteryEndpoints } from '#contract/lottery'
import { bootQueriesOf, type parseBootBlock } from '#src/lib/boot-data.ts'
import { seedServerReads, serverRead } from '#src/lib/server-reads.ts'

const menus = { menus: [] }
const settings = {
  merchantCode: 'DEMO',
}

describe("the server's reads carried in the page", () => {
  test('are seeded under their keys when their answers match their rows', async () => {
    const qc = new QueryClient()
    await seedServerReads(qc, [
      { key: ['lottery', 'gameMenus', 'ALL'], read: 'lottery.gameMenus', data: menus, updatedAt: 5 },
    ])
    expect(qc.getQueryData(['lottery', 'gameMenus', 'ALL'])).toEqual(menus)
    expect(qc.getQueryState(['lottery', 'gameMenus', 'ALL'])?.dataUpdatedAt).toBe(5)
    expect(serverRead(lotteryEndpoints.gameMenus)).toEqual({ read: 'lottery.gameMenus' })
  })

  test('leave out an answer that does not match, a row that is not public, an unknown row and a foreign key', async () => {
    const qc = new QueryClient()
    await seedServerReads(qc, [
      // Not the row's shape.
      { key: ['lottery', 'gameMenus', 'ALL'], read: 'lottery.gameMenus', data: { menus: 'x' }, updatedAt: 1 },
      // A member's row: never from the page.
      { key: ['lottery', 'orders'], read: 'lottery.orders', data: { list: [] }, updatedAt: 1 },
      // No such area or row.
      { key: ['money', 'balance'], read: 'money.balance', data: 1, updatedAt: 1 },
      { key: ['lottery', 'nope'], read: 'lottery.nope', data: {}, updatedAt: 1 },
      { key: ['lottery', 'x'], read: 'lottery.gameMenus.extra', data: menus, updatedAt: 1 },
      // A lottery answer under another area's key.
      { key: ['system', 'status'], read: 'lottery.gameMenus', data: menus, updatedAt: 1 },
    ])
    expect(qc.getQueryCache().getAll()).toHaveLength(0)
  })

  test('keep newer data already in the cache', async () => {
    const qc = new QueryClient()
    qc.setQueryData(['lottery', 'vnMenu'], { gameMenus: [] }, { updatedAt: 100 })
    await seedServerReads(qc, [
      {
        key: ['lottery', 'vnMenu'],
        read: 'lottery.vnMenu',
        data: { gameMenus: [{ nope: 1 }] },
        updatedAt: 50,
      },
    ])
    expect(qc.getQueryData(['lottery', 'vnMenu'])).toEqual({ gameMenus: [] })
  })

  test('come out of the boot block only when their envelope is whole', () => {
    const core = { locale: 'en', settings, whitelabel: { childrenNodes: [] } }
    // The core is checked against the contract; these tests read only the queries.
    const fake = { core, parts: {} } as unknown as NonNullable<ReturnType<typeof parseBootBlock>>
    expect(
      bootQueriesOf({
        ...fake,
        queries: [{ key: ['lottery'], read: 'lottery.vnMenu', data: 1, updatedAt: 1 }],
      }),
    ).toHaveLength(1)
    expect(
      bootQueriesOf({ ...fake, queries: [{ key: [], read: 'lottery.vnMenu', data: 1, updatedAt: 1 }] }),
    ).toEqual([])
    expect(bootQueriesOf({ ...fake, queries: 'x' })).toEqual([])
    expect(bootQueriesOf({ ...fake, queries: [{ key: [{}], read: 'a', data: 1, updatedAt: 1 }] })).toEqual([])
  })
})
