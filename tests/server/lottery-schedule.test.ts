/**
 * Lottery schedules: which issue is open at an instant, its numero, and when it opens and
 * closes, across local day, month and year ends, DST changes and odd offsets. Every
 * expectation is worked out by hand from the zone's offset on that date.
 */
import { describe, expect, it } from 'vitest'
import type { LotterySchedule } from '#contract/lottery'
import {
  checkSchedule,
  currentSlot,
  type IssueSlot,
  slotOf,
  slotsClosingBetween,
  slotsFrom,
} from '#server/lottery/schedule'

const at = (iso: string) => new Date(iso)
const every = (seconds: number, timeZone: string): LotterySchedule => ({
  type: 'interval',
  seconds,
  timeZone,
})
const daily = (time: string, timeZone: string, weekdays = [1, 2, 3, 4, 5, 6, 7]): LotterySchedule => ({
  type: 'daily',
  time,
  timeZone,
  weekdays,
})
const plain = (s: IssueSlot) => ({
  numero: s.numero,
  openAt: s.openAt.toISOString(),
  closeAt: s.closeAt.toISOString(),
})

describe('interval schedules', () => {
  const minute = every(60, 'Asia/Ho_Chi_Minh') // UTC+7, local midnight = 17:00Z the day before

  it('numbers the issue by its index since local midnight', () => {
    expect(plain(currentSlot(minute, at('2026-11-23T05:00:30Z')))).toEqual({
      numero: '20261123-0721',
      openAt: '2026-11-23T05:00:00.000Z',
      closeAt: '2026-11-23T05:01:00.000Z',
    })
  })

  it('the last issue of a day closes at the next local midnight and keeps its day; at a close the next issue is current', () => {
    expect(plain(currentSlot(minute, at('2026-11-23T16:59:30Z')))).toEqual({
      numero: '20261123-1440',
      openAt: '2026-11-23T16:59:00.000Z',
      closeAt: '2026-11-23T17:00:00.000Z',
    })
    expect(plain(currentSlot(minute, at('2026-11-23T17:00:00Z')))).toEqual({
      numero: '20261124-0001',
      openAt: '2026-11-23T17:00:00.000Z',
      closeAt: '2026-11-23T17:01:00.000Z',
    })
  })

  it('crosses month and year ends, leap days included', () => {
    const bangkok = every(60, 'Asia/Bangkok')
    expect(slotsFrom(bangkok, at('2026-12-31T16:59:30Z'), 3).map((s) => s.numero)).toEqual([
      '20261231-1440',
      '20270101-0001',
      '20270101-0002',
    ])
    expect(slotsFrom(bangkok, at('2027-02-28T16:59:30Z'), 2).map((s) => s.numero)).toEqual([
      '20270228-1440',
      '20270301-0001',
    ])
    expect(slotsFrom(bangkok, at('2028-02-28T16:59:30Z'), 2).map((s) => s.numero)).toEqual([
      '20280228-1440',
      '20280229-0001',
    ])
    expect(slotOf(bangkok, '20270229-0001')).toBeNull()
  })

  it('a +05:45 zone counts from its own midnight', () => {
    // Kathmandu midnight of 2026-11-23 is 2026-11-22T18:15Z; 00:00Z is 05:45 local, 23 quarters in.
    expect(plain(currentSlot(every(900, 'Asia/Kathmandu'), at('2026-11-23T00:00:00Z')))).toEqual({
      numero: '20261123-0024',
      openAt: '2026-11-23T00:00:00.000Z',
      closeAt: '2026-11-23T00:15:00.000Z',
    })
    expect(currentSlot(every(900, 'Asia/Kathmandu'), at('2026-11-22T18:14:59Z')).numero).toBe('20261122-0096')
  })

  it('the 23-hour spring-forward day in New York has 23 hourly issues, counted in real hours', () => {
    const hourly = every(3600, 'America/New_York')
    // 2026-03-08 starts at 05:00Z (EST) and ends at 2026-03-09T04:00Z (EDT).
    expect(plain(slotOf(hourly, '20260308-0001')!)).toEqual({
      numero: '20260308-0001',
      openAt: '2026-03-08T05:00:00.000Z',
      closeAt: '2026-03-08T06:00:00.000Z',
    })
    expect(slotOf(hourly, '20260308-0002')!.closeAt.toISOString()).toBe('2026-03-08T07:00:00.000Z') // 03:00 EDT
    expect(plain(slotOf(hourly, '20260308-0023')!)).toEqual({
      numero: '20260308-0023',
      openAt: '2026-03-09T03:00:00.000Z',
      closeAt: '2026-03-09T04:00:00.000Z',
    })
    expect(slotOf(hourly, '20260308-0024')).toBeNull()
    expect(currentSlot(hourly, at('2026-03-09T04:00:00Z')).numero).toBe('20260309-0001')
    expect(slotOf(every(60, 'America/New_York'), '20260308-1380')!.closeAt.toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    )
    expect(slotOf(every(60, 'America/New_York'), '20260308-1381')).toBeNull()
  })

  it('the 25-hour fall-back day has 25 hourly issues, the repeated 01:00 hour counted twice', () => {
    const hourly = every(3600, 'America/New_York')
    // 2026-11-01 starts at 04:00Z (EDT) and ends at 2026-11-02T05:00Z (EST).
    expect(currentSlot(hourly, at('2026-11-01T04:30:00Z')).numero).toBe('20261101-0001') // 00:30 EDT
    expect(currentSlot(hourly, at('2026-11-01T05:30:00Z')).numero).toBe('20261101-0002') // 01:30 EDT
    expect(plain(currentSlot(hourly, at('2026-11-01T06:30:00Z')))).toEqual({
      numero: '20261101-0003', // 01:30 EST
      openAt: '2026-11-01T06:00:00.000Z',
      closeAt: '2026-11-01T07:00:00.000Z',
    })
    expect(slotOf(hourly, '20261101-0025')!.closeAt.toISOString()).toBe('2026-11-02T05:00:00.000Z')
    expect(slotOf(hourly, '20261101-0026')).toBeNull()
    expect(slotOf(hourly, '20261102-0001')!.openAt.toISOString()).toBe('2026-11-02T05:00:00.000Z')
  })

  it('when the interval does not divide a DST day, the day’s last issue absorbs the rest', () => {
    const twoHours = every(7200, 'America/New_York')
    expect(slotsFrom(twoHours, at('2026-03-08T05:00:00Z'), 12).map(plain).slice(-2)).toEqual([
      { numero: '20260308-0011', openAt: '2026-03-09T01:00:00.000Z', closeAt: '2026-03-09T04:00:00.000Z' },
      { numero: '20260309-0001', openAt: '2026-03-09T04:00:00.000Z', closeAt: '2026-03-09T06:00:00.000Z' },
    ])
    // One issue a day: the short day still has its draw at the next midnight.
    const oneADay = every(86_400, 'America/New_York')
    expect(plain(slotOf(oneADay, '20260308-0001')!)).toEqual({
      numero: '20260308-0001',
      openAt: '2026-03-08T05:00:00.000Z',
      closeAt: '2026-03-09T04:00:00.000Z',
    })
    expect(slotOf(oneADay, '20261101-0001')!.closeAt.toISOString()).toBe('2026-11-02T05:00:00.000Z')
  })

  it('a date the zone skipped has no issues', () => {
    // Samoa moved across the date line: 2011-12-29 23:59:59 (UTC-10) was followed by 2011-12-31 00:00 (UTC+14).
    const apia = every(3600, 'Pacific/Apia')
    expect(slotOf(apia, '20111230-0001')).toBeNull()
    expect(slotsFrom(apia, at('2011-12-30T09:30:00Z'), 2).map(plain)).toEqual([
      { numero: '20111229-0024', openAt: '2011-12-30T09:00:00.000Z', closeAt: '2011-12-30T10:00:00.000Z' },
      { numero: '20111231-0001', openAt: '2011-12-30T10:00:00.000Z', closeAt: '2011-12-30T11:00:00.000Z' },
    ])
  })

  it('consecutive issues chain (each opens when the one before closes) and round-trip through slotOf, across DST', () => {
    for (const s of [
      every(600, 'America/New_York'),
      every(7200, 'America/New_York'),
      every(300, 'Asia/Kathmandu'),
    ]) {
      for (const start of ['2026-03-07T12:00:00Z', '2026-10-31T12:00:00Z']) {
        const slots = slotsFrom(s, at(start), 400)
        for (const [i, slot] of slots.entries()) {
          expect(slot.closeAt.getTime()).toBeGreaterThan(slot.openAt.getTime())
          if (i > 0) expect(slot.openAt).toEqual(slots[i - 1]!.closeAt)
          expect(slotOf(s, slot.numero)).toEqual(slot)
          expect(currentSlot(s, slot.openAt)).toEqual(slot)
          expect(currentSlot(s, new Date(slot.closeAt.getTime() - 1))).toEqual(slot)
        }
      }
    }
  })

  it('refuses numeros the schedule does not have', () => {
    for (const n of ['20261123', '20261123-0000', '20261123-1441', '20261131-0001', '2026112-00001', 'x']) {
      expect(slotOf(minute, n), n).toBeNull()
    }
  })
})

