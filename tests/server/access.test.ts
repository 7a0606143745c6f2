import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as s from '#server/db/schema'
import type { Db } from '#server/plugins/external/db'
import { createAccessService, parseCidr, type AccessSnapshot } from '#server/system/access'
import { buildTree, type FlatNode } from '#server/system/system-repository'
import { build, runOps, type TestServer } from '../build-server'

describe('parseCidr', () => {
  it.each([
    ['1.2.3.4', { address: '1.2.3.4', prefix: 32, family: 'ipv4' }],
    ['10.0.0.0/8', { address: '10.0.0.0', prefix: 8, family: 'ipv4' }],
    ['0.0.0.0/0', { address: '0.0.0.0', prefix: 0, family: 'ipv4' }],
    [' 192.168.1.0/24 ', { address: '192.168.1.0', prefix: 24, family: 'ipv4' }],
    ['::1', { address: '::1', prefix: 128, family: 'ipv6' }],
    ['2001:db8::/32', { address: '2001:db8::', prefix: 32, family: 'ipv6' }],
    ['2001:db8::/128', { address: '2001:db8::', prefix: 128, family: 'ipv6' }],
  ] as const)('reads %j', (raw, expected) => {
    expect(parseCidr(raw)).toEqual(expected)
  })

  it.each([
    '',
    'localhost',
    '300.1.2.3',
    '1.2.3',
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/',
    '10.0.0.0/8/8',
    '10.0.0.0/ 8',
    '10.0.0.0/0x8',
    '2001:db8::/129',
    '2001:db8::/1000',
  ])('refuses %j', (raw) => {
    expect(parseCidr(raw)).toBeUndefined()
  })
})

describe('buildTree', () => {
  const row = (modId: string, parentModId: string | null, enabled = true): FlatNode => ({
    modId,
    parentModId,
    enabled,
  })

  it('nests children under their parent in row order and writes enabled as "1"/"0"', () => {
    const tree = buildTree([
      row('A', null),
      row('A2', 'A', false),
      row('B', null, false),
      row('A1', 'A'),
      row('A1x', 'A1'),
    ])
    expect(tree).toEqual([
      {
        modId: 'A',
        enabled: '1',
        childrenNodes: [
          { modId: 'A2', enabled: '0' },
          { modId: 'A1', enabled: '1', childrenNodes: [{ modId: 'A1x', enabled: '1' }] },
        ],
      },
      { modId: 'B', enabled: '0' },
    ])
  })

  it('gives leaves no childrenNodes key at all', () => {
    const [leaf] = buildTree([row('LEAF', null)])
    expect(leaf).toEqual({ modId: 'LEAF', enabled: '1' })
    expect(leaf && 'childrenNodes' in leaf).toBe(false)
  })

  it('leaves out orphans (their parent removed), which the access gate counts as off', () => {
    const tree = buildTree([row('ROOT', null), row('ORPHAN', 'GONE'), row('ORPHAN_KID', 'ORPHAN', false)])
    expect(tree).toEqual([{ modId: 'ROOT', enabled: '1' }])
  })

  it('answers an empty tree for no rows', () => {
    expect(buildTree([])).toEqual([])
  })
})

describe('isEnabled', () => {
  /** isEnabled reads only the snapshot it is given; a database touch would throw. */
  const noDatabase = new Proxy(
    {},
    {
      get() {
        throw new Error('isEnabled must not touch the database')
      },
    },
  ) as Db
  const access = createAccessService(noDatabase, 0)

  function snapshotOf(rows: FlatNode[]): AccessSnapshot {
    return {
      maintenance: false,
      maintenanceMessage: null,
      maintenanceUntil: null,
      blockedCountries: new Set(),
      flags: new Map(rows.map((r) => [r.modId, r])),
      tree: buildTree(rows),
      loadedAt: 0,
    }
  }

  const snap = snapshotOf([
    { modId: 'REG3', parentModId: null, enabled: false },
    { modId: 'MOBILENUMREG3', parentModId: 'REG3', enabled: true },
    { modId: 'LOGIN3', parentModId: null, enabled: true },
    { modId: 'PASS3', parentModId: 'LOGIN3', enabled: true },
    { modId: 'GOOGLELOGIN3', parentModId: 'LOGIN3', enabled: false },
    { modId: 'DEEP', parentModId: 'PASS3', enabled: true },
    { modId: 'UNDER_GONE', parentModId: 'GONE', enabled: true },
    { modId: 'LOOP_A', parentModId: 'LOOP_B', enabled: true },
    { modId: 'LOOP_B', parentModId: 'LOOP_A', enabled: true },
  ])

  it('counts a switched-on flag under a switched-off parent as off', () => {
    expect(snap.flags.get('MOBILENUMREG3')?.enabled).toBe(true)
    expect(access.isEnabled(snap, 'MOBILENUMREG3')).toBe(false)
    expect(access.isEnabled(snap, 'REG3')).toBe(false)
  })

  it('counts a flag as on only when it and every node above it are on', () => {
    expect(access.isEnabled(snap, 'LOGIN3')).toBe(true)
    expect(access.isEnabled(snap, 'PASS3')).toBe(true)
    expect(access.isEnabled(snap, 'DEEP')).toBe(true)
    expect(access.isEnabled(snap, 'GOOGLELOGIN3')).toBe(false)
  })

  it('counts an unknown flag, a flag whose parent is missing, and a parent cycle as off', () => {
    expect(access.isEnabled(snap, 'NOSUCHFLAG')).toBe(false)
    expect(access.isEnabled(snap, 'UNDER_GONE')).toBe(false)
    expect(access.isEnabled(snap, 'LOOP_A')).toBe(false)
  })
})

