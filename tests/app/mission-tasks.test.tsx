/**
 * The missions' own pages (member centre pages signInTask, newbieTask and rescueTask): opened
 * from the hub, each shows its rules, the member's progress and state and its Check in or
 * Claim; the hub's menu entry stays marked, its way back returns to the hub, and Escape
 * closes the member centre.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { missionEndpoints } from '#contract/missions'
import { endSession } from '#src/lib/session.ts'
import { logIn } from './fixtures'
import { rulesText, stubMissions } from './missions-fixtures'
import { renderApp } from './render'

beforeEach(() => {
  logIn()
})
afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

async function openCentre(page: string) {
  await renderApp(`/index?popup=memberCentre&centre=${page}`)
  const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
  const menu = within(dialog).getByRole('navigation', { name: 'Member centre menu' })
  return { dialog, menu }
}

describe('the missions’ own pages', () => {
  test('the hub opens the sign-in page: rules, days checked in, Check in, and the way back', async () => {
    const sent = stubMissions()
    const user = userEvent.setup()
    const { dialog, menu } = await openCentre('missionLeaderboard')
    await user.click(await within(dialog).findByRole('button', { name: 'Rules and progress: 7-day sign-in' }))

    const heading = await within(dialog).findByRole('heading', { level: 3, name: '7-day sign-in' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    // The page has no menu entry; the hub's stays marked.
    expect(within(menu).queryByRole('button', { name: '7-day sign-in' })).toBeNull()
    expect(
      within(menu)
        .getByRole('button', { name: /^Missions/ })
        .getAttribute('aria-current'),
    ).toBe('page')
    expect(await within(dialog).findByText(rulesText[1] ?? '')).toBeTruthy()
    const strip = within(dialog).getByRole('region', { name: '7-day sign-in' })
    // The page's title names the sign-in; the strip says how far the member is instead.
    expect(within(strip).getByText('Checked in 3 of 7 days')).toBeTruthy()
    expect(within(dialog).getAllByRole('heading', { name: '7-day sign-in' })).toHaveLength(1)
    expect(within(strip).getAllByRole('listitem')[3]?.getAttribute('aria-current')).toBe('true')

    await user.click(within(strip).getByRole('button', { name: 'Check in' }))
    const status = await within(dialog).findByRole('status')
    expect(status.textContent).toBe('Checked in: day 4, 15 points added.')
    // The button pressed is gone: focus is on the news, inside the member centre.
    await waitFor(() => expect(document.activeElement).toBe(status))
    expect(await within(dialog).findByText('Checked in 4 of 7 days')).toBeTruthy()
    expect(within(strip).queryByRole('button', { name: 'Check in' })).toBeNull()
    expect(sent.filter((s) => s.path === missionEndpoints.claim.path).map((s) => s.body)).toEqual([
      { missionId: 1 },
    ])
    await waitFor(() =>
      expect(within(menu).getByRole('button', { name: /Missions.*Missions to claim: 1/ })).toBeTruthy(),
    )

    await user.click(within(dialog).getByRole('button', { name: 'Back to Missions' }))
    expect(await within(dialog).findByRole('region', { name: 'This week’s leaderboard' })).toBeTruthy()
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Missions' })).toBeTruthy()
  })

  test('the newbie page shows each task’s progress and rules, and claims a finished one', async () => {
    const sent = stubMissions()
    const user = userEvent.setup()
    const { dialog } = await openCentre('newbieTask')
    expect(await within(dialog).findByRole('heading', { level: 3, name: 'Newbie tasks' })).toBeTruthy()
    expect(await within(dialog).findByText('1 of 2 tasks done')).toBeTruthy()
    const bar = within(dialog).getByRole('progressbar', { name: 'Progress: Add a bank card' })
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['1', '1'])
    expect(within(dialog).getByText('0 of 1 done')).toBeTruthy()
    // Every task's rules, each folded under its title and read when opened.
    const rules = within(dialog).getByRole('region', { name: 'Rules' })
    expect(within(rules).queryByText(rulesText[2] ?? '')).toBeNull()
    await user.click(within(rules).getByText('Complete your profile'))
    expect(await within(rules).findByText(rulesText[2] ?? '')).toBeTruthy()
    await user.click(within(rules).getByText('Add a bank card'))
    expect(await within(rules).findByText(rulesText[3] ?? '')).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'Claim Add a bank card' }))
    expect((await within(dialog).findByRole('status')).textContent).toBe('50 points added.')
    expect(await within(dialog).findByText('Claimed')).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Claim Add a bank card' })).toBeNull()
    expect(sent.find((s) => s.path === missionEndpoints.claim.path)?.body).toEqual({ missionId: 3 })
  })

  test('the rescue page says there is nothing to claim today, with its rules; Escape closes', async () => {
    stubMissions()
    const user = userEvent.setup()
    const { dialog } = await openCentre('rescueTask')
    expect(await within(dialog).findByText('Nothing to claim today')).toBeTruthy()
    expect(await within(dialog).findByText(rulesText[4] ?? '')).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: /^Claim/ })).toBeNull()
    // A reward of 0 is not shown as one.
    expect(within(dialog).queryByText('$0.00')).toBeNull()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Member centre' })).toBeNull())
  })
})