describe('daily schedules', () => {
  it('draws at the local time, numbered by the local date; opens at the previous draw', () => {
    const north = daily('18:15', 'Asia/Ho_Chi_Minh')
    expect(plain(currentSlot(north, at('2026-11-23T11:00:00Z')))).toEqual({
      numero: '20261123',
      openAt: '2026-11-22T11:15:00.000Z',
      closeAt: '2026-11-23T11:15:00.000Z',
    })
    expect(currentSlot(north, at('2026-11-23T11:15:00Z')).numero).toBe('20261124')
    expect(slotsFrom(north, at('2026-12-31T12:00:00Z'), 2).map((s) => s.numero)).toEqual([
      '20270101',
      '20270102',
    ])
  })

  it('skips the weekdays it does not draw on', () => {
    // 2026-11-23 is a Monday; draws on Tuesday (2) and Friday (5) at 16:15 in Bangkok.
    const tueFri = daily('16:15', 'Asia/Bangkok', [5, 2])
    expect(plain(currentSlot(tueFri, at('2026-11-23T00:00:00Z')))).toEqual({
      numero: '20261124',
      openAt: '2026-11-20T09:15:00.000Z',
      closeAt: '2026-11-24T09:15:00.000Z',
    })
    expect(slotsFrom(tueFri, at('2026-11-23T00:00:00Z'), 3).map((s) => s.numero)).toEqual([
      '20261124',
      '20261127',
      '20261201',
    ])
    expect(slotOf(tueFri, '20261123')).toBeNull()
    expect(slotOf(tueFri, '20261127')!.openAt.toISOString()).toBe('2026-11-24T09:15:00.000Z')
    expect(slotOf(tueFri, '20261124-0001')).toBeNull()
    expect(slotOf(tueFri, '20261131')).toBeNull()
  })

  it('a draw time inside the spring-forward gap moves forward by the gap; one in the repeated hour takes the first', () => {
    const ny = daily('02:30', 'America/New_York')
    expect(slotOf(ny, '20260308')!.closeAt.toISOString()).toBe('2026-03-08T07:30:00.000Z') // 03:30 EDT
    expect(slotOf(ny, '20260307')!.closeAt.toISOString()).toBe('2026-03-07T07:30:00.000Z') // 02:30 EST
    expect(slotOf(ny, '20260309')!.closeAt.toISOString()).toBe('2026-03-09T06:30:00.000Z') // 02:30 EDT
    expect(slotOf(daily('01:30', 'America/New_York'), '20261101')!.closeAt.toISOString()).toBe(
      '2026-11-01T05:30:00.000Z', // 01:30 EDT, the first of the two
    )
  })

  it('a time at midnight belongs to its own date', () => {
    const midnight = daily('00:00', 'Asia/Kathmandu', [1])
    expect(plain(currentSlot(midnight, at('2026-11-23T00:00:00Z')))).toEqual({
      numero: '20261130',
      openAt: '2026-11-22T18:15:00.000Z',
      closeAt: '2026-11-29T18:15:00.000Z',
    })
  })
})

