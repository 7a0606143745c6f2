/**
 * The raffle's panel on /promoDetail: a member sees the week's draw, joins once, and sees the
 * last draw's winners checked in the browser (WebCrypto); a draw that does not match its
 * commitment says so; a visitor is asked to register, and no raffle status is asked for.
 */
import { createHash, createHmac, webcrypto } from 'node:crypto'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Promotion } from '#contract/promotions'
import type { RaffleStatus } from '#contract/raffle'
import { drawWinnersWith } from '#contract/raffle-draw'
import { endSession } from '#src/lib/session.ts'
import { logIn, moneyAnswers, promotionFixture, stubMoneyApi } from './fixtures'
import { renderApp } from './render'

beforeEach(() => {
  // jsdom has no SubtleCrypto: the browser's check runs on Node's WebCrypto, the same API.
  vi.stubGlobal('crypto', webcrypto)
})
afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const paths = {
  available: '/wps/relay/MCSFE_getAvailablePromotions',
  merchant: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
  categories: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
  status: '/wps/relay/MCSFE_getRafflePromotionStatus',
  join: '/wps/relay/MCSFE_claimRafflePromotion',
}

const raffle: Promotion = promotionFixture(7, {
  kind: 'raffle',
  claimMode: 'auto',
  frequency: 'weekly',
  title: 'Weekly raffle',
  content: '<p>Tap Join.</p>',
  reward: { kind: 'fixed', amount: '50.00', rate: null, cap: null, minimum: null, rates: [] },
})

const seed = 'c3'.repeat(32)
const prizes = [
  { rank: 1, amount: '50.00', count: 1 },
  { rank: 2, amount: '20.00', count: 1 },
]

/** A last draw as the server publishes it: the member ("me***01") holds the first prize's ticket. */
function lastDraw(): NonNullable<RaffleStatus['last']> {
  const held = [
    { firstTicket: 1, tickets: 4 },
    { firstTicket: 5, tickets: 10 },
    { firstTicket: 15, tickets: 6 },
  ]
  const key = Buffer.from(seed, 'hex')
  const won = drawWinnersWith(
    (m) => createHmac('sha256', key).update(m).digest(),
    raffle.id,
    '2026-11-16',
    held.map((e) => ({ memberId: e.firstTicket, firstTicket: e.firstTicket, tickets: e.tickets })),
    prizes.map((x) => ({ rank: x.rank, amount: 0, count: x.count })),
  )
  const others = ['so***ea', 'da***ra']
  const entries = held.map((e) => {
    const mine = e.firstTicket === won[0]?.memberId
    return { ...e, account: mine ? 'me***01' : (others.shift() ?? ''), mine }
  })
  return {
    period: '2026-11-16',
    drawnAt: Date.UTC(2026, 10, 23, 0, 30),
    commitment: createHash('sha256').update(key).digest('hex'),
    seed,
    totalTickets: 20,
    winners: won.map((w) => {
      const e = entries.find((x) => x.firstTicket === w.memberId)
      return {
        rank: w.rank,
        account: e?.account ?? '',
        amount: prizes[w.rank - 1]?.amount ?? '',
        ticket: w.ticket,
        mine: e?.mine ?? false,
      }
    }),
    entries,
  }
}

function status(joined: boolean, last = lastDraw()): RaffleStatus {
  return {
    promotionId: raffle.id,
    timeZone: 'Asia/Phnom_Penh',
    ticketValidBets: '100.00',
    prizes,
    current: {
      period: '2026-11-23',
      joined,
      tickets: joined ? 3 : 0,
      totalTickets: joined ? 45 : 42,
      entrants: joined ? 6 : 5,
      drawAt: Date.now() + 2 * 86_400_000 + 3_600_000,
      commitment: 'ab'.repeat(32),
    },
    last,
  }
}

function stub(handlers: Parameters<typeof stubMoneyApi>[1] = {}) {
  const list = { list: [raffle], claimable: 0, timeZone: 'Asia/Phnom_Penh' }
  return stubMoneyApi(
    moneyAnswers({ [paths.available]: list, [paths.merchant]: list, [paths.categories]: { list: [] } }),
    handlers,
  )
}

describe('the raffle panel', () => {
  test('a member sees the week, joins once, and the last draw checks out in the browser', async () => {
    logIn()
    let joined = false
    const sent = stub({
      [paths.status]: () => status(joined),
      [paths.join]: () => {
        joined = true
        return status(true)
      },
    })
    const user = userEvent.setup()
    await renderApp(`/promoDetail?id=${raffle.id}`)
    const week = await screen.findByRole('region', { name: 'This week’s draw' })
    expect(within(week).getByText(/^Draw in 2d \dh$/)).toBeTruthy()
    expect(within(week).getByText(/^The draw: .*\(GMT\+7\)$/)).toBeTruthy()
    expect(within(week).getByText('One ticket for every $100.00 of valid bets this week.')).toBeTruthy()
    const prizeList = screen.getByRole('region', { name: 'Prizes' })
    expect(within(prizeList).getByText('$50.00')).toBeTruthy()

    const results = screen.getByRole('region', { name: /^Last draw: week of / })
    expect(await within(results).findByText('Verified ✓')).toBeTruthy()
    const mine = within(results).getByText('You').closest('tr') as HTMLElement
    expect(within(mine).getByText('me***01')).toBeTruthy()

    await user.click(within(week).getByRole('button', { name: 'Join the draw' }))
    expect(await within(week).findByText('You’re in')).toBeTruthy()
    expect(within(week).queryByRole('button', { name: 'Join the draw' })).toBeNull()
    const joins = sent.filter((s) => s.path === paths.join)
    expect(joins).toHaveLength(1)
    expect(joins[0]?.body).toEqual({ promotionId: raffle.id })
    expect(Object.keys(joins[0]?.headers ?? {}).map((h) => h.toLowerCase())).toContain('idempotency-key')
  })

  test('a seed that is not the committed one shows a mismatch', async () => {
    logIn()
    const last = { ...lastDraw(), seed: 'd4'.repeat(32) }
    stub({ [paths.status]: () => status(true, last) })
    await renderApp(`/promoDetail?id=${raffle.id}`)
    const results = await screen.findByRole('region', { name: /^Last draw: week of / })
    expect(await within(results).findByText('Mismatch: this draw does not check out')).toBeTruthy()
  })

  test('an error reads as one with a retry that loads it', async () => {
    logIn()
    let failing = true
    stub({
      [paths.status]: () =>
        failing ? { fail: { status: 400, errorCode: 'promotion_not_found' } } : status(false),
    })
    const user = userEvent.setup()
    await renderApp(`/promoDetail?id=${raffle.id}`)
    await screen.findByText('The raffle could not be loaded.')
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Join the draw' })).toBeTruthy()
  })

  test('a visitor reads how it works and is asked to register, with no raffle status asked for', async () => {
    const sent = stub()
    await renderApp(`/promoDetail?id=${raffle.id}`)
    const panel = await screen.findByRole('region', { name: 'Weekly draw' })
    expect(within(panel).getByRole('button', { name: 'Register to join' })).toBeTruthy()
    expect(within(panel).getByRole('button', { name: 'Log in' })).toBeTruthy()
    expect(sent.some((s) => s.path === paths.status)).toBe(false)
  })
})
