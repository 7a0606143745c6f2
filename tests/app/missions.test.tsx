/**
 * The missions hub (member centre page missionLeaderboard): the 7-day strip with today's day
 * and Check in, the tasks, the milestones and the leaderboard; a check-in confirms what was
 * added and the badge drops, on the menu entry and on the tab bar's Me, which counts the
 * rewards and the missions together.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { missionEndpoints } from '#contract/missions'
import { endSession } from '#src/lib/session.ts'
import { logIn } from './fixtures'
import { stubMissions } from './missions-fixtures'
import { renderApp } from './render'

beforeEach(() => {
  logIn()
})
afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

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
