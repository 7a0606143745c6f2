/**
 * Where a terminated contract's period ends, in the brand's time zone: the next midnight for
 * a daily salary, the next hour for an hourly one, now for a real-time salary, and a
 * dividend's day, week (from Monday), half-month (1st-15th, 16th-end) or month.
 */
import { describe, expect, it } from 'vitest'
import type { ContractTerms } from '#contract/contracts'
import { periodEnd } from '#server/contracts/periods'

const dividend = (period: 'daily' | 'weekly' | 'semimonthly' | 'monthly'): ContractTerms => ({
  kind: 'dividend',
  period,
  tiers: [{ from: 0, activeMembers: 0, rate: 1 }],
})
const volume = (kind: 'dailySalary' | 'hourlySalary'): ContractTerms => ({
  kind,
  tiers: [{ from: 0, rate: 1 }],
})
const realTime: ContractTerms = { kind: 'realTimeSalary', tiers: [{ from: 0, winRate: 1, lossRate: 1 }] }

const at = (iso: string) => new Date(iso)
const end = (terms: ContractTerms, zone: string, now: string) => periodEnd(terms, zone, at(now)).toISOString()

describe('periodEnd', () => {
  it('ends a daily salary at the next midnight of the zone', () => {
    // 2026-11-29 23:30 in Phnom Penh (UTC+7) is 16:30 UTC.
    expect(end(volume('dailySalary'), 'Asia/Phnom_Penh', '2026-11-29T16:30:00Z')).toBe(
      '2026-11-29T17:00:00.000Z',
    )
    expect(end(volume('dailySalary'), 'Asia/Phnom_Penh', '2026-11-29T17:00:00Z')).toBe(
      '2026-11-30T17:00:00.000Z',
    )
  })

  it('ends an hourly salary at the next hour of the zone, half-hour zones included', () => {
    expect(end(volume('hourlySalary'), 'Asia/Phnom_Penh', '2026-11-29T16:30:00Z')).toBe(
      '2026-11-29T17:00:00.000Z',
    )
    // India is UTC+5:30: its hours turn at half past in UTC.
    expect(end(volume('hourlySalary'), 'Asia/Kolkata', '2026-11-29T16:10:00Z')).toBe(
      '2026-11-29T16:30:00.000Z',
    )
  })

  it('ends a real-time salary now', () => {
    expect(end(realTime, 'UTC', '2026-11-29T16:10:07Z')).toBe('2026-11-29T16:10:07.000Z')
  })

  it('ends a dividend at the end of its day, week, half-month or month', () => {
    // Sunday 2026-11-29 in UTC: the week ends at Monday's midnight.
    expect(end(dividend('daily'), 'UTC', '2026-11-29T10:00:00Z')).toBe('2026-11-30T00:00:00.000Z')
    expect(end(dividend('weekly'), 'UTC', '2026-11-29T10:00:00Z')).toBe('2026-11-30T00:00:00.000Z')
    expect(end(dividend('weekly'), 'UTC', '2026-11-30T00:00:00Z')).toBe('2026-12-07T00:00:00.000Z')
    expect(end(dividend('semimonthly'), 'UTC', '2026-11-15T23:59:59Z')).toBe('2026-11-16T00:00:00.000Z')
    expect(end(dividend('semimonthly'), 'UTC', '2026-11-16T00:00:00Z')).toBe('2026-12-01T00:00:00.000Z')
    expect(end(dividend('semimonthly'), 'UTC', '2026-12-20T00:00:00Z')).toBe('2027-01-01T00:00:00.000Z')
    expect(end(dividend('monthly'), 'UTC', '2027-02-10T00:00:00Z')).toBe('2027-03-01T00:00:00.000Z')
    expect(end(dividend('monthly'), 'UTC', '2026-12-31T23:00:00Z')).toBe('2027-01-01T00:00:00.000Z')
  })

  it('follows a daylight-saving zone across its change', () => {
    // New York leaves summer time on 2026-11-01 at 02:00 EDT (06:00 UTC); that day has 25 hours.
    expect(end(volume('dailySalary'), 'America/New_York', '2026-11-01T12:00:00Z')).toBe(
      '2026-11-02T05:00:00.000Z',
    )
    expect(end(volume('dailySalary'), 'America/New_York', '2026-10-31T12:00:00Z')).toBe(
      '2026-11-01T04:00:00.000Z',
    )
    // A month that starts in summer time and ends in winter time.
    expect(end(dividend('monthly'), 'America/New_York', '2026-10-15T12:00:00Z')).toBe(
      '2026-11-01T04:00:00.000Z',
    )
    expect(end(dividend('monthly'), 'America/New_York', '2026-11-15T12:00:00Z')).toBe(
      '2026-12-01T05:00:00.000Z',
    )
  })
})
