/**
 * The sign-in across the brand's midnight, in Europe/London in summer time (BST): a check-in
 * at 23:59:59.9 and one at 00:00:00.1 are two days and the streak goes on; and a check-in
 * that read the clock just before midnight but reached the database after one just after it
 * cannot leave a reset streak behind a checked-in day: each check-in's day and yesterday are
 * taken from one instant read under the member's lock; and one at 00:00:00.1 sent while the
 * one at 23:59:59.9 is still being written waits for it and goes on. Runs on PostgreSQL too.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { missions } from '#server/db/schema'
import { missionClaims } from '#server/db/schema/missions'
import { dayBefore } from '#server/loyalty/missions/state'
import type { Tx } from '#server/plugins/external/db'
import { build, type TestServer } from '../build-server'
import { moneyMember } from '../money-helpers'

let server: TestServer
let clock: number | null = null

beforeAll(async () => {
  server = await build({ now: () => (clock === null ? new Date() : new Date(clock)) })
})
afterAll(async () => {
  await server.close()
})

type Run = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>
const inTx: Run = (work) => server.db.transaction(work)

async function signInId() {
  const [row] = await server.db
    .select({ id: missions.id })
    .from(missions)
    .where(and(eq(missions.merchantCode, server.config.MERCHANT_CODE), eq(missions.kind, 'signIn')))
  if (!row) throw new Error('no sign-in mission')
  return row.id
}

async function checkIn(memberId: number, run: Run = inTx) {
  const m = {
    ...(await server.app.money.settings.merchant(server.config.MERCHANT_CODE)),
    timeZone: 'Europe/London',
  }
  const r = await server.app.missions.claim(m, memberId, { missionId: await signInId() }, run)
  return r.claim.streakDay
}

/** The member's check-ins by brand day, and whether each one's day follows the day before's. */
async function streak(memberId: number) {
  const rows = await server.db
    .select({ period: missionClaims.period, day: missionClaims.streakDay })
    .from(missionClaims)
    .where(and(eq(missionClaims.memberId, memberId), eq(missionClaims.missionId, await signInId())))
  const byDay = new Map(rows.map((r) => [r.period, r.day]))
  return [...byDay.keys()].sort().map((period) => {
    const before = byDay.get(dayBefore(period))
    return {
      period,
      day: byDay.get(period),
      follows: byDay.get(period) === (before === undefined ? 1 : (before ?? 0) + 1),
    }
  })
}

// 10 June 2026, BST (UTC+1): 23:59:59.9 is 22:59:59.900Z, 00:00:00.1 on the 11th 23:00:00.100Z.
const beforeMidnight = Date.parse('2026-06-10T22:59:59.900Z')
const afterMidnight = Date.parse('2026-06-10T23:00:00.100Z')
const dayBeforeNoon = Date.parse('2026-06-09T11:00:00Z')

describe('the sign-in across the brand’s midnight', () => {
  it('counts 23:59:59.9 and 00:00:00.1 as two days in a row', async () => {
    const m = await moneyMember(server)
    try {
      clock = dayBeforeNoon
      expect(await checkIn(m.id)).toBe(1)
      clock = beforeMidnight
      expect(await checkIn(m.id)).toBe(2)
      clock = afterMidnight
      expect(await checkIn(m.id)).toBe(3)
    } finally {
      clock = null
    }
    expect(await streak(m.id)).toEqual([
      { period: '2026-06-09', day: 1, follows: true },
      { period: '2026-06-10', day: 2, follows: true },
      { period: '2026-06-11', day: 3, follows: true },
    ])
  })

  it('a check-in sent at 23:59:59.9 that reaches the database after one at 00:00:00.1 leaves no reset behind a checked-in day', async () => {
    const m = await moneyMember(server)
    try {
      clock = dayBeforeNoon
      expect(await checkIn(m.id)).toBe(1)
      // A is sent at 23:59:59.9; its transaction is held until B, at 00:00:00.1, is done.
      clock = beforeMidnight
      let reached: () => void = () => undefined
      const atRun = new Promise<void>((resolve) => {
        reached = resolve
      })
      let open: () => void = () => undefined
      const gate = new Promise<void>((resolve) => {
        open = resolve
      })
      const a = checkIn(m.id, async (work) => {
        reached()
        await gate
        return server.db.transaction(work)
      }).then(
        (day) => ({ day }),
        (err: unknown) => ({ error: (err as { errorCode?: string }).errorCode }),
      )
      await atRun
      clock = afterMidnight
      const b = await checkIn(m.id)
      open()
      const late = await a
      // A is handled at 00:00:00.1: the 11th, already checked in; the 10th was missed.
      expect([b, late]).toEqual([1, { error: 'mission_already_claimed' }])
    } finally {
      clock = null
    }
    const days = await streak(m.id)
    expect(days.every((d) => d.follows)).toBe(true)
    expect(days.map((d) => d.period)).toEqual(['2026-06-09', '2026-06-11'])
  })

  it('a check-in at 00:00:00.1 while the one at 23:59:59.9 is still being written waits for it and goes on', async () => {
    const m = await moneyMember(server)
    try {
      clock = dayBeforeNoon
      expect(await checkIn(m.id)).toBe(1)
      clock = beforeMidnight
      let written: () => void = () => undefined
      const held = new Promise<void>((resolve) => {
        written = resolve
      })
      let open: () => void = () => undefined
      const gate = new Promise<void>((resolve) => {
        open = resolve
      })
      // A has written its claim of the 10th and holds its transaction open.
      const a = checkIn(m.id, (work) =>
        server.db.transaction(async (tx) => {
          const out = await work(tx)
          written()
          await gate
          return out
        }),
      )
      await held
      clock = afterMidnight
      const b = checkIn(m.id)
      open()
      expect([await a, await b]).toEqual([2, 3])
    } finally {
      clock = null
    }
    expect((await streak(m.id)).map((d) => [d.period, d.day, d.follows])).toEqual([
      ['2026-06-09', 1, true],
      ['2026-06-10', 2, true],
      ['2026-06-11', 3, true],
    ])
  })
})