describe('catching up missed draws', () => {
  it('lists the issues that closed in (from, to], oldest first, at most the limit', () => {
    const minute = every(60, 'Asia/Ho_Chi_Minh')
    expect(
      slotsClosingBetween(minute, at('2026-11-23T16:57:30Z'), at('2026-11-23T17:02:00Z')).map(
        (s) => s.numero,
      ),
    ).toEqual(['20261123-1438', '20261123-1439', '20261123-1440', '20261124-0001', '20261124-0002'])
    expect(
      slotsClosingBetween(minute, at('2026-11-23T16:58:00Z'), at('2026-11-23T17:00:00Z')).map(
        (s) => s.numero,
      ),
    ).toEqual(['20261123-1439', '20261123-1440'])
    expect(
      slotsClosingBetween(minute, at('2026-11-23T16:57:30Z'), at('2026-11-23T17:02:00Z'), 2).map(
        (s) => s.numero,
      ),
    ).toEqual(['20261123-1438', '20261123-1439'])
    expect(slotsClosingBetween(minute, at('2026-11-23T17:00:00Z'), at('2026-11-23T17:00:00Z'))).toEqual([])
    expect(slotsClosingBetween(minute, at('2026-11-23T17:00:30Z'), at('2026-11-23T17:00:45Z'))).toEqual([])
  })

  it('a day down catches up a day of draws; the default limit is 1000', () => {
    const minute = every(60, 'Asia/Ho_Chi_Minh')
    const day = slotsClosingBetween(minute, at('2026-11-22T17:00:00Z'), at('2026-11-23T17:00:00Z'), 5000)
    expect(day).toHaveLength(1440)
    expect(day[0]!.numero).toBe('20261123-0001')
    expect(day.at(-1)!.numero).toBe('20261123-1440')
    expect(slotsClosingBetween(minute, at('2026-11-22T17:00:00Z'), at('2026-11-23T17:00:00Z'))).toHaveLength(
      1000,
    )
  })

  it('daily draws missed over a week', () => {
    const tueFri = daily('16:15', 'Asia/Bangkok', [2, 5])
    expect(
      slotsClosingBetween(tueFri, at('2026-11-20T09:15:00Z'), at('2026-11-28T00:00:00Z')).map(
        (s) => s.numero,
      ),
    ).toEqual(['20261124', '20261127'])
  })
})

