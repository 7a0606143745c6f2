/**
 * The phone's game menu on /game: the handle is a named button that opens a dialog with the
 * game's name, the member's balance (a tap refreshes it) and Exit game; free play says it is
 * play money; Escape and Back close the menu and leave the game running; Exit game returns
 * to the lobby the game was launched from. (Which of the handle and the header's bar shows
 * is CSS, checked in e2e/game-fullscreen.spec.ts.)
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import {
  balancePath,
  count,
  frame,
  launchAnswer,
  member,
  resetLaunch,
  tile,
  trialPath,
  visitor,
} from './launch-fixtures'
import { renderApp } from './render'

afterEach(resetLaunch)

async function launchFromLobby(name: string) {
  const user = userEvent.setup()
  const rendered = await renderApp('/rng')
  await user.click(await tile(name))
  await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/game'))
  await waitFor(() => frame())
  return { user, ...rendered }
}

describe('the game menu handle', () => {
  test('opens a menu with the game, the balance and Exit game; a tap on the balance refreshes it', async () => {
    const sent = member()
    const { user } = await launchFromLobby('DSL Fortune 2')
    const handle = screen.getByRole('button', { name: 'Game menu' })
    expect(handle.getAttribute('aria-expanded')).toBe('false')

    await user.click(handle)
    const menu = await screen.findByRole('dialog', { name: 'DSL Fortune 2' })
    expect(await within(menu).findByLabelText('Balance: $1,234.50')).toBeTruthy()
    expect(within(menu).getByRole('button', { name: 'Exit game' })).toBeTruthy()
    expect(within(menu).queryByText('Free play')).toBeNull()

    const before = count(sent, balancePath)
    await user.click(within(menu).getByRole('button', { name: 'Refresh balance' }))
    await waitFor(() => expect(count(sent, balancePath)).toBeGreaterThan(before))
  })

  test('Escape closes the menu and the game stays', async () => {
    member()
    const { user, router } = await launchFromLobby('DSL Fortune 2')
    await user.click(screen.getByRole('button', { name: 'Game menu' }))
    await screen.findByRole('dialog', { name: 'DSL Fortune 2' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/game')
    expect(frame().getAttribute('src')).toBe('/demo-vendor/play/DSL-2?t=abc')
  })

  test('Back closes the menu; Back again leaves the game for its lobby', async () => {
    member()
    const { user, router } = await launchFromLobby('DSL Fortune 3')
    await user.click(screen.getByRole('button', { name: 'Game menu' }))
    await screen.findByRole('dialog', { name: 'DSL Fortune 3' })
    act(() => router.history.back())
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/game')
    act(() => router.history.back())
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'))
  })

  test('Exit game returns to the lobby, as Back from the game would', async () => {
    member()
    const { user, router } = await launchFromLobby('DSL Fortune 2')
    await user.click(screen.getByRole('button', { name: 'Game menu' }))
    const menu = await screen.findByRole('dialog', { name: 'DSL Fortune 2' })
    await user.click(within(menu).getByRole('button', { name: 'Exit game' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'))
    expect(await screen.findByRole('list', { name: 'DSL Games games' })).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('free play is marked as play money, with no balance, and offers to play for real', async () => {
    visitor({ [trialPath]: launchAnswer() })
    const { user } = await launchFromLobby('DSL Fortune 1')
    await user.click(screen.getByRole('button', { name: 'Game menu' }))
    const menu = await screen.findByRole('dialog', { name: 'DSL Fortune 1' })
    expect(within(menu).getByText('Free play')).toBeTruthy()
    expect(within(menu).getByText('Play money: these rounds do not touch your balance.')).toBeTruthy()
    expect(within(menu).queryByLabelText(/^Balance/)).toBeNull()
    await user.click(within(menu).getByRole('button', { name: 'Play for real' }))
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy()
  })
})
