/**
 * The missions hub (member centre page missionLeaderboard): the 7-day strip with today's day
 * and Check in, the tasks, the milestones and the leaderboard; a check-in confirms what was
 * added and the badge drops, on the menu entry and on the tab bar's Me, which counts the
 * rewards and the missions together.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Mission, MissionSummary, SignIn } from '#contract/missions'
import { missionEndpoints } from '#contract/missions'
import { promotionEndpoints } from '#contract/promotions'
import { endSession } from '#src/lib/session.ts'
import { emptyPage, logIn, moneyAnswers, promotionFixture, stubMoneyApi } from './fixtures'
import { renderApp } from './render'

beforeEach(() => {
  logIn()
})
afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const timeZone = 'Asia/Phnom_Penh'
const rewards = ['10', '10', '15', '15', '20', '20', '100']

function strip(checkedInToday: boolean): SignIn {
  return {
    missionId: 1,
    today: 4,
    checkedInToday,
    days: rewards.map((amount, i) => ({
      day: i + 1,
      reward: { kind: 'points', amount },
      checkedIn: i < 3 || (checkedInToday && i === 3),
    })),
    nextAt: Date.UTC(2026, 10, 30, 17),
  }
}

const mission = (id: number, over: Partial<Mission>): Mission => ({
  id,
  kind: 'newbie',
  goal: 'profile',
  frequency: 'once',
  title: 'Complete your profile',
  imageUrl: null,
  state: 'inProgress',
  reason: null,
  progress: { done: '0', target: '1' },
  reward: { kind: 'points', amount: '50' },
  turnover: { multipleTenths: 0, base: 'bonus' },
  score: 5,
  changesAt: null,
  ...over,
})

function summary(checkedInToday: boolean): MissionSummary {
  const list = [
    mission(1, {
      kind: 'signIn',
      goal: null,
      frequency: 'daily',
      title: '7-day sign-in',
      state: checkedInToday ? 'claimed' : 'claim',
      progress: null,
      reward: { kind: 'points', amount: '15' },
    }),
    mission(2, { title: 'Complete your profile' }),
    mission(3, { goal: 'bankCard', title: 'Add a bank card', state: 'claim' }),
    mission(4, {
      kind: 'rescue',
      goal: null,
      frequency: 'daily',
      title: 'Rescue',
      state: 'closed',
      reason: 'nothingToClaim',
      progress: null,
      reward: { kind: 'bonus', amount: '0.00' },
    }),
  ]
  return {
    list,
    signIn: strip(checkedInToday),
    claimable: list.filter((m) => m.state === 'claim').length,
    timeZone,
  }
}

const milestones = {
  list: [
    {
      missionId: 5,
      title: 'Weekly milestones',
      frequency: 'weekly',
      period: '2026-11-30',
      endsAt: null,
      validBets: '1200.00',
      tiers: [
        { step: 0, turnover: '1000.00', reward: { kind: 'points', amount: '100' }, state: 'claim' },
        { step: 1, turnover: '5000.00', reward: { kind: 'points', amount: '500' }, state: 'inProgress' },
      ],
    },
  ],
}
const board = {
  period: '2026-11-30',
  list: [
    { rank: 1, account: 'pl***01', score: 12 },
    { rank: 2, account: 'me***02', score: 3 },
  ],
  me: { rank: 1, score: 12 },
}

function stubMissions(promotions = 0) {
  let checkedIn = false
  const daily = promotionFixture(1, { title: 'Daily login reward', state: 'claim' })
  const sent = stubMoneyApi(
    moneyAnswers({
      [promotionEndpoints.available.path]: {
        list: promotions > 0 ? [daily] : [],
        claimable: promotions,
        timeZone,
      },
      [promotionEndpoints.claimList.path]: emptyPage,
      [missionEndpoints.milestones.path]: milestones,
      [missionEndpoints.leaderboard.path]: board,
    }),
    {
      [missionEndpoints.summary.path]: () => summary(checkedIn),
      [missionEndpoints.claim.path]: () => {
        checkedIn = true
        return {
          claim: { id: 90, missionId: 1, step: 0, streakDay: 4, reward: { kind: 'points', amount: '15' } },
          points: '50',
        }
      },
    },
  )
  return sent
}

describe('missions hub', () => {
  test('shows the strip on day 4 with Check in; a check-in confirms and the badge drops', async () => {
    const sent = stubMissions()
    const user = userEvent.setup()
    await renderApp('/index?popup=memberCentre&centre=missionLeaderboard')
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    const signIn = await within(dialog).findByRole('region', { name: '7-day sign-in' })
    const days = within(signIn).getAllByRole('listitem')
    expect(days.map((d) => d.textContent)).toEqual([
      'Day 1+10✓',
      'Day 2+10✓',
      'Day 3+15✓',
      'Day 4+15',
      'Day 5+20',
      'Day 6+20',
      'Day 7+100',
    ])
    expect(days[3]?.getAttribute('aria-current')).toBe('true')
    // The tasks: one done (Claim), one not yet; the rescue with nothing today.
    const newbie = within(dialog).getByRole('region', { name: 'Newbie tasks' })
    expect(within(newbie).getByRole('button', { name: 'Claim Add a bank card' })).toBeTruthy()
    expect(within(newbie).getByText('Not done yet')).toBeTruthy()
    expect(within(dialog).getByText('Nothing to claim today')).toBeTruthy()
    const tiers = await within(dialog).findByRole('region', { name: 'Milestones' })
    expect(within(tiers).getByRole('button', { name: /Claim/ })).toBeTruthy()
    const leaderboard = await within(dialog).findByRole('region', { name: 'This week’s leaderboard' })
    expect(within(leaderboard).getByText('pl***01')).toBeTruthy()
    expect(within(leaderboard).getByText('Your rank: 1, score 12')).toBeTruthy()
    // The menu entry counts the sign-in and the bank card.
    const menu = within(dialog).getByRole('navigation', { name: 'Member centre menu' })
    expect(within(menu).getByRole('button', { name: /Missions.*Missions to claim: 2/ })).toBeTruthy()

    await user.click(within(signIn).getByRole('button', { name: 'Check in' }))
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Checked in: day 4, 15 points added.',
    )
    const claim = sent.find((s) => s.path === missionEndpoints.claim.path)
    expect(claim?.body).toEqual({ missionId: 1 })
    expect(claim?.headers['Idempotency-Key']).toBeTruthy()
    expect(await within(signIn).findByText('Checked in today. Come back tomorrow for day 5.')).toBeTruthy()
    expect(within(signIn).queryByRole('button', { name: 'Check in' })).toBeNull()
    await waitFor(() =>
      expect(within(menu).getByRole('button', { name: /Missions.*Missions to claim: 1/ })).toBeTruthy(),
    )
  })

  test('the reward centre shows the missions ready as a card that opens the hub', async () => {
    stubMissions()
    const user = userEvent.setup()
    await renderApp('/index?popup=memberCentre&centre=rewardCenter')
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    await user.click(await within(dialog).findByRole('button', { name: 'Missions: 2 ready' }))
    expect(await within(dialog).findByRole('region', { name: '7-day sign-in' })).toBeTruthy()
  })

  test("the tab bar's Me counts the rewards and the missions together", async () => {
    stubMissions(1)
    await renderApp('/index')
    const tabs = await screen.findByRole('navigation', { name: 'Sections' })
    expect(await within(tabs).findByRole('button', { name: /^Me\s*\(Rewards to claim: 3\)$/ })).toBeTruthy()
  })
})
