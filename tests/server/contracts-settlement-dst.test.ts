/**
 * Contract settlement in a zone with daylight saving (decision 024): an hourly salary across
 * the hour New York repeats when its clock goes back. A file of its own: a brand's zone is
 * named at go-live and never changes, and the kept figures count by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestServer } from '../build-server'
import { settlementKit } from './contracts-settlement-kit'

let server: TestServer
let clock = new Date('2026-01-01T00:00:00Z')

const { member, contract, round, table, zone, settleDue } = settlementKit(() => server)

beforeAll(async () => {
  server = await build({ now: () => clock })
  await zone('America/New_York')
})

afterAll(async () => {
  await server.close()
})

describe('an hourly salary where the clock goes back', () => {
  it('pays the repeated hour as one period of two hours, by differences', async () => {
    const top = await member(1)
    const a = await member(2, top)
    const mA = await member(0, a)
    const mTop = await member(0, top)
    const ids = [
      await contract(
        null,
        top,
        { kind: 'hourlySalary', tiers: [{ from: 0, rate: 10_000 }] },
        '2026-11-01T03:00:00Z',
      ),
      await contract(
        top,
        a,
        { kind: 'hourlySalary', tiers: [{ from: 0, rate: 5_000 }] },
        '2026-11-01T03:00:00Z',
      ),
    ]
    // 01:10 EDT (05:10Z), 01:20 EST (06:20Z) and 01:50 EST (06:50Z): one hour of the wall
    // clock, two of real time. 02:00 EST (07:00Z) starts the next hour.
    await round(mA, 1_000_000n, 0n, '2026-11-01T05:10:00Z')
    await round(mA, 2_000_000n, 500_000n, '2026-11-01T06:20:00Z')
    await round(mTop, 3_000_000n, 0n, '2026-11-01T06:50:00Z')
    await round(mTop, 9_000_000n, 0n, '2026-11-01T07:00:00Z')
    clock = new Date('2026-11-01T07:30:00Z')
    await settleDue(['hourlySalary'])
    expect(await table(ids)).toEqual([
      [
        top,
        '2026-11-01T05:00:00.000Z',
        '2026-11-01T07:00:00.000Z',
        6_000_000n,
        2,
        60_000n,
        15_000n,
        45_000n,
        0n,
      ],
      [a, '2026-11-01T05:00:00.000Z', '2026-11-01T07:00:00.000Z', 3_000_000n, 1, 15_000n, 0n, 15_000n, 0n],
    ])
    // The 02:00 hour closes at 08:00Z: paid by the run after it.
    clock = new Date('2026-11-01T08:01:00Z')
    await settleDue(['hourlySalary'])
    expect((await table(ids)).slice(2)).toEqual([
      [top, '2026-11-01T07:00:00.000Z', '2026-11-01T08:00:00.000Z', 9_000_000n, 1, 90_000n, 0n, 90_000n, 0n],
    ])
  })
})
