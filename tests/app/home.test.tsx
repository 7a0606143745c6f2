import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { activateLocale, i18n } from '#src/lib/i18n.ts'
import { createQueryClient } from '#src/lib/query-client.ts'
import { routeTree } from '#src/route-tree.gen.ts'

const brand = {
  merchantCode: 'DEMO',
  brandName: 'Lotus Play',
  shortName: 'Lotus',
  currency: 'USD',
  currencySymbol: '$',
  currencyDecimals: 2,
  defaultLanguage: 'km',
  languages: ['km', 'en', 'zh'],
  themeColor: '#0e7c66',
  backgroundColor: '#ffffff',
  logoUrl: '/brand/logo.svg',
  agentTypes: [1, 2, 41, 42],
  guestTypes: [4],
  passwordExpiryDays: 90,
  minimumAge: 18,
  vipServiceState: 'normal',
}

const status = {
  maintenance: false,
  maintenanceMessage: null,
  maintenanceUntil: null,
  regionRestriction: false,
  ipBlocked: false,
  clientIp: '127.0.0.1',
  country: null,
  info: {
    whitelabel: [],
    register: [],
    resources: [],
    customerService: [
      { csType: 'LIVECHAT', title: 'Live chat 24/7', url: 'https://livechat.example.com/x' },
      { csType: 'TELEGRAM', title: 'Telegram', url: 'https://t.me/x' },
    ],
    imageCDNs: [],
    launchGameCDNs: [],
  },
}

const answers: Record<string, unknown> = {
  '/wps/system/settings/consolidated': brand,
  '/wps/system/status': status,
}

let requests: { path: string; language: string | undefined }[] = []

beforeEach(() => {
  requests = []
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname
    requests.push({ path, language: (init?.headers as Record<string, string>).Language })
    const value = answers[path]
    return new Response(
      JSON.stringify(
        value === undefined
          ? { success: false, errorCode: 'not_found', message: 'x' }
          : { success: true, value },
      ),
      {
        status: value === undefined ? 404 : 200,
      },
    )
  })
})
afterEach(() => vi.unstubAllGlobals())

function renderAt(path: string) {
  const queryClient = createQueryClient()
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return router
}

describe('home page', () => {
  test('shows the brand and customer service the server sent, in Khmer by default', async () => {
    await activateLocale('km')
    renderAt('/index')
    expect(await screen.findByRole('heading', { level: 1, name: 'សូមស្វាគមន៍មកកាន់ Lotus Play' })).toBeTruthy()
    const cs = screen.getByRole('region', { name: 'សេវាអតិថិជន 24 ម៉ោង' })
    const links = within(cs).getAllByRole('link')
    expect(links.map((l) => l.textContent)).toEqual(['Live chat 24/7', 'Telegram'])
    expect(links[0]?.getAttribute('rel')).toContain('noopener')
    expect(requests.every((r) => r.language === 'KM')).toBe(true)
  })

  test('speaks English and sends EN once English is chosen', async () => {
    await activateLocale('en')
    renderAt('/index')
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Lotus Play' })).toBeTruthy()
    expect(localStorage.getItem('lang')).toBe('en')
    expect(localStorage.getItem('hisLang')).toBe('EN')
    expect(requests.length).toBeGreaterThan(0)
    expect(requests.every((r) => r.language === 'EN')).toBe(true)
  })

  test('/ redirects to /index', async () => {
    await activateLocale('en')
    const router = renderAt('/')
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Lotus Play' })
    expect(router.state.location.pathname).toBe('/index')
  })

  test('an unknown route shows a translated not-found page with a way home', async () => {
    await activateLocale('zh')
    renderAt('/no-such-page')
    expect(await screen.findByRole('heading', { name: '页面未找到' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/index')
  })
})