describe('checking a schedule', () => {
  it('accepts valid schedules', () => {
    for (const s of [
      every(60, 'Asia/Ho_Chi_Minh'),
      every(10, 'UTC'),
      every(86_400, 'America/New_York'),
      daily('18:15', 'Asia/Kathmandu', [1, 7]),
    ]) {
      expect(checkSchedule(s)).toBeNull()
    }
  })

  it('says what is wrong with an invalid one, and the other functions refuse it', () => {
    const bad: [LotterySchedule, RegExp][] = [
      [every(5, 'UTC'), /at least 10/],
      [every(7000, 'UTC'), /divide/],
      [every(60.5, 'UTC'), /whole/],
      [every(60, 'Mars/Olympus_Mons'), /unknown time zone/],
      [every(60, '+07:00'), /IANA/],
      [daily('18:15', 'UTC', []), /at least one/],
      [daily('18:15', 'UTC', [0, 1]), /1 \(Monday\) to 7/],
      [daily('18:15', 'UTC', [2, 2]), /repeat/],
      [daily('24:00', 'UTC'), /HH:mm/],
    ]
    for (const [s, problem] of bad) {
      expect(checkSchedule(s), JSON.stringify(s)).toMatch(problem)
      expect(() => currentSlot(s, new Date())).toThrow(RangeError)
    }
  })
})
