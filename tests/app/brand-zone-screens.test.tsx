/**
 * Issue 31: every screen writes a moment in the language's one date-and-time form on the
 * brand's clock (Asia/Phnom_Penh in the fixtures), its zone named, and a calendar day as the
 * day itself, whatever zone the phone is set to. The phone here is in Los Angeles, where
 * the moment below is still the 29th.
 */
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { TeamMovement } from '#contract/agent'
import { feedbackEndpoints } from '#contract/feedback'
import type { Movement } from '#contract/records'
import { TeamMovementsPage } from '#src/features/agent/components/team-movements-page.tsx'
import { FeedbackPage } from '#src/features/feedback/feedback-page.tsx'
import { AccountRecordPage } from '#src/features/money/components/account-record-page.tsx'
import { rangeTimes, todayText } from '#src/features/money/date-range.ts'
import { moneyCatalog } from '#src/features/money/money-catalog.ts'
import { loadSectionCatalog } from '#src/lib/i18n.ts'
import { endSession, setMember } from '#src/lib/session.ts'
import { logIn, memberInfo, moneyAnswers, stubMoneyApi } from './fixtures'
import { renderUi } from './render'

/** 20:30 UTC on 29 November 2026: 12:30 PM on the 29th in Los Angeles, 3:30 AM on the 30th in Phnom Penh. */
const instant = Date.UTC(2026, 10, 29, 20, 30)
const zone = 'Asia/Phnom_Penh'
const brandText = /^Nov 30, 2026, 3:30\sAM \(GMT\+7\)/
const phoneText = /Nov 29|12:30/

const hour = 3_600_000

const original = process.env.TZ
beforeEach(async () => {
  process.env.TZ = 'America/Los_Angeles'
  logIn()
  await loadSectionCatalog(moneyCatalog)
})
afterEach(() => {
  if (original === undefined) delete process.env.TZ
  else process.env.TZ = original
  endSession()
  vi.unstubAllGlobals()
})

const movement: Movement = {
  id: 1,
  time: instant,
  type: 'DEPOSIT',
  amount: '100.00',
  balanceAfter: '150.00',
  accountTypeId: 2,
  accountTypeName: 'Main',
  memo: null,
}

describe("a records page's days are the brand's", () => {
  test('today, yesterday and a chosen range begin at the brand’s midnight, not the phone’s', () => {
    // 3:30 AM on the 30th in Phnom Penh; 12:30 PM on the 29th on the phone.
    const brandDay = (d: number) => Date.UTC(2026, 10, d) - 7 * hour
    expect(rangeTimes({ preset: 'today', from: '', to: '' }, instant, zone)).toEqual({
      startTime: brandDay(30),
      endTime: brandDay(31),
    })
    expect(rangeTimes({ preset: 'yesterday', from: '', to: '' }, instant, zone)?.startTime).toBe(brandDay(29))
    expect(rangeTimes({ preset: 'custom', from: '2026-11-01', to: '2026-11-30' }, instant, zone)).toEqual({
      startTime: brandDay(1),
      endTime: brandDay(31),
    })
    expect(todayText(zone, instant)).toBe('2026-11-30')
    // The phone's own day, where no zone is known: still the 29th there.
    expect(todayText(undefined, instant)).toBe('2026-11-29')
  })
})

describe("screens on the brand's clock, with the phone elsewhere", () => {
  test('the account record writes a movement on the brand’s clock, its zone named', async () => {
    // The phone's clock did move.
    expect(new Date(instant).getDate()).toBe(29)
    const sent = stubMoneyApi(
      moneyAnswers({
        '/wps/relay/ODSFE2_MemTransDet': { list: [movement], total: 1, pageNo: 1, pageSize: 20 },
      }),
    )
    await renderUi(<AccountRecordPage />)
    const list = await screen.findByRole('list', { name: 'Account record' })
    const row = within(list).getByText(brandText)
    expect(row.textContent).not.toMatch(phoneText)
    // The range asked for is of the brand's days: it starts and ends at a Phnom Penh midnight.
    const asked = sent.find((s) => s.path === '/wps/relay/ODSFE2_MemTransDet')?.query
    for (const key of ['startTime', 'endTime']) {
      expect((Number(asked?.get(key)) + 7 * hour) % (24 * hour), key).toBe(0)
    }
  })

  test('an agent’s account details report: the movement’s time and the period’s days', async () => {
    setMember(memberInfo({ type: 1, account: 'agent01' }))
    const teamMovement: TeamMovement = {
      id: 1,
      memberId: 101,
      account: 'player01',
      time: instant,
      type: 'DEPOSIT',
      amount: '100.00',
      balanceAfter: '150.00',
      // A contract payment's note names its period's days.
      memo: '2026-11-24 – 2026-11-30',
    }
    stubMoneyApi(
      moneyAnswers({
        '/wps/relay/ODSFE2_teamTransDet': {
          list: [teamMovement],
          total: 1,
          pageNo: 1,
          pageSize: 20,
          from: '2026-11-30',
          to: '2026-11-30',
          timeZone: 'Asia/Phnom_Penh',
        },
      }),
    )
    await renderUi(<TeamMovementsPage />)
    const table = await screen.findByRole('table')
    const row = within(table).getByRole('row', { name: /player01/ })
    expect(within(row).getByText(brandText)).toBeTruthy()
    expect(row.textContent).not.toMatch(phoneText)
    expect(within(row).getByText('Nov 24, 2026 – Nov 30, 2026')).toBeTruthy()
    // A calendar day is the day itself: the 30th stays the 30th on a phone where it is the 29th.
    expect(screen.getByText('From Nov 30, 2026 to Nov 30, 2026 (GMT+7)')).toBeTruthy()
  })

  test('feedback writes when it was sent and answered on the brand’s clock', async () => {
    stubMoneyApi(
      moneyAnswers({
        [feedbackEndpoints.list.path]: {
          list: [
            {
              id: 1,
              number: 'FB-1',
              type: 'suggestion',
              content: 'More slots please',
              images: [],
              status: 'replied',
              time: instant,
              reply: 'Thank you',
              repliedAt: instant,
            },
          ],
          total: 1,
          pageNo: 1,
          pageSize: 10,
          limits: { minWords: 3, maxWords: 200, perDay: 10, maxImages: 3, maxImageBytes: 5 * 1024 * 1024 },
        },
      }),
    )
    await renderUi(<FeedbackPage />)
    const times = await screen.findAllByText(brandText)
    expect(times.length).toBe(2)
    for (const t of times) expect(t.textContent).not.toMatch(phoneText)
  })
})