describe('the access cache', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await build()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('keeps a snapshot for its TTL, reloads after it, and reloads at once after invalidate()', async () => {
    let clock = 1_000_000
    const access = createAccessService(server.db, 2_000, () => clock)
    expect((await access.snapshot('DEMO')).maintenance).toBe(false)

    await server.db
      .update(s.accessSettings)
      .set({ maintenance: true })
      .where(eq(s.accessSettings.merchantCode, 'DEMO'))
    clock += 1_999
    expect((await access.snapshot('DEMO')).maintenance).toBe(false)
    clock += 1
    expect((await access.snapshot('DEMO')).maintenance).toBe(true)

    await server.db
      .update(s.accessSettings)
      .set({ maintenance: false })
      .where(eq(s.accessSettings.merchantCode, 'DEMO'))
    expect((await access.snapshot('DEMO')).maintenance).toBe(true)
    access.invalidate()
    expect((await access.snapshot('DEMO')).maintenance).toBe(false)
  })

  it('drops the cached blocked addresses on invalidate(), as the operator commands do', async () => {
    const clock = 5_000_000
    const access = createAccessService(server.db, 60_000, () => clock)
    expect((await access.verdict('DEMO', '192.0.2.50', null)).ipBlocked).toBe(false)
    await server.db.insert(s.ipBlocks).values({ cidr: '192.0.2.0/24' })
    expect((await access.verdict('DEMO', '192.0.2.50', null)).ipBlocked).toBe(false)
    access.invalidate()
    expect((await access.verdict('DEMO', '192.0.2.50', null)).ipBlocked).toBe(true)
    await server.db.delete(s.ipBlocks).where(eq(s.ipBlocks.cidr, '192.0.2.0/24'))
  })

  it('answers a verdict without a wait only from fresh settings: none before the first read, after the TTL or after invalidate()', async () => {
    let clock = 7_000_000
    const access = createAccessService(server.db, 2_000, () => clock)
    expect(access.verdictNow('DEMO', '192.0.2.60', null)).toBeUndefined()
    expect(await access.verdict('DEMO', '192.0.2.60', 'KH')).toEqual({
      maintenance: false,
      regionRestriction: false,
      ipBlocked: false,
    })
    expect(access.verdictNow('DEMO', '192.0.2.60', null)).toEqual({
      maintenance: false,
      regionRestriction: false,
      ipBlocked: false,
    })

    await server.db
      .update(s.accessSettings)
      .set({ maintenance: true })
      .where(eq(s.accessSettings.merchantCode, 'DEMO'))
    await server.db.insert(s.ipBlocks).values({ cidr: '192.0.2.60' })
    try {
      clock += 1_999
      expect(access.verdictNow('DEMO', '192.0.2.60', null)?.maintenance).toBe(false)
      clock += 1
      // Stale: the caller must wait for a read, which sees both changes.
      expect(access.verdictNow('DEMO', '192.0.2.60', null)).toBeUndefined()
      expect(await access.verdict('DEMO', '::ffff:192.0.2.60', null)).toEqual({
        maintenance: true,
        regionRestriction: false,
        ipBlocked: true,
      })
      expect(access.verdictNow('DEMO', '192.0.2.60', null)).toEqual({
        maintenance: true,
        regionRestriction: false,
        ipBlocked: true,
      })
      access.invalidate()
      expect(access.verdictNow('DEMO', '192.0.2.60', null)).toBeUndefined()
    } finally {
      await server.db.delete(s.ipBlocks).where(eq(s.ipBlocks.cidr, '192.0.2.60'))
      await server.db
        .update(s.accessSettings)
        .set({ maintenance: false })
        .where(eq(s.accessSettings.merchantCode, 'DEMO'))
    }
  })

  it('keeps no settings read before an invalidate() for the verdict without a wait', async () => {
    const clock = 9_000_000
    const access = createAccessService(server.db, 60_000, () => clock)
    const reading = access.verdict('DEMO', '192.0.2.61', null)
    access.invalidate()
    await reading
    expect(access.verdictNow('DEMO', '192.0.2.61', null)).toBeUndefined()
  })

  it('reads the flags of the seeded brand so a child of a switched-off parent is off', async () => {
    const access = createAccessService(server.db, 0)
    expect(access.isEnabled(await access.snapshot('DEMO'), 'MOBILENUMREG3')).toBe(true)
    await runOps(server, 'flag', 'set', 'REG3', 'off')
    const snap = await access.snapshot('DEMO')
    expect(snap.flags.get('MOBILENUMREG3')?.enabled).toBe(true)
    expect(access.isEnabled(snap, 'MOBILENUMREG3')).toBe(false)
    await server.db
      .update(s.whitelabelNodes)
      .set({ enabled: true })
      .where(and(eq(s.whitelabelNodes.merchantCode, 'DEMO'), eq(s.whitelabelNodes.modId, 'REG3')))
  })
})
