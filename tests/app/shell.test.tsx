import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { brand, defaultAnswers, status, stubApi } from './fixtures'
import { renderApp } from './render'

afterEach(() => {
  vi.unstubAllGlobals()
  document.documentElement.removeAttribute('style')
})

describe('app shell', () => {
  test('home shows the brand, and the customer service the server sent once, in Khmer by default', async () => {
    const requests = stubApi(defaultAnswers())
    sessionStorage.setItem('index-notice-seen', '1')
    await renderApp('/index', 'km')
    expect(await screen.findByRole('heading', { level: 1, name: 'សូមស្វាគមន៍មកកាន់ Lotus Play' })).toBeTruthy()
    expect(screen.getAllByRole('link', { name: 'Live chat 24/7' })).toHaveLength(1)
    expect(screen.getAllByRole('link', { name: 'Telegram' })).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Telegram' }).getAttribute('href')).toBe('https://t.me/x')
    expect(requests.length).toBeGreaterThan(0)
    expect(requests.every((r) => r.headers.Language === 'KM')).toBe(true)
  })

  test("the brand's colour is the theme's --brand, with text that reads on it", async () => {
    stubApi(defaultAnswers({ '/wps/system/settings/consolidated': { ...brand, themeColor: '#FFD400' } }))
    sessionStorage.setItem('index-notice-seen', '1')
    await renderApp('/index', 'en')
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Lotus Play' })
    const style = document.documentElement.style
    await waitFor(() => expect(style.getPropertyValue('--brand')).toBe('#ffd400'))
    expect(style.getPropertyValue('--brand-fg')).toBe('#000000')
    // Links in a yellow brand's colour would not read on white: darker, same hue.
    expect(style.getPropertyValue('--brand-text')).toBe('#8c7500')
  })

  test('/ redirects to /index', async () => {
    stubApi(defaultAnswers())
    sessionStorage.setItem('index-notice-seen', '1')
    const { router } = await renderApp('/')
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Lotus Play' })
    expect(router.state.location.pathname).toBe('/index')
  })

  test('the header nav has a menu per game type with its vendors, wide past 6 vendors', async () => {
    stubApi(defaultAnswers())
    sessionStorage.setItem('index-notice-seen', '1')
    const user = userEvent.setup()
    await renderApp('/index')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/index')
    const slots = await within(nav).findByRole('button', { name: 'Slots' })
    await user.click(slots)
    expect(slots.getAttribute('aria-expanded')).toBe('true')
    const menu = document.getElementById(slots.getAttribute('aria-controls') ?? '')
    expect(menu?.className).toContain('nav-menu-wide')
    const links = within(menu as HTMLElement).getAllByRole('link')
    expect(links).toHaveLength(7)
    expect(links[0]?.getAttribute('href')).toBe('/rng?page=DSL')
    await user.keyboard('{Escape}')
    expect(slots.getAttribute('aria-expanded')).toBe('false')

    const live = within(nav).getByRole('button', { name: 'Live casino' })
    await user.click(live)
    const liveMenu = document.getElementById(live.getAttribute('aria-controls') ?? '')
    expect(liveMenu?.className).toBe('nav-menu')
  })

  test('choosing a language re-renders in it, keeps it and sends it as the Language header', async () => {
    const requests = stubApi(defaultAnswers())
    sessionStorage.setItem('index-notice-seen', '1')
    const user = userEvent.setup()
    await renderApp('/index', 'en')
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Lotus Play' })
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Menu' }))
    const menu = await screen.findByRole('dialog', { name: 'Menu' })
    await user.selectOptions(within(menu).getByRole('combobox', { name: 'Language' }), 'zh')
    expect(await screen.findByRole('heading', { level: 1, name: '欢迎来到 Lotus Play' })).toBeTruthy()
    expect(localStorage.getItem('lang')).toBe('zh')
    expect(localStorage.getItem('hisLang')).toBe('CN')
    await waitFor(() => expect(requests.at(-1)?.headers.Language).toBe('CN'))
  })

  test('the login button opens the login popup; Escape closes it and focus returns', async () => {
    stubApi(defaultAnswers())
    sessionStorage.setItem('index-notice-seen', '1')
    const user = userEvent.setup()
    await renderApp('/index')
    const login = await screen.findByRole('button', { name: 'Log in' })
    await user.click(login)
    const dialog = await screen.findByRole('dialog', { name: 'Log in' })
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(login)
  })

  test('the popup notices open by themselves once a visit', async () => {
    stubApi(defaultAnswers())
    await renderApp('/index')
    expect(await screen.findByRole('dialog', { name: 'Announcement' })).toBeTruthy()
    expect(sessionStorage.getItem('index-notice-seen')).toBe('1')
  })

  test("notices a link opened count as the visit's own, so they do not open by themselves again", async () => {
    stubApi(defaultAnswers())
    await renderApp('/index?popup=notice')
    expect(await screen.findByRole('dialog', { name: 'Announcement' })).toBeTruthy()
    await waitFor(() => expect(sessionStorage.getItem('index-notice-seen')).toBe('1'), { timeout: 5_000 })
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
  })

  test('maintenance replaces every route with the maintenance page and its message', async () => {
    stubApi(
      defaultAnswers({
        '/wps/system/status': status({ maintenance: true, maintenanceMessage: 'Back at ten' }),
      }),
    )
    await renderApp('/rng')
    expect(await screen.findByRole('heading', { name: 'System maintenance' })).toBeTruthy()
    expect(screen.getByText('Back at ten')).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
  })

  test('a restricted region and a blocked address get their own pages', async () => {
    stubApi(defaultAnswers({ '/wps/system/status': status({ regionRestriction: true }) }))
    const first = await renderApp('/index')
    expect(await screen.findByRole('heading', { name: 'Access restricted' })).toBeTruthy()
    first.unmount()
    stubApi(defaultAnswers({ '/wps/system/status': status({ ipBlocked: true, clientIp: '203.0.113.9' }) }))
    await renderApp('/index')
    expect(await screen.findByRole('heading', { name: 'Access blocked' })).toBeTruthy()
    expect(screen.getByText(/203\.0\.113\.9/)).toBeTruthy()
  })

  test('with login required, a visitor is sent to /login but may still open /helpmc', async () => {
    const required = status({
      info: {
        ...status().info,
        whitelabel: [
          { modId: 'HOMEPAGE', enabled: '1', childrenNodes: [{ modId: 'LOGINREQUIRED3', enabled: '1' }] },
        ],
      },
    })
    stubApi(defaultAnswers({ '/wps/system/status': required, '/wps/system/helpCenter': [] }))
    sessionStorage.setItem('index-notice-seen', '1')
    const first = await renderApp('/promotions')
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'))
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy()
    first.unmount()
    const second = await renderApp('/helpmc')
    expect(await screen.findByRole('heading', { name: 'Help centre' })).toBeTruthy()
    expect(second.router.state.location.pathname).toBe('/helpmc')
  })

  test('a malformed vendor in the URL is ignored, never shown raw', async () => {
    stubApi(defaultAnswers())
    await renderApp('/rng?page=%3Cscript%3Ealert(1)%3C%2Fscript%3E')
    expect(await screen.findByRole('heading', { level: 1, name: 'Slots' })).toBeTruthy()
    expect(document.body.innerHTML).not.toContain('<script>alert(1)')
    expect(screen.getByRole('heading', { level: 2, name: 'DSL Games' })).toBeTruthy()
  })

  test('an unknown route shows a translated not-found page with a way home', async () => {
    stubApi(defaultAnswers())
    await renderApp('/no-such-page', 'zh')
    expect(await screen.findByRole('heading', { name: '页面未找到' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/index')
  })
})
