/**
 * The header's search across every provider's games: the button opens a dialog whose field
 * sends one game-list call with the name only (no vendor, no type) once typing settles,
 * shows skeleton tiles while it loads, the lobby's tiles when it answers (a tap launches the
 * game), "No games match" when nothing does, and refuses words that are too long or hold
 * control characters before any call; Escape and Back close it.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import { game } from './fixtures'
import { listPath, member, resetLaunch, type Sent } from './launch-fixtures'
import { renderApp } from './render'

afterEach(resetLaunch)

/** Every vendor's games whose name holds the searched words (two vendors, as the server would). */
function search(s: Sent) {
  const words = (s.query.get('gameName') ?? '').toLowerCase()
  const all = [game('DSL', 1), game('DSL', 2), game('SPN', 7)]
  const list = all.filter((g) => g.gameName.toLowerCase().includes(words))
  return { list, total: list.length, pageNo: 1, pageSize: 24 }
}

const searches = (sent: Sent[]) => sent.filter((s) => s.path === listPath && s.query.has('gameName'))

async function openSearch() {
  const user = userEvent.setup()
  const rendered = await renderApp('/index')
  await user.click(await screen.findByRole('button', { name: 'Search games' }))
  const dialog = await screen.findByRole('dialog', { name: 'Search games' })
  const field = within(dialog).getByRole('searchbox', { name: 'Game name' })
  return { user, dialog, field, ...rendered }
}

describe('the header search', () => {
  test('finds games of every provider by part of the name, once typing settles, and launches one', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => {
      release = r
    })
    const sent = member({ [listPath]: async (s: Sent) => (await gate, search(s)) })
    const { user, dialog, field, router } = await openSearch()
    expect(within(dialog).getByText("Type part of a game's name to search every provider.")).toBeTruthy()

    await user.type(field, 'fortune')
    // One call for the settled words, not one a key.
    await waitFor(() => expect(searches(sent)).toHaveLength(1))
    const call = searches(sent)[0]?.query
    expect(call?.get('gameName')).toBe('fortune')
    expect(call?.has('vassalage')).toBe(false)
    expect(call?.has('gameType')).toBe(false)
    const loading = within(dialog).getByRole('status')
    expect(loading.getAttribute('aria-busy')).toBe('true')
    release()

    const results = await within(dialog).findByRole('list', { name: 'Games matching “fortune”' })
    const tiles = within(results).getAllByRole('button', { name: /^\w+ Fortune \d$/ })
    expect(tiles.map((b) => b.getAttribute('aria-label'))).toEqual([
      'DSL Fortune 1',
      'DSL Fortune 2',
      'SPN Fortune 7',
    ])
    await user.click(within(results).getByRole('button', { name: 'SPN Fortune 7' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    expect(screen.queryByRole('dialog', { name: 'Search games' })).toBeNull()
  })

  test('says when no game matches', async () => {
    member({ [listPath]: search })
    const { user, dialog, field } = await openSearch()
    await user.type(field, 'zzz')
    expect(await within(dialog).findByText('No games match “zzz”.')).toBeTruthy()
  })

  test('words too long or with control characters are refused before any call', async () => {
    const sent = member({ [listPath]: search })
    const { user, dialog, field } = await openSearch()
    await user.type(field, 'x'.repeat(41))
    expect(within(dialog).getByRole('alert').textContent).toBe('Search with at most 40 characters.')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    await user.clear(field)
    await user.click(field)
    await user.paste('lucky\u0007star')
    expect(within(dialog).getByRole('alert').textContent).toBe('This search cannot be used. Try other words.')
    expect(searches(sent)).toHaveLength(0)
  })

  test('Escape closes the search; so does Back, leaving the page where it was', async () => {
    member({ [listPath]: search })
    const { user, router } = await openSearch()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await user.click(screen.getByRole('button', { name: 'Search games' }))
    await screen.findByRole('dialog', { name: 'Search games' })
    act(() => router.history.back())
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/index')
  })
})
