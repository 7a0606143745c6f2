/**
 * Offline in the app: the banner with the age of the saved lobby data, a page never
 * opened before saying it is not available offline (instead of loading bars), and the
 * money forms' submit disabled with the reason.
 */
import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OfflineStatus } from '#src/features/offline/components/offline-status.tsx'
import { noteAnswer } from '#src/lib/offline-data.ts'
import { defaultAnswers, stubApi } from './fixtures'
import { renderApp, renderUi } from './render'

function goOffline(): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  window.dispatchEvent(new Event('offline'))
}

afterEach(() => {
  vi.unstubAllGlobals()
  noteAnswer('games.gameVendor', null)
  onlineManager.setOnline(true)
})

describe('offline', () => {
  it('shows nothing online, and offline a banner with the age of the saved data', async () => {
    await renderUi(<OfflineStatus />)
    expect(screen.queryByText(/You are offline/)).toBeNull()
    act(() => {
      noteAnswer('games.gameVendor', Date.now() - 5 * 60_000)
      goOffline()
    })
    expect(
      await screen.findByText('You are offline. Showing saved data, updated 5 minutes ago.'),
    ).toBeTruthy()
  })

  it('a page never opened says it is not available offline, with a way back', async () => {
    const answers = defaultAnswers()
    const requests = stubApi(answers)
    const stubbed = vi.mocked(fetch)
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (new URL(url, 'http://localhost').pathname === '/wps/system/helpCenter')
        throw new TypeError('Failed to fetch')
      return stubbed(url, init)
    })
    goOffline()
    await renderApp('/help')
    expect(await screen.findByRole('heading', { name: 'Not available offline' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/index')
    expect(requests.some((r) => r.path.includes('status'))).toBe(true)
  })

  it('the home page with nothing saved offers no link back to itself', async () => {
    stubApi(defaultAnswers())
    const stubbed = vi.mocked(fetch)
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (new URL(url, 'http://localhost').pathname === '/wps/relay/GCSGAME_hotGamesV2')
        throw new TypeError('Failed to fetch')
      return stubbed(url, init)
    })
    goOffline()
    await renderApp('/index')
    expect(await screen.findByRole('heading', { name: 'Not available offline' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Back to home' })).toBeNull()
  })

  it('the home page with no banners saved leaves out their box instead of an empty one', async () => {
    stubApi(defaultAnswers())
    const stubbed = vi.mocked(fetch)
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (new URL(url, 'http://localhost').pathname === '/wps/relay/MCSFE_getListAnnouncements')
        throw new TypeError('Failed to fetch')
      return stubbed(url, init)
    })
    sessionStorage.setItem('index-notice-seen', '1')
    goOffline()
    await renderApp('/index')
    expect(await screen.findByRole('region', { name: /Hot games/ })).toBeTruthy()
    await waitFor(() => expect(document.querySelector('.banner-carousel')).toBeNull())
  })
})
